//===- AnalysisTestUtils.h - Hand-built Scops for Analysis tests -*- C++ -*-===//
//
// Builds Scops from isl strings, the way the frontend would produce them, so
// the Analysis stage can be tested without Clang.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_TEST_ANALYSISTESTUTILS_H
#define HETILE_TEST_ANALYSISTESTUTILS_H

#include "hetile/Frontend/Scop.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace hetile {
namespace test {

/// One access: 'R' read, 'W' must-write, 'M' may-write, and its relation.
using AccessSpec = std::pair<char, std::string>;

/// A statement named after its domain tuple; iterators from its dim names;
/// the array of each access from the access's range tuple.
inline ScopStmt makeStmt(isl_ctx *Ctx, std::vector<unsigned> LoopIds,
                         const std::string &Domain,
                         const std::string &Schedule,
                         const std::vector<AccessSpec> &Accesses) {
  ScopStmt Stmt;
  Stmt.Domain = isl::set(isl::ctx(Ctx), Domain);
  Stmt.Schedule = isl::map(isl::ctx(Ctx), Schedule);
  Stmt.Name = Stmt.Domain.tuple_name();
  Stmt.LoopIds = std::move(LoopIds);
  for (unsigned I = 0; I < Stmt.LoopIds.size(); ++I)
    Stmt.Iterators.push_back(Stmt.Domain.get_dim_name(isl::dim::set, I));
  for (const auto &[Kind, Text] : Accesses) {
    MemoryAccess A;
    A.Kind = Kind == 'R'   ? MemoryAccess::AccessKind::Read
             : Kind == 'W' ? MemoryAccess::AccessKind::MustWrite
                           : MemoryAccess::AccessKind::MayWrite;
    A.Relation = isl::map(isl::ctx(Ctx), Text);
    A.Array = A.Relation.range_tuple_id().name();
    A.Text = Text;
    Stmt.Accesses.push_back(A);
  }
  return Stmt;
}

/// A Scop of \p Stmts; loops get step 1 (pass \p Steps to override).
inline Scop makeScop(std::vector<ScopStmt> Stmts,
                     std::vector<long> Steps = {}) {
  Scop S;
  S.Function = "test";
  unsigned NumLoops = 0;
  for (const ScopStmt &Stmt : Stmts) {
    S.Depth = std::max<unsigned>(S.Depth, Stmt.LoopIds.size());
    for (unsigned Id : Stmt.LoopIds)
      NumLoops = std::max(NumLoops, Id + 1);
  }
  S.Loops.resize(NumLoops);
  for (unsigned L = 0; L < NumLoops; ++L)
    S.Loops[L].Step = L < Steps.size() ? Steps[L] : 1;
  S.Stmts = std::move(Stmts);
  return S;
}

} // namespace test
} // namespace hetile

#endif
