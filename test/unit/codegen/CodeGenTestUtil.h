//===- CodeGenTestUtil.h - Scops and bands built by hand --------*- C++ -*-===//
//
// The unit tests and the hetile-codegen-test driver build Scops directly
// from isl strings (no frontend, no analysis): one statement per line of
// text, a band schedule, and an optional inner order.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_TEST_UNIT_CODEGEN_CODEGENTESTUTIL_H
#define HETILE_TEST_UNIT_CODEGEN_CODEGENTESTUTIL_H

#include "hetile/Analysis/Permutability.h"
#include "hetile/CodeGen/ExitValue.h"
#include "hetile/Frontend/Scop.h"

#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace hetile {
namespace test {

/// Adds a loop to \p S and returns its index.
inline unsigned addLoop(Scop &S, const std::string &Iterator,
                        const std::string &Type = "int", long Step = 1,
                        bool DeclaredInHeader = false) {
  ScopLoop L;
  L.Iterator = Iterator;
  L.IteratorType = Type;
  L.Step = Step;
  L.DeclaredInHeader = DeclaredInHeader;
  S.Loops.push_back(L);
  return unsigned(S.Loops.size() - 1);
}

/// The identifiers of \p Text, as the frontend records them for a
/// statement (ScopStmt::Identifiers); test texts hold no comments or
/// literals with letters.
inline std::set<std::string> identifiersOf(const std::string &Text) {
  std::set<std::string> Ids;
  for (size_t I = 0; I < Text.size();) {
    auto IsChar = [&](size_t K) {
      return std::isalnum(static_cast<unsigned char>(Text[K])) ||
             Text[K] == '_';
    };
    if (!IsChar(I)) {
      ++I;
      continue;
    }
    size_t B = I;
    while (I < Text.size() && IsChar(I))
      ++I;
    if (!std::isdigit(static_cast<unsigned char>(Text[B])))
      Ids.insert(Text.substr(B, I - B));
  }
  return Ids;
}

/// Adds statement S<k> with domain \p Domain (its tuple named S<k>), the
/// iterators of loops \p LoopIds, and source text \p Text.
inline void addStmt(Scop &S, isl_ctx *Ctx, const std::string &Domain,
                    const std::vector<unsigned> &LoopIds,
                    const std::string &Text) {
  ScopStmt St;
  St.Domain = isl::set(isl::ctx(Ctx), Domain);
  St.Name = St.Domain.tuple_name();
  St.LoopIds = LoopIds;
  for (unsigned L : LoopIds)
    St.Iterators.push_back(S.Loops[L].Iterator);
  St.Text = Text;
  St.Identifiers = identifiersOf(Text);
  S.Stmts.push_back(St);
  if (LoopIds.size() > S.Depth)
    S.Depth = unsigned(LoopIds.size());
}

/// A band \p Band (union map string) of depth \p Depth, followed by the
/// optional inner order \p Inner (e.g. "{ S0[t,i] -> [0]; S1[t,i] -> [1] }").
inline PermutableBand makeBand(const Scop &S, unsigned Depth,
                               const std::string &Band,
                               const std::string &Inner = "") {
  PermutableBand B;
  isl::ctx Ctx = S.Stmts.front().Domain.ctx();
  B.Depth = Depth;
  B.BandSchedule = isl::union_map(Ctx, Band);
  isl::schedule Sched = isl::schedule::from_domain(S.getDomains());
  if (!Inner.empty())
    Sched = Sched.insert_partial_schedule(
        isl::union_map(Ctx, Inner).as_multi_union_pw_aff());
  Sched = Sched.insert_partial_schedule(B.BandSchedule.as_multi_union_pw_aff());
  B.Schedule = Sched.root()
                   .child(0)
                   .as<isl::schedule_node_band>()
                   .set_permutable(1)
                   .schedule();
  return B;
}

inline LoopExit makeExit(isl_ctx *Ctx, unsigned Loop, const std::string &Entry,
                         const std::string &Iterations,
                         const std::string &Init,
                         std::vector<long> OuterSteps = {}) {
  LoopExit E;
  E.Loop = Loop;
  E.EntryDomain = isl::set(isl::ctx(Ctx), Entry);
  E.Iterations = isl::set(isl::ctx(Ctx), Iterations);
  E.Init = isl::map(isl::ctx(Ctx), Init);
  E.OuterSteps = std::move(OuterSteps);
  return E;
}

} // namespace test
} // namespace hetile

#endif
