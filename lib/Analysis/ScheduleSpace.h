//===- ScheduleSpace.h - Shared helpers of the Analysis stage ---*- C++ -*-===//
//
// Private to lib/Analysis. The frontend's 2d+1 schedules have as many output
// dimensions as each statement has loops; comparing statements needs one
// common schedule space, so these helpers pad every schedule with zeros to the
// longest one. Padding keeps the order: two different statements differ in a
// textual-position constant before the shorter schedule ends.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_LIB_ANALYSIS_SCHEDULESPACE_H
#define HETILE_LIB_ANALYSIS_SCHEDULESPACE_H

#include "hetile/Frontend/Scop.h"

#include <string>
#include <vector>

namespace hetile {
namespace analysis {

/// The number of output dimensions of the longest statement schedule.
unsigned maxScheduleDims(const Scop &S);

/// \p Stmt's schedule on its domain, padded with zero dimensions to \p Dims
/// output dimensions, in an anonymous range space.
isl::map paddedSchedule(const ScopStmt &Stmt, unsigned Dims);

/// The union of paddedSchedule() over all statements; null for an empty Scop.
isl::union_map paddedSchedule(const Scop &S);

/// The number of leading loops \p A and \p B share (equal LoopIds).
unsigned commonLoopDepth(const ScopStmt &A, const ScopStmt &B);

/// The number of leading loops shared by every statement of \p S.
unsigned commonLoopDepth(const Scop &S);

/// The statement of \p S named \p Name, or null.
const ScopStmt *findStmt(const Scop &S, const std::string &Name);

/// Index of the statement named \p Name in S.Stmts (S.Stmts.size() if none).
unsigned stmtIndex(const Scop &S, const std::string &Name);

/// The maps of \p U, in isl's order (empty for a null union map).
std::vector<isl::map> toMaps(const isl::union_map &U);

/// \p M with both tuple ids removed, so that deltas() can compare the tuples.
isl::map dropTupleIds(isl::map M);

/// Does every point of \p Deltas have a non-negative coordinate \p Pos?
/// An empty or null set answers true only when it is empty, never when null.
bool isNonNegativeAt(const isl::set &Deltas, unsigned Pos);

/// The largest K <= \p MaxDepth such that every dependence of \p Deps, mapped
/// through the single-valued \p BandMap on both sides, has non-negative
/// distances in band dimensions 0..K-1: the depth of the permutable prefix.
unsigned permutablePrefix(const isl::union_map &Deps,
                          const isl::union_map &BandMap, unsigned MaxDepth);

} // namespace analysis
} // namespace hetile

#endif
