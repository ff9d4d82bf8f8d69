//===- Privatization.h - Tiles with copies of their temporaries -*- C++ -*-===//
//
// C89-style code reuses a scalar or a small array declared outside the nest
// as a temporary in every iteration:
//
//   double s;
//   for (i ...) for (j ...) { s = 0; for (k ...) s += A[i][k] * B[k][j];
//                             C[i][j] = s; }
//
// Its anti and output dependences (each (i, j) overwrites the s of the
// previous one) hide the band (i, j). When every value read from such a
// variable was written in the same point of the band, each tile may compute
// on a copy of its own: the band is searched without the variable's anti and
// output dependences, and kept only when, for that band, with B the band
// schedule and Sched the full one, the variable X satisfies
//
//   (a) every flow dependence x -> y through X has B(x) = B(y), and no read
//       of X may read a value from before the nest (Dependences::LiveIn);
//   (b) every dependence x -> y through X with B(x) = B(y) has
//       Sched(x) <<lex Sched(y) (inside one band point, the order of X's
//       accesses is the original's);
//   (c) the last write of each element of X in the original order lies in
//       the lexicographically last band point that writes the element, and
//       that point is the same for every element: LastPoint.
//
// A tile then runs its band points in lexicographic order on its copy, and
// the tile holding LastPoint leaves in X exactly what the original leaves.
// Only ScopArray::Privatizable variables (Frontend/PrivateVars.h), written
// by must-writes only, are candidates. A candidate failing a check for the
// band found keeps its dependences and the search is run again; the result
// is used only when its band is deeper than the band without privatization.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_ANALYSIS_PRIVATIZATION_H
#define HETILE_ANALYSIS_PRIVATIZATION_H

#include "hetile/Analysis/Dependences.h"
#include "hetile/Analysis/Permutability.h"
#include "hetile/Frontend/Scop.h"

namespace hetile {

/// findPermutableBand(S, D, AllowTransform), or, where privatizing some
/// variables gives a deeper band, that band with its PermutableBand::Private.
PermutableBand findBandWithPrivatization(const Scop &S, const Dependences &D,
                                         bool AllowTransform);

} // namespace hetile

#endif
