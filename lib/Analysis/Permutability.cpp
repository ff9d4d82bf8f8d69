//===- Permutability.cpp - The outermost fully permutable band -------------===//
//
// As written, the band is made of the loops common to all statements, checked
// in schedule space (2d+1 schedule dimensions 1, 3, 5, ...): a loop with a
// negative step appears there negated, so "non-negative distance" means
// "respects the direction the loop runs". Where that band is shallower than
// the common loops, than 2, or than a statement's loops, isl's scheduler is
// asked for a transformation
// (see IslScheduler.h), and its outermost band is accepted only when isl marks
// it permutable, it has >= 2 members, it is deeper than the band as written,
// and our own check confirms every dependence is non-negative in each member.
//
//===----------------------------------------------------------------------===//

#include "hetile/Analysis/Permutability.h"

#include "IslScheduler.h"
#include "ScheduleSpace.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/printer.h>

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace hetile {

namespace {

using analysis::toMaps;

/// \p M with only the output dimensions listed in \p Keep (ascending).
isl::map keepOutputDims(isl::map M, const std::vector<unsigned> &Keep) {
  isl_size N = M.range_tuple_dim().release();
  for (isl_size Pos = N - 1; Pos >= 0; --Pos)
    if (!std::binary_search(Keep.begin(), Keep.end(),
                            static_cast<unsigned>(Pos)))
      M = M.project_out(isl::dim::out, Pos, 1);
  return M;
}

/// The padded 2d+1 schedule of every statement restricted to output
/// dimensions \p Keep.
isl::union_map scheduleDims(const Scop &S, const std::vector<unsigned> &Keep) {
  isl::union_map Result = isl::union_map::empty(S.Stmts.front().Domain.ctx());
  for (isl::map M : toMaps(analysis::paddedSchedule(S)))
    Result = Result.unite(keepOutputDims(M, Keep));
  return Result;
}

/// Schedule positions of the first \p Depth loops: 1, 3, 5, ...
std::vector<unsigned> loopPositions(unsigned Depth) {
  std::vector<unsigned> Positions;
  for (unsigned L = 0; L < Depth; ++L)
    Positions.push_back(2 * L + 1);
  return Positions;
}

/// Positions \p From .. \p To - 1.
std::vector<unsigned> positionRange(unsigned From, unsigned To) {
  std::vector<unsigned> Positions;
  for (unsigned P = From; P < To; ++P)
    Positions.push_back(P);
  return Positions;
}

/// \p PA as a C expression in the statement's iterators, e.g. "2*t + i".
std::string affToC(isl::pw_aff PA, const isl::set &Domain) {
  PA = PA.gist(Domain);
  isl_printer *P = isl_printer_to_str(PA.ctx().get());
  P = isl_printer_set_output_format(P, ISL_FORMAT_C);
  P = isl_printer_print_pw_aff(P, PA.get());
  char *Str = isl_printer_get_str(P);
  isl_printer_free(P);
  std::string Result = Str ? Str : "?";
  free(Str);
  return Result;
}

/// "S0: (t, 2*t + i)" for each statement, in Scop order.
std::vector<std::string> describe(const Scop &S, const isl::union_map &Band) {
  std::vector<std::string> Lines;
  for (const ScopStmt &Stmt : S.Stmts) {
    isl::union_map Mine = Band.intersect_domain(isl::union_set(Stmt.Domain));
    std::vector<isl::map> Maps = toMaps(Mine);
    if (Maps.size() != 1)
      continue;
    isl::pw_multi_aff PMA = Maps.front().as_pw_multi_aff();
    std::string Line = Stmt.Name + ": (";
    isl_size N = PMA.dim(isl::dim::out).release();
    for (isl_size I = 0; I < N; ++I)
      Line += (I ? ", " : "") + affToC(PMA.at(I), Stmt.Domain);
    Lines.push_back(Line + ")");
  }
  return Lines;
}

isl::multi_union_pw_aff toMupa(const isl::union_map &M) {
  return isl::multi_union_pw_aff::from_union_map(M);
}

/// The band of the first \p Depth common loops as written, with the rest of
/// the original order below it.
PermutableBand asWrittenBand(const Scop &S, const isl::union_map &Deps) {
  PermutableBand Band;
  unsigned Common = analysis::commonLoopDepth(S);
  Band.Depth = analysis::permutablePrefix(
      Deps, scheduleDims(S, loopPositions(Common)), Common);
  unsigned Dims = analysis::maxScheduleDims(S);
  isl::schedule Sched = isl::schedule::from_domain(S.getDomains());
  if (2 * Band.Depth < Dims)
    Sched = Sched.insert_partial_schedule(
        toMupa(scheduleDims(S, positionRange(2 * Band.Depth, Dims))));
  if (Band.Depth == 0) {
    Band.Schedule = Sched;
    return Band;
  }
  Band.BandSchedule = scheduleDims(S, loopPositions(Band.Depth));
  Sched = Sched.insert_partial_schedule(toMupa(Band.BandSchedule));
  isl::schedule_node Node = Sched.root().child(0);
  if (!Node.is_null() && Node.isa<isl::schedule_node_band>())
    Sched = Node.as<isl::schedule_node_band>().set_permutable(1).schedule();
  Band.Schedule = Sched;
  Band.Description = describe(S, Band.BandSchedule);
  return Band;
}

/// How the affine function \p A moves band dimension \p Pos of the nest.
struct AffShape {
  bool Skewed = false;   ///< more than one iterator
  bool Shifted = false;  ///< a non-zero constant
  bool Permuted = false; ///< one iterator, not the one at \p Pos
};

AffShape shapeOf(const isl::aff &A, unsigned Pos) {
  AffShape Shape;
  isl_size N = isl_aff_dim(A.get(), isl_dim_in);
  int Iterators = 0, Only = -1;
  for (isl_size I = 0; I < N; ++I) {
    isl::val C = isl::manage(isl_aff_get_coefficient_val(A.get(), isl_dim_in, I));
    if (!C.is_null() && !C.is_zero().is_true()) {
      ++Iterators;
      Only = I;
    }
  }
  isl::val Cst = A.constant_val();
  Shape.Skewed = Iterators > 1;
  Shape.Shifted = !Cst.is_null() && !Cst.is_zero().is_true();
  Shape.Permuted = Iterators == 1 && Only != static_cast<int>(Pos);
  return Shape;
}

/// A short note on isl's transformation: "isl scheduler: fused, skewed".
std::string noteFor(const Scop &S, const isl::union_map &Band,
                    unsigned Depth) {
  AffShape All;
  for (isl::map M : toMaps(Band)) {
    isl::pw_multi_aff PMA = M.as_pw_multi_aff();
    if (PMA.is_null())
      continue;
    PMA.foreach_piece([&](isl::set, isl::multi_aff MA) -> isl::stat {
      for (unsigned I = 0; I < Depth; ++I) {
        AffShape Shape = shapeOf(MA.at(I), I);
        All.Skewed |= Shape.Skewed;
        All.Shifted |= Shape.Shifted;
        All.Permuted |= Shape.Permuted;
      }
      return isl::stat::ok();
    });
  }
  std::vector<std::string> Kinds;
  if (Depth > analysis::commonLoopDepth(S))
    Kinds.push_back("fused");
  if (All.Skewed)
    Kinds.push_back("skewed");
  if (All.Shifted)
    Kinds.push_back("shifted");
  if (All.Permuted)
    Kinds.push_back("permuted");
  std::string Note = "isl scheduler:";
  for (size_t I = 0; I < Kinds.size(); ++I)
    Note += (I ? ", " : " ") + Kinds[I];
  return Note;
}

/// The pairs of statement instances of \p S that read one element of an
/// array, between different statements: [params] -> { S0[...] -> S1[...] }.
isl::union_map readsOfOneElement(const Scop &S) {
  std::vector<isl::union_map> ByStmt;
  for (const ScopStmt &Stmt : S.Stmts) {
    isl::union_map Reads;
    for (const MemoryAccess &A : Stmt.Accesses) {
      const ScopArray *Arr = S.findArray(A.Array);
      if (A.isWrite() || A.Relation.is_null() || !Arr ||
          Arr->Extents.empty())
        continue;
      isl::union_map R(A.Relation.intersect_domain(Stmt.Domain));
      Reads = Reads.is_null() ? R : Reads.unite(R);
    }
    if (!Reads.is_null())
      ByStmt.push_back(Reads);
  }
  isl::union_map Out;
  for (size_t I = 0; I < ByStmt.size(); ++I)
    for (size_t J = I + 1; J < ByStmt.size(); ++J) {
      isl::union_map Pair = ByStmt[I].apply_range(ByStmt[J].reverse());
      if (Pair.is_null())
        return {};
      Out = Out.is_null() ? Pair : Out.unite(Pair);
    }
  return Out;
}

/// The outermost band of isl's schedule when it beats \p AsWrittenDepth.
std::optional<PermutableBand> transformedBand(const Scop &S,
                                              const isl::union_map &Deps,
                                              unsigned AsWrittenDepth) {
  isl::union_set Domains = S.getDomains();
  isl::schedule Sched =
      analysis::computeTilingSchedule(Domains, Deps, S.Context);
  if (Sched.is_null())
    return std::nullopt;
  isl::schedule_node Node = Sched.root();
  if (Node.is_null() || Node.n_children().release() != 1)
    return std::nullopt;
  Node = Node.child(0);
  // Statements that no dependence links (sibling loops under one outer
  // loop, each with its own recurrence) are scheduled apart, under a set
  // or sequence: asked to keep the statement instances that read one
  // element close (Polly's and Pluto's input dependences), isl may fuse
  // them into one band (loop fusion after the distribution the nest
  // needs).
  if (!Node.isa<isl::schedule_node_band>() && S.Stmts.size() > 1) {
    isl::union_map Near = readsOfOneElement(S);
    if (Near.is_null() || !Near.is_empty().is_false())
      return std::nullopt;
    Sched = analysis::computeTilingSchedule(Domains, Deps, S.Context, Near);
    if (Sched.is_null())
      return std::nullopt;
    Node = Sched.root();
    if (Node.is_null() || Node.n_children().release() != 1)
      return std::nullopt;
    Node = Node.child(0);
  }
  if (!Node.isa<isl::schedule_node_band>())
    return std::nullopt;
  auto BandNode = Node.as<isl::schedule_node_band>();
  isl_size Members = BandNode.n_member().release();
  if (!BandNode.permutable().is_true() || Members < 2 ||
      static_cast<unsigned>(Members) <= AsWrittenDepth)
    return std::nullopt;
  isl::union_map BandMap =
      isl::union_map::from(BandNode.partial_schedule()).intersect_domain(
          Domains);
  // Trust, but verify: the band must be permutable for every dependence.
  if (analysis::permutablePrefix(Deps, BandMap, Members) !=
      static_cast<unsigned>(Members))
    return std::nullopt;
  PermutableBand Band;
  Band.Depth = Members;
  Band.Transformed = true;
  Band.BandSchedule = BandMap;
  Band.Schedule = Sched;
  Band.Description = describe(S, BandMap);
  Band.Note = noteFor(S, BandMap, Members);
  return Band;
}

} // namespace

PermutableBand findPermutableBand(const Scop &S, const Dependences &D,
                                  bool AllowTransform, bool BeyondCommon) {
  if (S.Stmts.empty())
    return {};
  isl::union_map Deps = D.all();
  if (Deps.is_null())
    return {};
  PermutableBand Band = asWrittenBand(S, Deps);
  unsigned Common = analysis::commonLoopDepth(S);
  // A statement in loops below the band (2mm's sum over k under a band (i,
  // j) that an initialization shares) leaves its innermost loop out of the
  // tiles: the scheduler may find a deeper band, (i, j, k) with the
  // initialization at k = 0, whose tiles then hold the loop.
  unsigned Deepest = 0;
  if (BeyondCommon)
    for (const ScopStmt &St : S.Stmts)
      Deepest = std::max<unsigned>(Deepest, St.Iterators.size());
  if (!AllowTransform ||
      (Band.Depth >= Common && Band.Depth >= 2 && Band.Depth >= Deepest))
    return Band;
  if (std::optional<PermutableBand> Better =
          transformedBand(S, Deps, Band.Depth))
    return *Better;
  return Band;
}

} // namespace hetile
