//===- Permutability.h - The outermost fully permutable band ----*- C++ -*-===//
//
// A band of loops is fully permutable when every dependence not carried by an
// outer loop has a non-negative distance in every band dimension; such a band
// can be tiled rectangularly. findPermutableBand() first checks the nest as
// written; where that band is shallower than the nest allows, it asks isl's
// scheduler (Pluto-style, proximity = validity = all dependences) for a legal
// affine transformation -- skewing, shifting, fusion -- whose outermost band is
// permutable, and reports it.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_ANALYSIS_PERMUTABILITY_H
#define HETILE_ANALYSIS_PERMUTABILITY_H

#include "hetile/Analysis/Dependences.h"
#include "hetile/Frontend/Scop.h"

#include <string>
#include <vector>

namespace hetile {

/// A variable (a scalar or a small local array) each tile computes on a
/// copy of its own (Analysis/Privatization.h).
struct PrivateCopy {
  std::string Array; ///< the C name
  /// [params] -> { [b_0, ..., b_{k-1}] }: the band point of the last write
  /// of every element in the original order (one point; empty where the nest
  /// writes none): the tile holding it leaves its copy's values in the
  /// variable.
  isl::set LastPoint;
  /// [params] -> { X[e] }: the elements the nest writes, all of them in
  /// LastPoint (those the tile holding it copies to the variable).
  isl::set Elements;
};

struct PermutableBand {
  /// Number of band dimensions (0 when nothing permutable of depth >= 1).
  unsigned Depth = 0;
  /// True when the band needs a transformation of the nest as written.
  bool Transformed = false;
  /// The band's schedule, one affine function per dimension for each
  /// statement: [params] -> { S0[t, i] -> [t, t + i]; S1[t, i] -> [t, t + i + 1] }
  isl::union_map BandSchedule;
  /// The full schedule: band dimensions first, then whatever orders the
  /// statements inside a band point (for code generation). As written: a
  /// domain node, the band (marked permutable; absent when Depth == 0), then
  /// one band with the remaining dimensions of the zero-padded 2d+1 schedule
  /// (constants included). Transformed: isl's schedule tree as computed.
  isl::schedule Schedule;
  /// Per statement, in Scop order, the band as C expressions (isl's C
  /// printer) in the statement's iterators: "S0: (t, 2 * t + i)". A loop with
  /// a negative step shows as "-i" as written.
  std::vector<std::string> Description;
  /// What the transformation does, e.g. "isl scheduler: fused, skewed,
  /// shifted" (also "permuted"). Empty when not transformed.
  std::string Note;
  /// Variables privatized for this band: their anti and output dependences
  /// were left out of its search (by C name, in Scop order).
  std::vector<PrivateCopy> Private;
};

/// Returns the outermost fully permutable band of \p S given its dependences
/// \p D. Depth < 2 means nothing worth tiling was found. With
/// \p AllowTransform, isl's scheduler is tried when the band as written is
/// shallower than the loops common to all statements or than 2; its band is
/// used only when permutable, of >= 2 members, deeper than as written, and
/// verified against every dependence. Where \p BeyondCommon, the scheduler
/// is also tried where a statement lies in loops below the band as written
/// (its band then taken only when deeper). The scheduler runs under an
/// operation quota; running out means "no transformation", never a hang.
PermutableBand findPermutableBand(const Scop &S, const Dependences &D,
                                  bool AllowTransform,
                                  bool BeyondCommon = true);

} // namespace hetile

#endif
