//===- Tiling.cpp - Rectangular tiling of a permutable band ---------------===//
//
// See Tiling.h for the construction. Everything here is exact isl arithmetic;
// nothing is printed as C (that is CodeGen's job).
//
//===----------------------------------------------------------------------===//

#include "hetile/Transform/Tiling.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/constraint.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <sstream>

namespace hetile {

namespace {

llvm::Error makeError(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// "{ [b0, ..., b_{k-1}] : o_j <= b_j <= o_j + T_j - 1, j < Count }" with the
/// origins and sizes of the first \p Count dimensions as parameters, in the
/// order o_0, T_0, o_1, T_1, ...
isl::set tileBox(isl::ctx Ctx, const std::vector<TileDim> &Dims,
                 unsigned Count) {
  std::vector<std::string> Params, Vars;
  for (unsigned J = 0; J < Count; ++J) {
    Params.push_back(Dims[J].Origin);
    Params.push_back(Dims[J].Size);
  }
  for (unsigned J = 0; J < Dims.size(); ++J)
    Vars.push_back("hetile_b" + std::to_string(J));
  isl::space Space = makeSetSpace(makeParamSpace(Ctx, Params), "", Vars);
  isl_local_space *LS = isl_local_space_from_space(Space.copy());
  isl_basic_set *Box = isl_basic_set_universe(Space.copy());
  for (unsigned J = 0; J < Count; ++J) {
    // b_j - o_j >= 0
    isl_constraint *Low =
        isl_constraint_alloc_inequality(isl_local_space_copy(LS));
    Low = isl_constraint_set_coefficient_si(Low, isl_dim_set, J, 1);
    Low = isl_constraint_set_coefficient_si(Low, isl_dim_param, 2 * J, -1);
    Box = isl_basic_set_add_constraint(Box, Low);
    // o_j + T_j - 1 - b_j >= 0
    isl_constraint *High =
        isl_constraint_alloc_inequality(isl_local_space_copy(LS));
    High = isl_constraint_set_coefficient_si(High, isl_dim_set, J, -1);
    High = isl_constraint_set_coefficient_si(High, isl_dim_param, 2 * J, 1);
    High = isl_constraint_set_coefficient_si(High, isl_dim_param, 2 * J + 1, 1);
    High = isl_constraint_set_constant_si(High, -1);
    Box = isl_basic_set_add_constraint(Box, High);
  }
  isl_local_space_free(LS);
  return isl::manage(isl_set_from_basic_set(Box));
}

/// Extends \p PA to the whole parameter space with \p Rest outside its
/// domain.
isl::pw_aff totalize(isl::pw_aff PA, isl::pw_aff Rest) {
  isl::set Outside = PA.domain().complement();
  return PA.union_add(Rest.intersect_domain(Outside)).coalesce();
}

isl::pw_aff constant(isl::ctx Ctx, long V) { return makeConstantAff(Ctx, V); }

/// "[Name] -> { [(Factor * Name + Add)] }".
isl::pw_aff paramAff(isl::ctx Ctx, const std::string &Name, long Factor,
                     long Add) {
  return makeParamAff(Ctx, Name, Factor, Add);
}

/// The map S -> [b_m] of statement \p Stmt, or null.
isl::map bandDimOf(const isl::union_map &Band, const ScopStmt &Stmt,
                   unsigned M, unsigned Depth) {
  isl::map Found;
  Band.intersect_domain(isl::union_set(Stmt.Domain))
      .foreach_map([&](isl::map Map) -> isl::stat {
        if (Map.domain().tuple_name() == Stmt.Name)
          Found = Map;
        return isl::stat::ok();
      });
  if (Found.is_null())
    return Found;
  return Found.project_out(isl::dim::out, M + 1, Depth - M - 1)
      .project_out(isl::dim::out, 0, M);
}

/// The iterator that band dimension \p M is, unchanged, in every statement;
/// "" when there is none.
std::string identityIterator(const Scop &S, const PermutableBand &B,
                             unsigned M) {
  std::string Name;
  for (const ScopStmt &Stmt : S.Stmts) {
    isl::map Dim = bandDimOf(B.BandSchedule, Stmt, M, B.Depth);
    if (Dim.is_null())
      return "";
    std::string Match;
    for (unsigned D = 0; D < Stmt.Iterators.size() && Match.empty(); ++D) {
      // { S[x_0, ..., x_n] -> [x_D] }
      isl_aff *X = isl_aff_var_on_domain(
          isl_local_space_from_space(Stmt.Domain.get_space().release()),
          isl_dim_set, D);
      isl::map Id =
          isl::manage(isl_map_from_aff(X)).intersect_domain(Stmt.Domain);
      if (Dim.is_equal(Id).is_true())
        Match = Stmt.Iterators[D];
    }
    if (Match.empty() || (!Name.empty() && Match != Name))
      return "";
    Name = Match;
  }
  return Name;
}

/// Whether band dimension \p M is, in every statement, one of its iterators
/// (coefficient 1 or -1: a loop with a negative step shows negated) plus a
/// constant, or a constant: no skew, no parameter.
bool iteratorOrConstant(const Scop &S, const PermutableBand &B, unsigned M) {
  for (const ScopStmt &Stmt : S.Stmts) {
    isl::map Dim = bandDimOf(B.BandSchedule, Stmt, M, B.Depth);
    if (Dim.is_null())
      return false;
    isl_pw_multi_aff *PMA = isl_pw_multi_aff_from_map(Dim.release());
    if (!PMA)
      return false;
    bool Plain = isl_pw_multi_aff_n_piece(PMA) == 1;
    isl_stat St = isl_pw_multi_aff_foreach_piece(
        PMA,
        [](isl_set *Set, isl_multi_aff *MA, void *User) -> isl_stat {
          bool &Ok = *static_cast<bool *>(User);
          isl_aff *A = isl_multi_aff_get_at(MA, 0);
          unsigned Moving = 0;
          for (int D = 0, E = isl_aff_dim(A, isl_dim_in); D < E; ++D) {
            isl_val *V = isl_aff_get_coefficient_val(A, isl_dim_in, D);
            if (!isl_val_is_zero(V)) {
              ++Moving;
              Ok &= isl_val_is_one(V) || isl_val_is_negone(V);
            }
            isl_val_free(V);
          }
          for (int D = 0, E = isl_aff_dim(A, isl_dim_param); D < E; ++D)
            Ok &= isl_aff_involves_dims(A, isl_dim_param, D, 1) == isl_bool_false;
          Ok &= Moving <= 1;
          isl_aff_free(A);
          isl_set_free(Set);
          isl_multi_aff_free(MA);
          return isl_stat_ok;
        },
        &Plain);
    isl_pw_multi_aff_free(PMA);
    if (St < 0 || !Plain)
      return false;
  }
  return true;
}

/// The image of all statement instances under the band: { [b0..b_{k-1}] }.
llvm::Expected<isl::set> bandImage(const Scop &S, const PermutableBand &B) {
  isl::union_set Img = B.BandSchedule.intersect_domain(S.getDomains()).range();
  if (Img.is_null())
    return makeError("band schedule does not apply to the domains");
  isl::set Result;
  unsigned Spaces = 0;
  Img.foreach_set([&](isl::set Set) -> isl::stat {
    Result = Set;
    ++Spaces;
    return isl::stat::ok();
  });
  if (Spaces > 1)
    return makeError("band schedule maps statements to different spaces");
  if (Spaces == 0) // nothing executes for any parameter value
    return isl::set::empty(
        tileBox(Img.ctx(), std::vector<TileDim>(B.Depth), 0).get_space());
  if (unsigned(Result.tuple_dim().release()) != B.Depth ||
      isl_set_has_tuple_name(Result.get()) == isl_bool_true)
    return makeError("band schedule range is not an anonymous " +
                     std::to_string(B.Depth) + "-d tuple");
  return Result.coalesce();
}

/// Bounds of b_m given the outer tiles, and the extent of b_m overall. Where
/// no point exists, the bounds are 0 and -T_m: then the loop is empty and
/// the facts of its body (Inside) are infeasible.
void computeBounds(const isl::set &Img, std::vector<TileDim> &Dims,
                   unsigned M) {
  unsigned K = Dims.size();
  isl::ctx Ctx = Img.ctx();
  TileDim &D = Dims[M];
  isl::set InTiles = Img.intersect(tileBox(Ctx, Dims, M));
  isl::set Proj = InTiles.project_out(isl::dim::set, M + 1, K - M - 1)
                      .project_out(isl::dim::set, 0, M);
  D.Lower = totalize(Proj.dim_min(0), constant(Ctx, 0));
  D.Upper = totalize(Proj.dim_max(0), paramAff(Ctx, D.Size, -1, 0));

  // Inside loop m: o_m <= Upper_m and o_m + T_m - 1 >= Lower_m.
  isl::pw_aff O = paramAff(Ctx, D.Origin, 1, 0);
  isl::pw_aff OEnd = O.add(paramAff(Ctx, D.Size, 1, -1));
  D.Inside = O.le_set(D.Upper).intersect(OEnd.ge_set(D.Lower));
  if (M > 0)
    D.Inside = D.Inside.intersect(Dims[M - 1].Inside);

  isl::set All = Img.project_out(isl::dim::set, M + 1, K - M - 1)
                     .project_out(isl::dim::set, 0, M);
  isl::pw_aff Ext = All.dim_max(0).sub(All.dim_min(0)).add_constant(1);
  D.Extent = totalize(Ext, constant(Ctx, 1));
  D.GlobalLower = totalize(All.dim_min(0), constant(Ctx, 0));
  D.GlobalUpper = totalize(All.dim_max(0), paramAff(Ctx, D.Size, -1, 0));
}

/// o_m <= GlobalUpper_m and o_m + T_m - 1 >= GlobalLower_m for every m.
isl::set boxInside(const std::vector<TileDim> &Dims) {
  isl::set Box;
  for (const TileDim &D : Dims) {
    isl::ctx Ctx = D.GlobalLower.ctx();
    isl::pw_aff O = paramAff(Ctx, D.Origin, 1, 0);
    isl::pw_aff OEnd = O.add(paramAff(Ctx, D.Size, 1, -1));
    isl::set In = O.le_set(D.GlobalUpper).intersect(OEnd.ge_set(D.GlobalLower));
    Box = Box.is_null() ? In : Box.intersect(In);
  }
  return Box;
}

/// The context: the Scop's, plus T_m >= 1 (or T_m = c).
isl::set tileContext(const Scop &S, const isl::set &Img,
                     const std::vector<TileDim> &Dims,
                     const std::vector<long> &Sizes) {
  std::vector<std::string> Names;
  for (const TileDim &D : Dims)
    Names.push_back(D.Size);
  isl::ctx C = Img.ctx();
  isl::space Space = makeParamSpace(C, Names);
  isl::set Ctx = isl::set::universe(Space);
  for (unsigned M = 0; M < Dims.size(); ++M) {
    isl::set Holds = isl::manage(
        Sizes.empty()
            ? isl_pw_aff_nonneg_set(paramAff(C, Dims[M].Size, 1, -1).release())
            : isl_pw_aff_zero_set(
                  paramAff(C, Dims[M].Size, 1, -Sizes[M]).release()));
    Ctx = Ctx.intersect(Holds.align_params(Space));
  }
  isl::set Scop = S.Context.is_null() ? Img.params().universe(Img.params().get_space())
                                      : S.Context;
  return Ctx.intersect(Scop);
}

/// The band node of \p Sched, split so that it has exactly \p Depth members.
llvm::Expected<isl::schedule> exactBand(isl::schedule Sched, unsigned Depth) {
  isl::schedule_node Node = Sched.root().child(0);
  if (Node.is_null() || !Node.isa<isl::schedule_node_band>().is_true())
    return makeError("the schedule's outermost node is not a band");
  isl::schedule_node_band Band = Node.as<isl::schedule_node_band>();
  unsigned N = unsigned(Band.n_member().release());
  if (N < Depth)
    return makeError("the schedule's band has " + std::to_string(N) +
                     " members, fewer than the depth " + std::to_string(Depth));
  if (N > Depth)
    Band = Band.split(Depth);
  return Band.schedule();
}

/// \p Node, a set node, made a sequence of its children in their order.
/// isl_schedule_get_map numbers a set's children as it numbers a
/// sequence's, so every legality check made on the map (keepsOrder) takes
/// the children to run in that order; isl's AST generator, given a set, may
/// run them in any order, and at each piece of a separated loop in another
/// one. isl's scheduler puts independent components under a set, which is
/// harmless as long as the band above stays above; once the band's
/// innermost member is sunk below the set (distributeInnermost), the
/// children's loops over that member are ordered by the dependences it
/// carried (test/Run/fuzz-seed80510-set-order.c). Each step orders the
/// first remaining child before the others (isl_schedule_node_order_before,
/// which drops the set once one child remains).
isl_schedule_node *sequenceOfSet(isl_schedule_node *Node, void *) {
  if (isl_schedule_node_get_type(Node) != isl_schedule_node_set)
    return Node;
  int Depth = isl_schedule_node_get_tree_depth(Node);
  while (Node && isl_schedule_node_get_type(Node) == isl_schedule_node_set &&
         isl_schedule_node_n_children(Node) > 1) {
    isl_schedule_node *First =
        isl_schedule_node_child(isl_schedule_node_copy(Node), 0);
    isl_union_set *Filter = isl_schedule_node_filter_get_filter(First);
    isl_schedule_node_free(First);
    Node = isl_schedule_node_order_before(Node, Filter);
  }
  while (Node && isl_schedule_node_get_tree_depth(Node) > Depth)
    Node = isl_schedule_node_parent(Node);
  return Node;
}

/// \p Sched with every set node a sequence (sequenceOfSet): the order the
/// AST generator follows is then the order of isl_schedule_get_map. Null
/// where isl fails.
isl::schedule sequenceEverySet(const isl::schedule &Sched) {
  return isl::manage(isl_schedule_map_schedule_node_bottom_up(
      Sched.copy(), sequenceOfSet, nullptr));
}

/// The dependences of a band in band coordinates: each dependence map's
/// deltas (band point of the sink minus that of the source), with whether
/// it joins a statement to itself. Computed once per band, asked per
/// dimension.
struct BandDeltas {
  std::vector<std::pair<bool, isl::union_set>> Maps;
  /// isl failed: every dimension counts as carrying a dependence.
  bool Failed = false;
  /// Only a statement's dependences on itself are in Maps.
  bool SelfOnly = false;
};

/// Those of \p All, or only a statement's on itself where \p SelfOnly.
BandDeltas bandDeltas(const Scop &S, const PermutableBand &B,
                      const isl::union_map &All, bool SelfOnly) {
  BandDeltas R;
  R.SelfOnly = SelfOnly;
  if (All.is_null())
    return R.Failed = true, R;
  isl::union_map Band = B.BandSchedule.intersect_domain(S.getDomains());
  isl::stat St = All.foreach_map([&](isl::map M) -> isl::stat {
    bool Self = M.domain().tuple_name() == M.range().tuple_name();
    if (SelfOnly && !Self)
      return isl::stat::ok();
    isl::union_set Deltas =
        isl::union_map(M).apply_domain(Band).apply_range(Band).deltas();
    if (Deltas.is_null())
      R.Failed = true;
    R.Maps.emplace_back(Self, Deltas);
    return isl::stat::ok();
  });
  R.Failed = R.Failed || St.is_error();
  return R;
}

/// Whether a dependence of \p D (a statement's on itself only, where
/// \p SelfOnly) has a distance, in band coordinates, that is not 0 along
/// band dimension \p Dim and, where \p Alone, 0 along every other one.
/// True where isl fails or a dependence that counts is not in \p D.
bool hasDistance(const BandDeltas &D, unsigned Depth, unsigned Dim,
                 bool Alone, bool SelfOnly) {
  if (D.Failed || (D.SelfOnly && !SelfOnly))
    return true;
  if (D.Maps.empty())
    return false;
  // { [d_0, ..., d_{K-1}] : d_Dim != 0 (and d_m = 0 for m != Dim) }
  isl::ctx Ctx = D.Maps.front().second.ctx();
  isl::set Zero = isl::set::universe(makeSetSpace(
      makeParamSpace(Ctx, {}), "", std::vector<std::string>(Depth)));
  for (unsigned M = 0; Alone && M < Depth; ++M)
    if (M != Dim)
      Zero = Zero.fix_si(isl::dim::set, M, 0);
  isl::union_set Wanted(Zero.subtract(Zero.fix_si(isl::dim::set, Dim, 0)));
  for (const auto &[Self, Deltas] : D.Maps) {
    if (SelfOnly && !Self)
      continue;
    if (!Deltas.intersect(Wanted).is_empty().is_true())
      return true;
  }
  return false;
}

/// Whether a dependence of \p D crosses the tiles along band dimension
/// \p Dim (its distance there is not 0).
bool crosses(const BandDeltas &D, unsigned Depth, unsigned Dim) {
  return hasDistance(D, Depth, Dim, /*Alone=*/false, /*SelfOnly=*/false);
}

/// Whether a dependence of \p D is carried by the point loop of \p Dim
/// alone when it is the innermost one (distance 0 in every other band
/// dimension, not 0 in \p Dim). Only a statement's dependences on itself
/// where \p SelfOnly.
bool carriedAlone(const BandDeltas &D, unsigned Depth, unsigned Dim,
                  bool SelfOnly) {
  return hasDistance(D, Depth, Dim, /*Alone=*/true, SelfOnly);
}

/// How the accesses of a tile body move in memory along one band dimension,
/// the others fixed ([Pluto]'s intra-tile loop order weighs the same facts).
struct DimAccesses {
  /// Accesses whose element does not change along the dimension.
  unsigned Invariant = 0;
  /// Accesses that step by one element of their last subscript.
  unsigned UnitStride = 0;
  /// Accesses that move otherwise (another subscript, a stride > 1, or a
  /// step isl cannot name).
  unsigned Strided = 0;
};

/// The accesses of \p S in band coordinates, { [band point] -> element },
/// restricted to their statements' domains. Null where a statement's band
/// schedule is not one-to-one (loops below the band: the innermost point
/// loop is not the innermost loop) or isl fails.
std::optional<std::vector<isl::map>> accessesInBand(const Scop &S,
                                                    const PermutableBand &B) {
  std::vector<isl::map> R;
  for (const ScopStmt &Stmt : S.Stmts) {
    isl::union_map Whole = B.BandSchedule.intersect_domain(isl::union_set(Stmt.Domain));
    isl::map Sched;
    Whole.foreach_map([&](isl::map M) -> isl::stat {
      if (M.domain().tuple_name() == Stmt.Name)
        Sched = M;
      return isl::stat::ok();
    });
    if (Sched.is_null() || !Sched.is_injective().is_true())
      return std::nullopt;
    for (const MemoryAccess &Acc : Stmt.Accesses) {
      if (Acc.Relation.is_null())
        return std::nullopt;
      isl::map InBand =
          Acc.Relation.intersect_domain(Stmt.Domain).apply_domain(Sched);
      if (InBand.is_null())
        return std::nullopt;
      R.push_back(InBand);
    }
  }
  return R;
}

/// Counts the accesses \p InBand (accessesInBand) by their step along band
/// dimension \p Dim: the element accessed at band point b + e_Dim minus
/// that at b (isl's deltas of Access^-1 . Shift . Access). Null where isl
/// fails.
std::optional<DimAccesses> accessSteps(const std::vector<isl::map> &InBand,
                                       unsigned Dim) {
  DimAccesses R;
  for (const isl::map &Access : InBand) {
    // { [b] -> [b + e_Dim] }
    isl_multi_aff *MA = isl_multi_aff_identity(
        isl_space_map_from_set(Access.domain().get_space().release()));
    isl_aff *Moved =
        isl_aff_add_constant_si(isl_multi_aff_get_at(MA, int(Dim)), 1);
    isl::map Shift = isl::manage(
        isl_map_from_multi_aff(isl_multi_aff_set_at(MA, int(Dim), Moved)));
    isl::map Step = Access.reverse().apply_range(Shift).apply_range(Access);
    if (Step.is_null())
      return std::nullopt;
    isl::set Deltas = Step.deltas();
    if (Deltas.is_null())
      return std::nullopt;
    if (Deltas.is_empty().is_true()) { // no step along Dim in the domain
      ++R.Invariant;
      continue;
    }
    unsigned N = unsigned(Deltas.tuple_dim().release());
    isl::set Zero = isl::set::universe(Deltas.get_space());
    for (unsigned J = 0; J < N; ++J)
      Zero = Zero.fix_si(isl::dim::set, J, 0);
    isl::set Up = Zero, Down = Zero;
    if (N > 0) {
      Up = Zero.drop_constraints_involving_dims(isl::dim::set, N - 1, 1)
               .fix_si(isl::dim::set, N - 1, 1);
      Down = Zero.drop_constraints_involving_dims(isl::dim::set, N - 1, 1)
                 .fix_si(isl::dim::set, N - 1, -1);
    }
    if (Deltas.is_subset(Zero).is_true())
      ++R.Invariant;
    else if (N > 0 && (Deltas.is_subset(Up).is_true() ||
                       Deltas.is_subset(Down).is_true()))
      ++R.UnitStride;
    else
      ++R.Strided;
  }
  return R;
}

/// The band dimension whose point loop runs innermost in a tile: the last
/// one, unless it carries a dependence or steps through memory with a
/// stride, and another dimension carries none, steps with no stride at all,
/// and walks at least one array element by element: that one (a vectorizable
/// innermost loop; [Pluto]'s intra-tile optimization, Bondhugula et al.,
/// PLDI 2008, section 5). gemm's band (i, j, k), whose k carries the sum
/// and reads B[k][j] a row apart, gets (i, k, j). Every order of a fully
/// permutable band's point loops is legal; the caller still checks the new
/// order against every dependence.
unsigned chooseInnerDim(const Scop &S, const PermutableBand &B,
                        const BandDeltas &D) {
  unsigned Last = B.Depth - 1;
  if (B.Depth < 2 || !B.Private.empty())
    return Last;
  auto InBand = accessesInBand(S, B);
  if (!InBand)
    return Last;
  auto LastSteps = accessSteps(*InBand, Last);
  if (!LastSteps)
    return Last;
  bool LastCarries = carriedAlone(D, B.Depth, Last, /*SelfOnly=*/false);
  if (!LastCarries && LastSteps->Strided == 0)
    return Last;
  unsigned Best = Last;
  unsigned BestUnit = 0;
  for (unsigned M = 0; M < Last; ++M) {
    auto Steps = accessSteps(*InBand, M);
    if (!Steps || Steps->Strided != 0 || Steps->UnitStride == 0 ||
        Steps->UnitStride <= BestUnit)
      continue;
    if (carriedAlone(D, B.Depth, M, /*SelfOnly=*/false))
      continue;
    Best = M;
    BestUnit = Steps->UnitStride;
  }
  return Best;
}

/// \p Sched (its outermost node a band of \p Depth members) with member
/// \p Inner moved last, the others in their order. Null where isl fails.
isl::schedule moveMemberLast(const isl::schedule &Sched, unsigned Depth,
                             unsigned Inner) {
  isl::schedule_node Node = Sched.root().child(0);
  if (Node.is_null() || !Node.isa<isl::schedule_node_band>().is_true())
    return {};
  isl_multi_union_pw_aff *Part =
      isl_schedule_node_band_get_partial_schedule(Node.get());
  isl_multi_union_pw_aff *New = isl_multi_union_pw_aff_copy(Part);
  unsigned J = 0;
  for (unsigned M = 0; M < Depth; ++M)
    if (M != Inner)
      New = isl_multi_union_pw_aff_set_at(
          New, J++, isl_multi_union_pw_aff_get_at(Part, M));
  New = isl_multi_union_pw_aff_set_at(New, Depth - 1,
                                      isl_multi_union_pw_aff_get_at(Part, Inner));
  isl_multi_union_pw_aff_free(Part);
  isl_schedule_node *N = isl_schedule_node_delete(Node.release());
  N = isl_schedule_node_insert_partial_schedule(N, New);
  N = isl_schedule_node_band_set_permutable(N, 1);
  if (!N)
    return {};
  isl::schedule Result = isl::manage(isl_schedule_node_get_schedule(N));
  isl_schedule_node_free(N);
  return Result;
}

/// Whether the order of \p Sched keeps every dependence of \p All forward.
bool keepsOrder(const isl::schedule &Sched, const isl::union_map &All) {
  isl::union_map Map = Sched.get_map();
  if (Map.is_null() || All.is_null())
    return false;
  isl::union_map Order = isl::manage(
      isl_union_map_lex_lt_union_map(Map.copy(), Map.copy()));
  return !Order.is_null() && All.is_subset(Order).is_true();
}

/// The band node of \p Sched (its outermost node) with its innermost
/// member distributed over the statements below it: isl's band sink puts a
/// copy of that member above each leaf, so that each statement group of
/// the inner order gets an innermost loop of its own, in that order (the
/// fused body of a time-stepped stencil, B[i] = f(A) then A[i - 1] = g(B),
/// becomes two loops that the C compiler vectorizes; fused, the second
/// statement reads the first's value of the same iteration); every loop is
/// later marked "separate" (separateEveryLoop). Null where the band has no order
/// below it, where isl fails, or where a dependence of \p All would no
/// longer go forward: the new order of all instances must hold every one.
isl::schedule distributeInnermost(const Scop &S, const isl::schedule &Sched,
                                  unsigned Depth, const isl::union_map &All) {
  isl::schedule_node Node = Sched.root().child(0);
  if (Node.is_null() || !Node.isa<isl::schedule_node_band>().is_true())
    return {};
  if (Node.child(0).isa<isl::schedule_node_leaf>().is_true()) {
    // No order below the band (no two statements share a band point where
    // one depends on the other): the statements in their textual order.
    isl_union_set_list *Filters =
        isl_union_set_list_alloc(Node.ctx().get(), int(S.Stmts.size()));
    for (const ScopStmt &St : S.Stmts)
      Filters = isl_union_set_list_add(
          Filters, isl_union_set_from_set(St.Domain.copy()));
    Node = isl::manage(
               isl_schedule_node_insert_sequence(Node.child(0).release(),
                                                 Filters))
               .parent();
    if (Node.is_null())
      return {};
  }
  if (Depth > 1)
    Node = Node.as<isl::schedule_node_band>().split(Depth - 1).child(0);
  isl::schedule_node Sunk =
      isl::manage(isl_schedule_node_band_sink(Node.release()));
  if (Sunk.is_null())
    return {};
  isl::schedule New = Sunk.schedule();
  if (!keepsOrder(New, All))
    return {};
  return New;
}

/// \p Sched with every member of every band marked "separate". isl's AST
/// generator (isl 0.26, inside LLVM 19), left to its default loop type,
/// can run the statement instances of one band point out of the order the
/// schedule gives them: on test/Run/fuzz-seed6302-point-order.c (a skewed
/// band whose point (1, 3) holds S0[1][1][k] at inner position 1 - k and
/// S3[1][j] at j) it ran every S3 before S0, which writes what S3 reads.
/// With every loop separated it keeps the order on every nest we test, and
/// the code is about as large (the rewrites of test/Run and bench/: 2.369
/// MB before, 2.372 MB after).
isl::schedule separateEveryLoop(const isl::schedule &Sched) {
  std::function<isl::schedule_node(isl::schedule_node)> Visit =
      [&](isl::schedule_node Node) -> isl::schedule_node {
    if (Node.is_null())
      return Node;
    if (Node.isa<isl::schedule_node_band>().is_true()) {
      isl::schedule_node_band Band = Node.as<isl::schedule_node_band>();
      isl_size Members = Band.n_member().release();
      for (isl_size M = 0; M < Members && !Band.is_null(); ++M)
        Band = Band.member_set_ast_loop_separate(M);
      if (Band.is_null())
        return {};
      Node = Band;
    }
    isl_size Children = Node.n_children().release();
    for (isl_size C = 0; C < Children; ++C) {
      isl::schedule_node Child = Visit(Node.child(C));
      if (Child.is_null())
        return {};
      Node = Child.parent();
    }
    return Node;
  };
  isl::schedule_node Root = Visit(Sched.root());
  return Root.is_null() ? isl::schedule() : Root.schedule();
}

/// isl operations an improvement of the point loops (their order, the
/// distribution of the innermost one) may spend, legality checks on every
/// dependence included; the tiling stage's own bound is far larger
/// (Options::IslMaxOperations).
const unsigned long ImprovementMaxOperations = 500000;

/// \p Improve()'s schedule, computed under ImprovementMaxOperations; null
/// where it ran out. The stage's count starts again after it; the nest's
/// time budget (isl_error_abort) still stops everything.
isl::schedule underOwnBound(const isl::schedule &Sched,
                            const std::function<isl::schedule()> &Improve) {
  isl_ctx *Ctx = Sched.ctx().get();
  unsigned long StageOps = isl_ctx_get_max_operations(Ctx);
  isl_ctx_reset_operations(Ctx);
  isl_ctx_set_max_operations(Ctx, ImprovementMaxOperations);
  isl::schedule Result = Improve();
  if (isl_ctx_last_error(Ctx) == isl_error_quota) {
    isl_ctx_reset_error(Ctx);
    Result = {};
  }
  isl_ctx_reset_operations(Ctx);
  isl_ctx_set_max_operations(Ctx, StageOps);
  return Result;
}

/// C types of iterators whose values an int holds.
bool fitsInt(const std::string &Type) {
  static const char *const Narrow[] = {
      "int",   "signed",       "signed int",   "short",
      "short int", "signed short", "signed short int", "signed char"};
  for (const char *T : Narrow)
    if (Type == T)
      return true;
  return false;
}

/// The parameters for which every band dimension lies in [-NarrowLimit,
/// NarrowLimit].
isl::set narrowContext(const std::vector<TileDim> &Dims) {
  isl::set Ok;
  for (const TileDim &D : Dims) {
    isl::ctx Ctx = D.GlobalLower.ctx();
    isl::pw_aff Lo = constant(Ctx, -NarrowLimit), Hi = constant(Ctx, NarrowLimit);
    isl::set In = D.GlobalLower.ge_set(Lo).intersect(D.GlobalUpper.le_set(Hi));
    Ok = Ok.is_null() ? In : Ok.intersect(In);
  }
  return Ok.coalesce();
}

} // namespace

llvm::Expected<std::vector<long>> expandTileSizes(llvm::ArrayRef<long> Sizes,
                                                  unsigned Depth) {
  std::vector<long> Result;
  if (Sizes.empty())
    return Result;
  for (unsigned M = 0; M < Depth; ++M) {
    long V = Sizes[std::min<size_t>(M, Sizes.size() - 1)];
    if (V < 1)
      return makeError("tile size " + std::to_string(V) +
                       " is not an integer >= 1");
    Result.push_back(V);
  }
  return Result;
}

llvm::Expected<TiledNest> tileBand(const Scop &S, const PermutableBand &B,
                                   llvm::ArrayRef<long> ConstantSizes,
                                   const Dependences *D) {
  if (B.Depth == 0 || B.BandSchedule.is_null() || B.Schedule.is_null() ||
      S.Stmts.empty())
    return makeError("no permutable band to tile");
  TiledNest N;
  auto Sizes = expandTileSizes(ConstantSizes, B.Depth);
  if (!Sizes)
    return Sizes.takeError();
  N.ConstantSizes = *Sizes;

  // Only a band dimension that is no iterator needs a point-loop counter of
  // its own; when every one is an iterator, the loops already count in its
  // type and int counters (NarrowCounters) change nothing.
  bool OwnCounter = false;
  for (unsigned M = 0; M < B.Depth; ++M) {
    TileDim D;
    D.Size = "hetile_T" + std::to_string(M);
    std::string It = identityIterator(S, B, M);
    // Over a domain where two iterators are equal (j = i on one point),
    // two band dimensions can both be "i": the second is no iterator's.
    for (const TileDim &Earlier : N.Dims)
      if (!It.empty() && Earlier.Origin == "hetile_t" + It)
        It.clear();
    OwnCounter |= It.empty();
    D.Origin = It.empty() ? "hetile_t" + std::to_string(M) : "hetile_t" + It;
    D.Skewed = It.empty() && !iteratorOrConstant(S, B, M);
    N.Dims.push_back(D);
  }
  for (const TileDim &D : N.Dims)
    for (const std::string &P : S.Params)
      if (P == D.Size || P == D.Origin)
        return makeError("parameter '" + P + "' clashes with a generated name");

  auto Img = bandImage(S, B);
  if (!Img)
    return Img.takeError();
  for (unsigned M = 0; M < B.Depth; ++M)
    computeBounds(*Img, N.Dims, M);
  N.Context = tileContext(S, *Img, N.Dims, N.ConstantSizes);
  N.BoxInside = boxInside(N.Dims);
  N.ColumnDim = B.Depth - 1;

  isl::union_set InTile =
      B.BandSchedule.intersect_domain(S.getDomains())
          .intersect_range(isl::union_set(tileBox(Img->ctx(), N.Dims, B.Depth)))
          .domain();
  auto Sched = exactBand(B.Schedule, B.Depth);
  if (!Sched)
    return Sched.takeError();
  *Sched = sequenceEverySet(*Sched);
  if (Sched->is_null())
    return makeError("isl failed to order the statements of a band point");
  N.InTile = InTile;
  N.InnerDim = B.Depth - 1;
  BandDeltas Deltas;
  if (D) {
    // An improvement: under a bound of its own (a costly check keeps the
    // band's order).
    unsigned Inner = B.Depth - 1;
    isl::schedule Ordered = underOwnBound(*Sched, [&] {
      Deltas = bandDeltas(S, B, D->all(), /*SelfOnly=*/false);
      Inner = chooseInnerDim(S, B, Deltas);
      if (Inner == B.Depth - 1)
        return isl::schedule();
      isl::schedule Moved = moveMemberLast(*Sched, B.Depth, Inner);
      if (Moved.is_null() || !keepsOrder(Moved, D->all()))
        return isl::schedule();
      return Moved;
    });
    if (!Ordered.is_null()) {
      *Sched = Ordered;
      N.InnerDim = Inner;
    }
    // The bound ran out on the deltas: the self-dependences alone, which
    // the separation of the innermost point loop below needs.
    if (Deltas.Failed)
      Deltas = bandDeltas(S, B, D->all(), /*SelfOnly=*/true);
  }
  N.PointSchedule = Sched->intersect_domain(InTile);
  if (N.PointSchedule.is_null() || N.Context.is_null())
    return makeError("isl failed to build the tiled schedule");
  N.SeparateInner =
      D && !carriedAlone(Deltas, B.Depth, N.InnerDim, /*SelfOnly=*/true);
  if (D && B.Private.empty()) {
    N.IndependentColumns = !crosses(Deltas, B.Depth, N.ColumnDim);
  } else if (D) {
    // Each tile writes its own copy of a private variable: its anti and
    // output dependences join no two tiles (Analysis/Privatization.h).
    isl::union_map Shared = D->Flow;
    for (const auto *ByArray : {&D->AntiByArray, &D->OutputByArray})
      for (const auto &Entry : *ByArray)
        if (llvm::none_of(B.Private, [&](const PrivateCopy &P) {
              return P.Array == Entry.first;
            }))
          Shared = Shared.unite(Entry.second);
    N.IndependentColumns = !crosses(bandDeltas(S, B, Shared, /*SelfOnly=*/false),
                                    B.Depth, N.ColumnDim);
  }
  if (D && S.Stmts.size() > 1) {
    // An improvement, not a necessity: under a bound of its own, so that a
    // costly check leaves the nest undistributed rather than too complex.
    isl::schedule Whole = underOwnBound(*Sched, [&] {
      return distributeInnermost(S, *Sched, B.Depth, D->all());
    });
    if (!Whole.is_null()) {
      N.PointSchedule = Whole.intersect_domain(InTile);
      N.DistributedInner = !N.PointSchedule.is_null();
      if (!N.DistributedInner)
        return makeError("isl failed to build the tiled schedule");
    }
  }
  // Every point loop "separate" (see separateEveryLoop).
  N.PointSchedule = separateEveryLoop(N.PointSchedule);
  if (N.PointSchedule.is_null())
    return makeError("isl failed to separate the point loops");
  N.NarrowCounters = OwnCounter;
  for (const ScopLoop &L : S.Loops)
    N.NarrowCounters &= fitsInt(L.IteratorType);
  if (N.NarrowCounters)
    N.NarrowContext = narrowContext(N.Dims);
  N.NarrowCounters &= !N.NarrowContext.is_null() &&
                      !N.NarrowContext.intersect(N.Context).is_empty().is_true();
  return N;
}

std::string printTiledSchedule(const TiledNest &N) {
  std::ostringstream OS;
  OS << "tile sizes:";
  for (unsigned M = 0; M < N.Dims.size(); ++M) {
    OS << " " << N.Dims[M].Size;
    if (!N.ConstantSizes.empty())
      OS << "=" << N.ConstantSizes[M];
  }
  OS << "\ncontext: " << toString(N.Context) << "\n";
  for (const TileDim &D : N.Dims) {
    OS << "tile loop " << D.Origin << " step " << D.Size << ":\n"
       << "  lower: " << toString(D.Lower) << "\n"
       << "  upper: " << toString(D.Upper) << "\n"
       << "  extent: " << toString(D.Extent) << "\n"
       << "  box: " << toString(D.GlobalLower) << " .. "
       << toString(D.GlobalUpper) << "\n";
  }
  OS << "columns: band dimension " << N.ColumnDim
     << (N.IndependentColumns ? " (independent: no dependence crosses them)"
                              : "")
     << "\n";
  if (N.InnerDim + 1 != N.Dims.size())
    OS << "innermost point loop: band dimension " << N.InnerDim
       << " (unit stride, no dependence)\n";
  if (N.SeparateInner)
    OS << "innermost point loop: separated (no recurrence)\n";
  if (N.DistributedInner)
    OS << "innermost point loop: distributed over the statements\n";
  if (N.NarrowCounters)
    OS << "int counters where: " << toString(N.NarrowContext) << "\n";
  OS << "point schedule: " << toString(N.PointSchedule) << "\n";
  return OS.str();
}

} // namespace hetile
