//===- StripsLegality.h - Where redundant-task strips apply -----*- C++ -*-===//
//
// Rastello & Dauxois [RD02] split space into one horizontal strip per
// processor and time into bands of w steps; within a band each processor
// computes its strip plus the halo its strip needs from its neighbours
// (redundant work), so it waits for nobody until the band ends.
//
// The schedule applies to a nest whose outermost loop (time, step 1)
// encloses every statement, whose statements each write array rows given
// by one affine function of their iterators (the row of an instance: the
// first subscript of what it writes; all its writes agree), read the
// written arrays at a constant row offset from it (so that every flow
// dependence has a bounded row distance), and whose flow dependences never
// run backwards or onto the same statement within one time step (a recurrence along the rows,
// Gauss-Seidel, has no bounded halo). The strips split the rows.
//
// The halo is derived from the exact flow dependences (isl deltas), never
// assumed: each flow dependence S -> S' gives the range of its time
// distance and of its row distance; a processor that must compute the rows
// [lo, hi] of S' at step s needs the rows [lo - max, hi - min] of S at step
// s - dt. The runtime closes this backward over a band (hetile_strips_*).
// Only flow dependences matter: each processor computes on private copies
// of the rows it touches, in the original order (docs/strips.md).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_ANALYSIS_STRIPSLEGALITY_H
#define HETILE_ANALYSIS_STRIPSLEGALITY_H

#include "hetile/Analysis/Dependences.h"
#include "hetile/Frontend/RejectReason.h"
#include "hetile/Frontend/Scop.h"

#include <optional>
#include <string>
#include <vector>

namespace hetile {

/// One statement, in the order of Scop::Stmts (the order of the statements
/// within one time step).
struct StripsStmt {
  /// { S[x] -> [r] }: the row each instance writes, on its domain.
  isl::map Row;
  /// { S[x] -> [t] }: its time step.
  isl::map Time;
  /// The lowest and highest row the statement reads or writes in a written
  /// array, relative to its row (0 included).
  long ReachLow = 0, ReachHigh = 0;
};

/// One flow dependence between statements, its distances as ranges.
struct StripsEdge {
  unsigned Source = 0, Sink = 0; ///< indices into Scop::Stmts
  /// Time distance; TimeMax < 0: unbounded above.
  long TimeMin = 0, TimeMax = 0;
  /// Row distance, sink row - source row.
  long RowMin = 0, RowMax = 0;
};

struct StripsPlan {
  std::vector<StripsStmt> Stmts;
  std::vector<StripsEdge> Edges;
  /// The arrays the nest writes (each thread computes on copies of them).
  std::vector<std::string> Written;
  /// Those of Written that a flow dependence carries across time steps
  /// (time distance >= 1): the others are read only where the same step
  /// wrote them, or where the nest never wrote them before, so a band
  /// never reads their values from the band before.
  std::vector<std::string> Carried;
  /// Written arrays the statements reach through a member of a struct,
  /// `g->next[...]` (InvariantLoad::ThroughPointer): per pointer, its
  /// members that point to written arrays, with the arrays' names. The
  /// strips give such statements a pointer of their own, to a copy of the
  /// struct whose members point to the thread's copies.
  struct Shadow {
    std::string Pointer;
    std::vector<std::pair<std::string, std::string>> Members; ///< array, member
  };
  std::vector<Shadow> Shadows;
  /// The written arrays the statements name by a member of `this` (the
  /// data of a std::vector subscripted by its bare name,
  /// InvariantLoad::BareMember): a local pointer of the member's name,
  /// of the load's type, hides it in each step.
  struct Bare {
    std::string Array, Member, Type;
  };
  std::vector<Bare> Bares;
  /// Per space loop (the loops of the nest after the time loop, in order):
  /// its iterator and the halo widths below and above, the largest
  /// distance of a flow dependence in that iterator, per time step.
  struct Halo {
    std::string Iterator;
    long Below = 0, Above = 0;
  };
  std::vector<Halo> Halos;
  /// Every dependence (flow, anti, output) between instances, as edges:
  /// what orders the sub-tiles of a strip ([RD02] section 3.3, the
  /// parallelogram sub-tiles of height h_sub_tile, executed from the
  /// bottom up; runtime/src/StripsRun.cpp). Empty with SubTiles false
  /// where some distance is not bounded by constants or a dependence runs
  /// down the rows within one statement and one step (NoSubTiles: why).
  std::vector<StripsEdge> OrderEdges;
  bool SubTiles = true;
  std::string NoSubTiles;
};

/// The result of the analysis: a plan, or why the schedule does not apply.
struct StripsAnalysis {
  std::optional<StripsPlan> Plan;
  std::optional<RejectReason> Reject;
};

/// Decides whether the strips schedule applies to \p S with dependences
/// \p D, and derives its plan. \p Loc: where a reason about the whole nest
/// is reported.
StripsAnalysis analyzeStrips(const Scop &S, const Dependences &D,
                             const SourceLoc &Loc);

} // namespace hetile

#endif
