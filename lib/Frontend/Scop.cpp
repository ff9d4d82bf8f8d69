//===- Scop.cpp - The polyhedral model of one loop nest --------------------===//

#include "hetile/Frontend/Scop.h"

namespace hetile {

namespace {
/// An empty union map living in the parameter space of the first domain.
isl::union_map emptyUnionMap(const Scop &S) {
  return isl::union_map::empty(S.Stmts.front().Domain.ctx());
}

template <typename Pred>
isl::union_map collectAccesses(const Scop &S, Pred Keep) {
  if (S.Stmts.empty())
    return {};
  isl::union_map Result = emptyUnionMap(S);
  for (const ScopStmt &Stmt : S.Stmts)
    for (const MemoryAccess &A : Stmt.Accesses)
      if (Keep(A))
        Result = Result.unite(isl::union_map(A.Relation.intersect_domain(Stmt.Domain)));
  return Result;
}
} // namespace

isl::union_set Scop::getDomains() const {
  if (Stmts.empty())
    return {};
  isl::union_set Result = isl::union_set(Stmts.front().Domain);
  for (const ScopStmt &Stmt : Stmts)
    Result = Result.unite(isl::union_set(Stmt.Domain));
  return Result;
}

isl::union_map Scop::getSchedule() const {
  if (Stmts.empty())
    return {};
  isl::union_map Result = emptyUnionMap(*this);
  for (const ScopStmt &Stmt : Stmts)
    Result = Result.unite(isl::union_map(Stmt.Schedule.intersect_domain(Stmt.Domain)));
  return Result;
}

isl::union_map Scop::getReads() const {
  return collectAccesses(*this, [](const MemoryAccess &A) {
    return A.Kind == MemoryAccess::AccessKind::Read;
  });
}

isl::union_map Scop::getMustWrites() const {
  return collectAccesses(*this, [](const MemoryAccess &A) {
    return A.Kind == MemoryAccess::AccessKind::MustWrite;
  });
}

isl::union_map Scop::getMayWrites() const {
  return collectAccesses(*this, [](const MemoryAccess &A) { return A.isWrite(); });
}

const ScopArray *Scop::findArray(const std::string &Name) const {
  for (const ScopArray &A : Arrays)
    if (A.Name == Name)
      return &A;
  return nullptr;
}

} // namespace hetile
