//===- AliasChecks.h - Checks that arrays do not overlap --------*- C++ -*-===//
//
// Two pointer-based arrays of a nest (array or VLA parameters, pointers) may
// point into the same object. Where they are not both restrict and one of
// them is written, the nest is tiled under a run-time check, as Polly's
// run-time alias checks do: the tiled code runs only when the bytes the nest
// touches in one array lie outside those it touches in the other; otherwise
// the original nest runs (CodeGen/TiledCodeGen.h).
//
// The bytes an array's accesses touch are bounded by a box: per subscript,
// its lowest and highest value over the nest's iterations (isl's dim_min and
// dim_max of the accessed elements, piecewise affine in the parameters).
// With the row sizes of the array's type (sizeof, which for a VLA is its
// run-time size), the box's lowest corner is the lowest byte and its highest
// corner plus one element the end: for in-bounds subscripts these are the
// lexicographic minimum and maximum of the accessed elements, and the box
// stays a sound bound when an inner subscript leaves its row.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_ALIASCHECKS_H
#define HETILE_FRONTEND_ALIASCHECKS_H

#include "hetile/Frontend/Scop.h"

#include <optional>
#include <string>

namespace hetile {

/// At most this many pieces per bound (a piecewise minimum or maximum with
/// more cases is refused, and the nest with it).
constexpr unsigned MaxBoundPieces = 8;

/// The box of the elements of \p Array that the accesses of \p S touch, or
/// nothing with the reason in \p Why (unbounded subscript, too many pieces).
std::optional<ArrayBounds> boundArray(const Scop &S, const ScopArray &Array,
                                      std::string &Why);

/// The index in S.Bounds of the box of array \p Index (into S.Arrays),
/// added on first use; nothing, with the reason in \p Why, when it cannot
/// be bounded.
std::optional<unsigned> addBounds(Scop &S, unsigned Index, std::string &Why);

/// Adds to \p S the checks that no written array reaches a load the nest
/// never writes (Scop::LoadChecks): each array written through a pointer
/// or declared, against each load. The reason when an array cannot be
/// bounded.
std::optional<std::string> addLoadChecks(Scop &S);

/// Adds to \p S the check that arrays \p First and \p Second (indices into
/// S.Arrays) do not overlap, bounding each array once. False, with the
/// reason in \p Why, when an array cannot be bounded.
bool addAliasCheck(Scop &S, unsigned First, unsigned Second, std::string &Why);

} // namespace hetile

#endif
