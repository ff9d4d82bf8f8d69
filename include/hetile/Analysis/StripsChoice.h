//===- StripsChoice.h - Strips or the pipeline: the model's choice -*- C++ -*-===//
//
// With --omp-schedule=auto, a nest where the strips apply
// (Analysis/StripsLegality.h) runs them when the model says they are faster
// than the pipelined schedule of its permutable band, else the pipeline.
//
// Both are costed per time step, in rows computed by one processor, for a
// processor owning h rows of a nest of M statements per step:
//
//   strips   ([RD02] sections 3.3 and 4.5, T_calc of a band of w steps
//            over w):  h M + (R(w) + C(h, w) + 1) / w, minimised over the
//            runtime's candidate widths w; R(w) the redundant rows of a
//            band (the halo closed over the band's flow dependences, as
//            the runtime computes it), C the rows copied in and out (a
//            quarter of a row each), 1 the band's barriers;
//   pipeline h M (1 + s): s = 0.15 where the band is skewed (its tiles
//            are parallelograms whose point loops carry min/max bounds and
//            guards: bench/tiling_speed.py measures skewed jacobi-2d at
//            0.86x the original on one thread), 0 where it is not (its
//            tiles are rectangles and need no redundant work).
//
// Neither counts the memory traffic: both reuse the cache across time
// steps (the pipeline's tiles span several steps, the strips' sub-tiles
// a band).
//
// h is half the rows (two processors: the fewest that split the rows)
// where the rows are a constant of the program; where they depend on a
// parameter, h is taken as unbounded: the strips' overhead does not grow
// with h, the skewed pipeline's does, so strips win iff s > 0.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_ANALYSIS_STRIPSCHOICE_H
#define HETILE_ANALYSIS_STRIPSCHOICE_H

#include "hetile/Analysis/Permutability.h"
#include "hetile/Analysis/StripsLegality.h"

#include <string>

namespace hetile {

struct StripsChoice {
  /// Whether the strips win.
  bool Strips = false;
  /// The rows and steps of the nest; -1 where a parameter sets them.
  long Rows = -1, Steps = -1;
  /// The pipelined band is skewed (s > 0).
  bool Skewed = false;
  /// The strips' width of least cost, and the two costs per step (rows
  /// computed); with unknown rows, the costs beyond h M.
  long Width = 1;
  double StripsCost = 0, PipelineCost = 0;

  /// One line: the choice and the model's figures.
  std::string describe() const;
};

/// The choice for nest \p S, whose strips plan is \p P and whose pipelined
/// schedule tiles band \p B.
StripsChoice chooseStrips(const Scop &S, const StripsPlan &P,
                          const PermutableBand &B);

} // namespace hetile

#endif
