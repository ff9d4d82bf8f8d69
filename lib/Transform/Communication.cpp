//===- Communication.cpp - What tiles owned by different ranks exchange ---===//
//
// See Communication.h. Exact isl set arithmetic only; printing the loops
// that pack and unpack these sets is CodeGen's job.
//
//===----------------------------------------------------------------------===//

#include "hetile/Transform/Communication.h"

#include <isl/constraint.h>
#include <isl/polynomial.h>

#include <map>
#include <optional>
#include <sstream>

namespace hetile {

const char *const ColumnOriginParam = "hetile_dc";
const char *const BlockLowParam = "hetile_blo";
const char *const BlockHighParam = "hetile_bhi";
const char *const GridOriginParams[2] = {"hetile_dg0", "hetile_dg1"};

namespace {

llvm::Error makeError(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// The accesses of \p Array of kind Read (\p Writes false) or write, each
/// restricted to its statement's domain.
isl::union_map accessesOf(const Scop &S, const std::string &Array,
                          bool Writes) {
  isl::union_map Result;
  for (const ScopStmt &Stmt : S.Stmts)
    for (const MemoryAccess &A : Stmt.Accesses) {
      if (A.Array != Array || A.Relation.is_null() || A.isWrite() != Writes)
        continue;
      isl::union_map M(A.Relation.intersect_domain(Stmt.Domain));
      Result = Result.is_null() ? M : Result.unite(M);
    }
  return Result;
}

/// Whether a statement of \p S has a may-write.
bool hasMayWrite(const Scop &S) {
  for (const ScopStmt &Stmt : S.Stmts)
    for (const MemoryAccess &A : Stmt.Accesses)
      if (A.Kind == MemoryAccess::AccessKind::MayWrite && !A.Relation.is_null())
        return true;
  return false;
}

/// \p S with each may-write turned into a read of its element followed by
/// a must-write of it (see Communication.h).
Scop withMayWritesAsUpdates(const Scop &S) {
  Scop Result = S;
  for (ScopStmt &Stmt : Result.Stmts) {
    std::vector<MemoryAccess> Reads;
    for (MemoryAccess &A : Stmt.Accesses)
      if (A.Kind == MemoryAccess::AccessKind::MayWrite &&
          !A.Relation.is_null()) {
        MemoryAccess Read = A;
        Read.Kind = MemoryAccess::AccessKind::Read;
        Reads.push_back(std::move(Read));
        A.Kind = MemoryAccess::AccessKind::MustWrite;
      }
    Stmt.Accesses.insert(Stmt.Accesses.begin(), Reads.begin(), Reads.end());
  }
  return Result;
}

/// The instances whose band dimension \p C lies in [dc, dc + T_c - 1].
isl::union_set columnInstances(const Scop &S, const PermutableBand &B,
                               const TiledNest &N) {
  unsigned C = N.ColumnDim;
  std::ostringstream OS;
  OS << "[" << ColumnOriginParam << ", " << N.Dims[C].Size << "] -> { [";
  for (unsigned M = 0; M < N.Dims.size(); ++M)
    OS << (M ? ", " : "") << "b" << M;
  OS << "] : " << ColumnOriginParam << " <= b" << C << " <= "
     << ColumnOriginParam << " + " << N.Dims[C].Size << " - 1 }";
  isl::set Col(S.Stmts.front().Domain.ctx(), OS.str());
  return B.BandSchedule.intersect_domain(S.getDomains())
      .intersect_range(isl::union_set(Col))
      .domain();
}

/// The instances of grid column (hetile_dg0, hetile_dg1): band dimensions
/// 0 and 1 in [hetile_dgm, hetile_dgm + T_m - 1].
isl::union_set gridInstances(const Scop &S, const PermutableBand &B,
                             const TiledNest &N) {
  std::ostringstream OS;
  OS << "[" << GridOriginParams[0] << ", " << GridOriginParams[1] << ", "
     << N.Dims[0].Size << ", " << N.Dims[1].Size << "] -> { [";
  for (unsigned M = 0; M < N.Dims.size(); ++M)
    OS << (M ? ", " : "") << "b" << M;
  OS << "] : ";
  for (unsigned M = 0; M < 2; ++M)
    OS << (M ? " and " : "") << GridOriginParams[M] << " <= b" << M
       << " <= " << GridOriginParams[M] << " + " << N.Dims[M].Size << " - 1";
  OS << " }";
  isl::set Col(S.Stmts.front().Domain.ctx(), OS.str());
  return B.BandSchedule.intersect_domain(S.getDomains())
      .intersect_range(isl::union_set(Col))
      .domain();
}

/// The instances whose band dimension \p C lies in [hetile_blo,
/// hetile_bhi]: a block of tile columns.
isl::union_set blockInstances(const Scop &S, const PermutableBand &B,
                              const TiledNest &N) {
  unsigned C = N.ColumnDim;
  std::ostringstream OS;
  OS << "[" << BlockLowParam << ", " << BlockHighParam << "] -> { [";
  for (unsigned M = 0; M < N.Dims.size(); ++M)
    OS << (M ? ", " : "") << "b" << M;
  OS << "] : " << BlockLowParam << " <= b" << C << " <= " << BlockHighParam
     << " }";
  isl::set Block(S.Stmts.front().Domain.ctx(), OS.str());
  return B.BandSchedule.intersect_domain(S.getDomains())
      .intersect_range(isl::union_set(Block))
      .domain();
}

/// The instances of one row of tiles of a block: band dimension C in
/// [hetile_blo, hetile_bhi], every other band dimension m in the tile of
/// origin o_m (parameters o_m, T_m).
isl::union_set rowBlockInstances(const Scop &S, const PermutableBand &B,
                                 const TiledNest &N) {
  unsigned C = N.ColumnDim;
  std::ostringstream OS;
  OS << "[" << BlockLowParam << ", " << BlockHighParam;
  for (unsigned M = 0; M < N.Dims.size(); ++M)
    if (M != C)
      OS << ", " << N.Dims[M].Origin << ", " << N.Dims[M].Size;
  OS << "] -> { [";
  for (unsigned M = 0; M < N.Dims.size(); ++M)
    OS << (M ? ", " : "") << "b" << M;
  OS << "] : " << BlockLowParam << " <= b" << C << " <= " << BlockHighParam;
  for (unsigned M = 0; M < N.Dims.size(); ++M)
    if (M != C)
      OS << " and " << N.Dims[M].Origin << " <= b" << M << " <= "
         << N.Dims[M].Origin << " + " << N.Dims[M].Size << " - 1";
  OS << " }";
  isl::set Row(S.Stmts.front().Domain.ctx(), OS.str());
  return B.BandSchedule.intersect_domain(S.getDomains())
      .intersect_range(isl::union_set(Row))
      .domain();
}

/// The one set of \p U (elements of one array); empty in \p Space's array
/// when \p U has none.
isl::set onlySet(const isl::union_set &U, const isl::set &EmptyLike) {
  isl::set Result = EmptyLike;
  U.foreach_set([&](isl::set S) -> isl::stat {
    Result = S;
    return isl::stat::ok();
  });
  return Result.coalesce();
}

/// max of b_c(sink) - b_c(source) over the flow dependences, c = \p C;
/// null if unbounded.
isl::pw_aff maxColumnDistance(const Scop &S, const PermutableBand &B,
                              const TiledNest &N, const Dependences &D,
                              unsigned C) {
  if (D.Flow.is_null())
    return {};
  isl::union_map Band = B.BandSchedule.intersect_domain(S.getDomains());
  isl::union_map Pairs = D.Flow.apply_domain(Band).apply_range(Band);
  isl::union_set Deltas = Pairs.deltas();
  unsigned K = N.Dims.size();
  isl::set Zero(S.Stmts.front().Domain.ctx(), "{ [d] : d = 0 }");
  isl::set Dist = Zero;
  bool Ok = true;
  Deltas.foreach_set([&](isl::set Set) -> isl::stat {
    if (unsigned(Set.tuple_dim().release()) != K) {
      Ok = false;
      return isl::stat::ok();
    }
    isl::set One = Set.project_out(isl::dim::set, C + 1, K - C - 1)
                       .project_out(isl::dim::set, 0, C);
    Dist = Dist.unite(One.project_out_all_params().coalesce());
    return isl::stat::ok();
  });
  if (!Ok || Dist.is_null() || !Dist.is_bounded().is_true())
    return {};
  // Parameters projected out: the bound holds whatever their values.
  isl::pw_aff Max = Dist.dim_max(0);
  if (Max.is_null() || Max.involves_nan().is_true())
    return {};
  return Max;
}

} // namespace

bool isBox(const isl::basic_set &B) {
  if (B.is_null() || isl_basic_set_dim(B.get(), isl_dim_div) > 0)
    return false;
  struct State {
    unsigned Dims;
    bool Box;
  } St{unsigned(B.tuple_dim().release()), true};
  St.Box = St.Dims > 0;
  auto Check = [](isl_constraint *C, void *User) -> isl_stat {
    State &St = *static_cast<State *>(User);
    unsigned Involved = 0;
    for (unsigned K = 0; K < St.Dims; ++K) {
      isl::val V =
          isl::manage(isl_constraint_get_coefficient_val(C, isl_dim_set, K));
      if (V.is_zero())
        continue;
      ++Involved;
      if (!V.abs().is_one())
        St.Box = false;
    }
    if (Involved > 1)
      St.Box = false;
    isl_constraint_free(C);
    return isl_stat_ok;
  };
  isl_basic_set_foreach_constraint(B.get(), Check, &St);
  return St.Box;
}

bool isBoxUnion(const isl::set &S) {
  if (S.is_null())
    return false;
  bool Boxes = true;
  S.foreach_basic_set([&](isl::basic_set B) -> isl::stat {
    Boxes &= isBox(B);
    return isl::stat::ok();
  });
  return Boxes;
}

std::string readAfterArrays(const Scop &S) {
  std::string List;
  for (const ScopArray &A : S.Arrays)
    if (A.Written && !A.ReadAfter.is_null())
      List += (List.empty() ? "'" : ", '") + A.Name + "'";
  return List;
}

std::string finalValuesTo(bool GatherRoot, const Scop &S) {
  if (gatherToRoot(GatherRoot, S))
    return "rank 0: --gather=root";
  if (!S.EveryRank.empty())
    return "every rank: " + S.EveryRank;
  std::string Owned = readAfterArrays(S);
  return "every rank: the code after the nest" +
         (Owned.empty() ? "" : " (of " + Owned + " only what it reads)");
}

std::optional<std::string> mpiUnsupported(const Scop &S) {
  for (const ScopArray &A : S.Arrays) {
    if (!A.Members || !A.Written || A.MemberTypes.size() == 1)
      continue;
    std::string Types;
    for (const std::string &T : A.MemberTypes)
      Types += (Types.empty() ? "" : ", ") + T;
    return "the nest writes members of '" + A.Name +
           "', an array of structs, of several types (" + Types +
           "), and the mpi backends move numbers of one type per array";
  }
  return std::nullopt;
}

std::string finalValuesBytes(const Scop &S) {
  if (S.Stmts.empty())
    return "";
  isl_ctx *Ctx = S.Stmts.front().Domain.ctx().get();
  isl::set Context = S.Context;
  isl_pw_qpolynomial *Total = nullptr;
  bool Bound = false, Failed = false;
  // The product over the subscripts of the box's extents, 0 where empty.
  auto BoxCard = [&](const isl::set &Box) -> isl_pw_qpolynomial * {
    isl_pw_qpolynomial *Card = nullptr;
    for (int D = 0, E = int(Box.tuple_dim().release()); D < E; ++D) {
      isl::pw_aff Extent = Box.dim_max(D).sub(Box.dim_min(D)).add_constant(1);
      if (Extent.is_null())
        return nullptr;
      isl_pw_qpolynomial *P = isl_pw_qpolynomial_from_pw_aff(Extent.release());
      Card = Card ? isl_pw_qpolynomial_mul(Card, P) : P;
    }
    return Card;
  };
  for (const ScopArray &A : S.Arrays) {
    if (!A.Written)
      continue;
    isl::union_map W = accessesOf(S, A.Name, true);
    if (W.is_null() || W.is_empty().is_true())
      continue;
    isl::set Elements;
    W.range().foreach_set([&](isl::set Set) -> isl::stat {
      Elements = Set;
      return isl::stat::ok();
    });
    if (!Elements.is_null() && !A.ReadAfter.is_null()) {
      Elements = Elements.intersect(A.ReadAfter);
      // Nothing read after the nest: nothing moves.
      if (Elements.is_empty().is_true())
        continue;
    }
    // A scalar: one element.
    if (!Elements.is_null() && Elements.tuple_dim().release() == 0)
      Elements = isl::set();
    isl_pw_qpolynomial *Card = nullptr;
    if (Elements.is_null()) {
      Card = isl_pw_qpolynomial_from_pw_aff(
          isl_pw_aff_val_on_domain(Context.copy(), isl_val_one(Ctx)));
    } else {
      isl::set Set = isl::manage(isl_set_make_disjoint(
          Elements.intersect_params(Context).coalesce().release()));
      bool Boxes = !Set.is_null();
      if (Boxes)
        Set.foreach_basic_set([&](isl::basic_set B) -> isl::stat {
          Boxes &= isBox(B);
          return isl::stat::ok();
        });
      if (!Boxes) {
        Bound = true;
        Set = Elements.intersect_params(Context).coalesce();
        Card = BoxCard(Set);
      } else {
        Set.foreach_basic_set([&](isl::basic_set B) -> isl::stat {
          isl_pw_qpolynomial *P = BoxCard(isl::set(B));
          if (!P)
            Failed = true;
          else
            Card = Card ? isl_pw_qpolynomial_add(Card, P) : P;
          return isl::stat::ok();
        });
      }
    }
    if (!Card || Failed) {
      isl_pw_qpolynomial_free(Card);
      isl_pw_qpolynomial_free(Total);
      return "";
    }
    Card = isl_pw_qpolynomial_scale_val(
        Card, isl_val_int_from_ui(Ctx, A.Members && A.MemberBytes
                                           ? A.MemberBytes
                                       : A.ElementBytes ? A.ElementBytes
                                                        : 1));
    Total = Total ? isl_pw_qpolynomial_add(Total, Card) : Card;
  }
  if (!Total)
    return "0";
  Total = isl_pw_qpolynomial_gist_params(Total, Context.release());
  Total = isl_pw_qpolynomial_coalesce(Total);
  char *Text = Total ? isl_pw_qpolynomial_to_str(Total) : nullptr;
  isl_pw_qpolynomial_free(Total);
  if (!Text)
    return "";
  std::string Result = (Bound ? "at most " : "") + std::string(Text);
  free(Text);
  return Result;
}

namespace {

/// \p Set (taken) without the constraints of its disjuncts that bound a
/// subscript with a coefficient other than +-1 or bound several: a set
/// that contains it.
isl_set *unitBounds(isl_set *Set) {
  isl_set *Out = isl_set_empty(isl_set_get_space(Set));
  struct State {
    unsigned Dims;
    isl_set *Out;
  } St{unsigned(isl_set_dim(Set, isl_dim_set)), Out};
  isl_set_foreach_basic_set(
      Set,
      [](isl_basic_set *B, void *User) -> isl_stat {
        State &St = *static_cast<State *>(User);
        struct Keep {
          unsigned Dims;
          isl_basic_set *Box;
        } K{St.Dims, isl_basic_set_universe(isl_basic_set_get_space(B))};
        isl_basic_set_foreach_constraint(
            B,
            [](isl_constraint *C, void *User) -> isl_stat {
              Keep &K = *static_cast<Keep *>(User);
              unsigned Involved = 0;
              bool Unit = true;
              for (unsigned D = 0; D < K.Dims; ++D) {
                isl::val V = isl::manage(
                    isl_constraint_get_coefficient_val(C, isl_dim_set, D));
                if (V.is_zero())
                  continue;
                ++Involved;
                Unit &= V.abs().is_one();
              }
              if (Involved <= 1 && Unit)
                K.Box = isl_basic_set_add_constraint(K.Box, C);
              else
                isl_constraint_free(C);
              return isl_stat_ok;
            },
            &K);
        isl_basic_set_free(B);
        St.Out = isl_set_union(St.Out, isl_set_from_basic_set(K.Box));
        return St.Out ? isl_stat_ok : isl_stat_error;
      },
      &St);
  isl_set_free(Set);
  return St.Out;
}

/// A union of boxes that contains \p Set: per disjunct, the product of its
/// projections on each subscript (isl's projection, without the
/// existentially quantified variables it introduces: both only enlarge
/// it). Null when isl fails or a box is unbounded.
isl::set boxCover(const isl::set &Set) {
  if (Set.is_null())
    return Set;
  isl::set Result = Set.subtract(Set);
  bool Failed = false;
  Set.foreach_basic_set([&](isl::basic_set B) -> isl::stat {
    isl_set *Plain = isl_set_remove_divs(isl_set_from_basic_set(B.copy()));
    unsigned Dims = Plain ? unsigned(isl_set_dim(Plain, isl_dim_set)) : 0;
    isl_set *Box = Plain ? isl_set_universe(isl_set_get_space(Plain)) : nullptr;
    for (unsigned D = 0; Box && D < Dims; ++D) {
      isl_set *One = isl_set_copy(Plain);
      One = isl_set_project_out(One, isl_dim_set, D + 1, Dims - D - 1);
      One = isl_set_project_out(One, isl_dim_set, 0, D);
      One = isl_set_remove_divs(One);
      One = isl_set_insert_dims(One, isl_dim_set, 0, D);
      One = isl_set_add_dims(One, isl_dim_set, Dims - D - 1);
      One = isl_set_reset_space(One, isl_set_get_space(Box));
      Box = isl_set_intersect(Box, One);
    }
    isl_set_free(Plain);
    // The bounds with a coefficient other than +-1 (3 - N <= 2i0) go: the
    // others (0 <= i0 < N) usually bound the subscript too.
    Box = Box ? unitBounds(Box) : nullptr;
    if (!Box || isl_set_is_bounded(Box) != isl_bool_true) {
      isl_set_free(Box);
      Failed = true;
      return isl::stat::error();
    }
    Result = Result.unite(isl::manage(Box));
    return isl::stat::ok();
  });
  if (Failed || Result.is_null())
    return isl::set();
  // Coalescing two overlapping boxes may give one basic set that is not a
  // box (i1 - i0 <= c): the union of the boxes is kept then.
  isl::set Coalesced = Result.coalesce();
  return isBoxUnion(Coalesced) ? Coalesced : Result;
}

/// Communication::Footprints of \p Original (\p Updates: its update model,
/// where a may-write reads the old value; \p InBlock: the instances of a
/// block of columns).
void computeFootprints(const Scop &Original, const Scop &Updates,
                       const isl::union_set &InBlock, Communication &Result) {
  Result.FootprintsKnown = !InBlock.is_null();
  for (const ScopArray &A : Original.Arrays) {
    if (!Result.FootprintsKnown)
      return;
    if (A.Members) {
      Result.FootprintsKnown = false;
      return;
    }
    isl::union_map R = accessesOf(Updates, A.Name, false);
    isl::union_map W = accessesOf(Original, A.Name, true);
    isl::union_map Any = R.is_null() ? W : W.is_null() ? R : R.unite(W);
    if (Any.is_null())
      continue;
    isl::set EmptyLike;
    Any.range().foreach_set([&](isl::set Set) -> isl::stat {
      EmptyLike = Set.subtract(Set);
      return isl::stat::ok();
    });
    if (EmptyLike.is_null() || EmptyLike.tuple_dim().release() <= 0)
      continue; // a scalar: never left on a rank (its exchange is packed)
    ArrayFootprint F;
    F.Array = A.Name;
    F.Dims = unsigned(EmptyLike.tuple_dim().release());
    // More than the reads is fetched harmlessly: the values left are final.
    F.BlockReads = R.is_null() ? EmptyLike
                               : boxCover(onlySet(
                                     R.intersect_domain(InBlock).range(),
                                     EmptyLike));
    isl::union_map Must;
    for (const ScopStmt &Stmt : Original.Stmts)
      for (const MemoryAccess &Acc : Stmt.Accesses)
        if (Acc.Array == A.Name && !Acc.Relation.is_null() &&
            Acc.Kind == MemoryAccess::AccessKind::MustWrite) {
          isl::union_map M(Acc.Relation.intersect_domain(Stmt.Domain));
          Must = Must.is_null() ? M : Must.unite(M);
        }
    F.Overwritten = Must.is_null() ? EmptyLike : onlySet(Must.range(), EmptyLike);
    if (F.BlockReads.is_null() || F.Overwritten.is_null()) {
      Result.FootprintsKnown = false;
      return;
    }
    Result.Footprints.push_back(std::move(F));
  }
}

} // namespace

llvm::Expected<Communication>
computeCommunication(const Scop &Original, const PermutableBand &B,
                     const TiledNest &N, const Dependences &OriginalDeps) {
  // A may-write is modelled as an update (see Communication.h); the
  // dependences of that model are computed only when the nest has one.
  std::optional<Scop> Updates;
  std::optional<Dependences> UpdateDeps;
  if (hasMayWrite(Original)) {
    Updates = withMayWritesAsUpdates(Original);
    UpdateDeps = computeDependences(*Updates);
  }
  const Scop &S = Updates ? *Updates : Original;
  const Dependences &D = UpdateDeps ? *UpdateDeps : OriginalDeps;
  if (S.Stmts.empty() || N.Dims.empty() || N.InTile.is_null())
    return makeError("no tiled band");
  for (const std::string &P : S.Params)
    if (P == ColumnOriginParam || P == BlockLowParam || P == BlockHighParam ||
        P == GridOriginParams[0] || P == GridOriginParams[1])
      return makeError("parameter '" + P + "' clashes with a generated name");
  Communication Result;
  // Computed here, for a band that tiles, not with the dependences of every
  // nest (see computeFlowElements).
  std::map<std::string, isl::union_map> FlowElements = computeFlowElements(S);
  isl::union_set InCol = columnInstances(S, B, N);
  isl::union_set InBlock = blockInstances(S, B, N);
  isl::union_set InRowBlock = rowBlockInstances(S, B, N);
  bool Grid = N.Dims.size() >= 3;
  isl::union_set InGrid = Grid ? gridInstances(S, B, N) : isl::union_set();
  for (const ScopArray &A : S.Arrays) {
    if (!A.Written)
      continue;
    isl::union_map W = accessesOf(S, A.Name, true);
    isl::union_map R = accessesOf(S, A.Name, false);
    // A write under a guard that never holds writes nothing: no traffic.
    if (W.is_null() || W.is_empty().is_true())
      continue;
    isl::set EmptyLike;
    W.range().foreach_set([&](isl::set Set) -> isl::stat {
      EmptyLike = Set.subtract(Set);
      return isl::stat::ok();
    });
    ArrayTraffic T;
    T.Array = A.Name;
    T.Dims = unsigned(EmptyLike.tuple_dim().release());
    auto FIt = D.FlowByArray.find(A.Name);
    auto LIt = D.LastWriteByArray.find(A.Name);
    isl::union_map Flow = FIt == D.FlowByArray.end() ? isl::union_map() : FIt->second;
    auto EIt = FlowElements.find(A.Name);
    if (EIt != FlowElements.end() && EIt->second.is_null())
      return makeError("isl failed on the flow of array '" + A.Name + "'");
    // The elements a tile's writes carry to the readers in \p Readers.
    auto FlowTo = [&](const isl::union_set &Readers) {
      isl::union_set Out;
      if (EIt != FlowElements.end()) {
        // A statement writes two elements: the element a read sees, not
        // every element both instances touch (the reader may see another
        // write of one of them, which a stale copy would undo).
        Out = EIt->second.intersect_domain(N.InTile)
                  .range()
                  .unwrap()
                  .intersect_domain(Readers)
                  .range();
      } else if (!Flow.is_null() && !R.is_null()) {
        isl::union_map Pairs =
            Flow.intersect_domain(N.InTile).intersect_range(Readers);
        Out = Pairs.apply_range(R).intersect(W).range();
      }
      return Out.is_null() ? EmptyLike : onlySet(Out, EmptyLike);
    };
    T.FlowOut = FlowTo(InCol);
    if (Grid) {
      T.GridFlowOut = FlowTo(InGrid);
      if (T.GridFlowOut.is_null())
        return makeError("isl failed on the grid traffic of array '" +
                         A.Name + "'");
    }
    // Per element, the tile of its last write (see Communication.h).
    if (LIt == D.LastWriteByArray.end() || LIt->second.is_null())
      return makeError("isl failed on the last writes of array '" + A.Name +
                       "'");
    // Only the elements that code after the nest may read.
    isl::union_map Last = LIt->second;
    if (!A.ReadAfter.is_null())
      Last = Last.intersect_range(isl::union_set(A.ReadAfter));
    T.LiveOut = onlySet(Last.intersect_domain(N.InTile).range(), EmptyLike);
    // Null if isl fails: the exchange then falls back to LiveOut.
    T.BlockLiveOut = onlySet(Last.intersect_domain(InBlock).range(), EmptyLike);
    // Null if isl fails: the exchange then waits for the end of the nest.
    isl::union_set RowLive = InRowBlock.is_null()
                                 ? isl::union_set()
                                 : Last.intersect_domain(InRowBlock).range();
    if (!RowLive.is_null())
      T.RowBlockLiveOut = onlySet(RowLive, EmptyLike);
    if (T.FlowOut.is_null() || T.LiveOut.is_null())
      return makeError("isl failed on the traffic of array '" + A.Name + "'");
    Result.Arrays.push_back(std::move(T));
  }
  if (Original.AfterDeferred)
    computeFootprints(Original, S, InBlock, Result);
  Result.MaxColumnDistance = maxColumnDistance(S, B, N, D, N.ColumnDim);
  if (Grid)
    for (unsigned M = 0; M < 2; ++M)
      Result.MaxGridDistance[M] = maxColumnDistance(S, B, N, D, M);
  return Result;
}

} // namespace hetile
