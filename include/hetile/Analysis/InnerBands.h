//===- InnerBands.h - Sequential outer loops around tiled bands -*- C++ -*-===//
//
// Where the outermost loops of a nest cannot join a permutable band of two or
// more loops (Floyd-Warshall's k, a time loop around sweeps, the pivot loop
// of LU), hetile keeps them as sequential loops, as Pluto does, and tiles
// the band below them. Inside one iteration of the outer loops their
// iterators are fixed: they become parameters of the nest below, whose
// dependences are then exactly those between instances of the same outer
// iteration (dependences carried by the outer loops are respected by running
// them in order).
//
// The statements below the outer loops form groups, one per loop (or
// statement) directly inside the innermost outer loop, in textual order. They
// are tiled as one band when the whole group set has one (possibly after a
// transformation that fuses them), else each group as its own band, run in
// sequence: a distributed nest, such as ADI's row sweep then column sweep
// inside the time loop. Each band must be permutable with >= 2 members.
//
//   for (k = 0; k < n; k++)             sequential outer loop (Outer = 1)
//     for (i ...) for (j ...)            band 1: (i, j), k a parameter
//       path[i][j] = min(path[i][j], path[i][k] + path[k][j]);
//
// Where no outer loops work, the outermost loop may be distributed over its
// body instead (Outer = 0, no sequential loop): each band is a run of the
// loops and statements directly inside it, with that loop, and the bands run
// one after the other (Gram-Schmidt's update of R's row k, then of A).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_ANALYSIS_INNERBANDS_H
#define HETILE_ANALYSIS_INNERBANDS_H

#include "hetile/Analysis/Dependences.h"
#include "hetile/Analysis/Permutability.h"
#include "hetile/Frontend/Scop.h"

#include <optional>
#include <string>
#include <vector>

namespace hetile {

/// One tiled band below the sequential outer loops.
struct InnerBand {
  /// The band's statements without the outer loops: the outer iterators are
  /// parameters (appended to Params), the domains, schedules and accesses
  /// start at the first loop below them. Loops keeps every loop of the nest
  /// (LoopIds index it), all marked DeclaredInHeader: the final values of
  /// iterators are set once, after the outer loops. No Exits.
  Scop S;
  Dependences Deps;
  PermutableBand Band;
};

struct InnerBands {
  /// Number of outermost loops kept sequential; 0 where the outermost loop
  /// is distributed over its body instead, each band a run of its body in
  /// that loop.
  unsigned Outer = 0;
  /// Their iterators, outermost first.
  std::vector<std::string> Iterators;
  /// [params] -> { [k, ...] }: the outer iterations that run a statement.
  isl::set OuterDomain;
  /// The bands, in execution order inside one outer iteration.
  std::vector<InnerBand> Bands;
};

/// The nest of \p S's statements \p Stmts (indices into S.Stmts, ascending)
/// below its \p Outer outermost loops, which every one of them shares.
Scop peelOuterLoops(const Scop &S, unsigned Outer,
                    const std::vector<unsigned> &Stmts);

/// The fewest outer loops of \p S to keep sequential so that the nest below
/// them is tiled as bands of >= 2 loops, and those bands; none when no
/// choice works. With \p AllowTransform each band may be found by isl's
/// scheduler (findPermutableBand). Each try costs one dependence analysis
/// and at most one bounded scheduler run per band.
///
/// Where no choice of sequential outer loops works, the outermost loop may
/// be distributed instead (Outer = 0): over the loops and statements
/// directly inside it, in contiguous runs that each tile as a band of >= 2
/// loops, when no dependence of \p D goes from a later run to an earlier.
std::optional<InnerBands> findInnerBands(const Scop &S, const Dependences &D,
                                         bool AllowTransform);

} // namespace hetile

#endif
