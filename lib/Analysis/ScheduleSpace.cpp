//===- ScheduleSpace.cpp - Shared helpers of the Analysis stage ------------===//

#include "ScheduleSpace.h"

#include <algorithm>

namespace hetile {
namespace analysis {

unsigned maxScheduleDims(const Scop &S) {
  unsigned Dims = 0;
  for (const ScopStmt &Stmt : S.Stmts) {
    isl_size N = Stmt.Schedule.range_tuple_dim().release();
    if (N > 0)
      Dims = std::max(Dims, static_cast<unsigned>(N));
  }
  return Dims;
}

isl::map paddedSchedule(const ScopStmt &Stmt, unsigned Dims) {
  if (Stmt.Schedule.is_null() || Stmt.Domain.is_null())
    return {};
  isl::map Sched = Stmt.Schedule.intersect_domain(Stmt.Domain);
  isl_size N = Sched.range_tuple_dim().release();
  if (N < 0 || static_cast<unsigned>(N) > Dims)
    return {};
  Sched = Sched.add_dims(isl::dim::out, Dims - N);
  for (unsigned Pos = N; Pos < Dims; ++Pos)
    Sched = Sched.fix_si(isl::dim::out, Pos, 0);
  return isl::manage(isl_map_reset_tuple_id(Sched.release(), isl_dim_out));
}

isl::union_map paddedSchedule(const Scop &S) {
  if (S.Stmts.empty())
    return {};
  unsigned Dims = maxScheduleDims(S);
  isl::union_map Result = isl::union_map::empty(S.Stmts.front().Domain.ctx());
  for (const ScopStmt &Stmt : S.Stmts) {
    isl::map Sched = paddedSchedule(Stmt, Dims);
    if (Sched.is_null())
      return {};
    Result = Result.unite(Sched);
  }
  return Result;
}

unsigned commonLoopDepth(const ScopStmt &A, const ScopStmt &B) {
  unsigned Depth = 0;
  while (Depth < A.LoopIds.size() && Depth < B.LoopIds.size() &&
         A.LoopIds[Depth] == B.LoopIds[Depth])
    ++Depth;
  return Depth;
}

unsigned commonLoopDepth(const Scop &S) {
  if (S.Stmts.empty())
    return 0;
  unsigned Depth = S.Stmts.front().LoopIds.size();
  for (const ScopStmt &Stmt : S.Stmts)
    Depth = std::min(Depth, commonLoopDepth(S.Stmts.front(), Stmt));
  return Depth;
}

const ScopStmt *findStmt(const Scop &S, const std::string &Name) {
  for (const ScopStmt &Stmt : S.Stmts)
    if (Stmt.Name == Name)
      return &Stmt;
  return nullptr;
}

unsigned stmtIndex(const Scop &S, const std::string &Name) {
  unsigned Index = 0;
  while (Index < S.Stmts.size() && S.Stmts[Index].Name != Name)
    ++Index;
  return Index;
}

std::vector<isl::map> toMaps(const isl::union_map &U) {
  std::vector<isl::map> Result;
  if (U.is_null())
    return Result;
  isl::map_list List = U.get_map_list();
  isl_size N = List.size().release();
  for (isl_size I = 0; I < N; ++I)
    Result.push_back(List.at(I));
  return Result;
}

isl::map dropTupleIds(isl::map M) {
  isl_map *Raw = isl_map_reset_tuple_id(M.release(), isl_dim_in);
  return isl::manage(isl_map_reset_tuple_id(Raw, isl_dim_out));
}

bool isNonNegativeAt(const isl::set &Deltas, unsigned Pos) {
  if (Deltas.is_null())
    return false;
  // Look for a counterexample: coordinate Pos <= -1, i.e. -x - 1 >= 0.
  isl::constraint Negative =
      isl::constraint::alloc_inequality(isl::local_space(Deltas.space()))
          .set_coefficient_si(isl::dim::set, Pos, -1)
          .set_constant_si(-1);
  return Deltas.add_constraint(Negative).is_empty().is_true();
}

unsigned permutablePrefix(const isl::union_map &Deps,
                          const isl::union_map &BandMap, unsigned MaxDepth) {
  if (Deps.is_null() || BandMap.is_null())
    return 0;
  if (Deps.is_empty().is_true())
    return MaxDepth;
  isl::union_set Distances =
      Deps.apply_domain(BandMap).apply_range(BandMap).deltas();
  if (Distances.is_null())
    return 0;
  if (Distances.is_empty().is_true())
    return MaxDepth;
  isl::set Deltas(Distances);
  unsigned Depth = 0;
  while (Depth < MaxDepth && isNonNegativeAt(Deltas, Depth))
    ++Depth;
  return Depth;
}

} // namespace analysis
} // namespace hetile
