//===- Privatization.cpp - Tiles with copies of their temporaries ----------===//
//
// The checks of Privatization.h, each an inclusion between isl relations on
// the exact dependences; see there for what they prove.
//
//===----------------------------------------------------------------------===//

#include "hetile/Analysis/Privatization.h"

#include "ScheduleSpace.h"

#include <isl/union_map.h>

#include <algorithm>
#include <optional>

namespace hetile {

namespace {

isl::union_map byArray(const std::map<std::string, isl::union_map> &M,
                       const std::string &Array, isl::ctx Ctx) {
  auto It = M.find(Array);
  return It == M.end() || It->second.is_null() ? isl::union_map::empty(Ctx)
                                               : It->second;
}

/// { S[i] -> X[...] } of the writes of \p Array, on the statements' domains.
isl::union_map writesOf(const Scop &S, const std::string &Array) {
  isl::union_map W = isl::union_map::empty(S.Stmts.front().Domain.ctx());
  for (const ScopStmt &Stmt : S.Stmts)
    for (const MemoryAccess &A : Stmt.Accesses)
      if (A.Array == Array && A.isWrite() && !A.Relation.is_null())
        W = W.unite(A.Relation.intersect_domain(Stmt.Domain));
  return W;
}

/// The variables that may be privatized for some band: Privatizable, written
/// by must-writes only, never read before written in the nest, with false
/// dependences to drop.
std::vector<std::string> candidates(const Scop &S, const Dependences &D) {
  std::vector<std::string> Result;
  isl::ctx Ctx = S.Stmts.front().Domain.ctx();
  for (const ScopArray &A : S.Arrays) {
    if (!A.Privatizable || !A.Written)
      continue;
    bool MayWrite = false;
    for (const ScopStmt &Stmt : S.Stmts)
      for (const MemoryAccess &Acc : Stmt.Accesses)
        MayWrite |= Acc.Array == A.Name &&
                    Acc.Kind == MemoryAccess::AccessKind::MayWrite;
    auto LiveIn = D.LiveInByArray.find(A.Name);
    if (MayWrite || LiveIn == D.LiveInByArray.end() ||
        LiveIn->second.is_null() || !LiveIn->second.is_empty().is_true())
      continue;
    if (byArray(D.AntiByArray, A.Name, Ctx).is_empty().is_true() &&
        byArray(D.OutputByArray, A.Name, Ctx).is_empty().is_true())
      continue;
    Result.push_back(A.Name);
  }
  return Result;
}

bool contains(const std::vector<std::string> &V, const std::string &X) {
  return std::find(V.begin(), V.end(), X) != V.end();
}

/// \p D without the anti and output dependences through \p Private: what
/// the band search sees.
Dependences withoutFalseDependences(const Dependences &D,
                                    const std::vector<std::string> &Private) {
  Dependences F = D;
  isl::ctx Ctx = D.Flow.ctx();
  F.Anti = F.Output = isl::union_map::empty(Ctx);
  for (const auto &[Array, Anti] : D.AntiByArray)
    if (!contains(Private, Array))
      F.Anti = F.Anti.unite(Anti);
  for (const auto &[Array, Output] : D.OutputByArray)
    if (!contains(Private, Array))
      F.Output = F.Output.unite(Output);
  F.Edges.erase(std::remove_if(F.Edges.begin(), F.Edges.end(),
                               [&](const DependenceEdge &E) {
                                 return E.Kind != DepKind::Flow &&
                                        contains(Private, E.Array);
                               }),
                F.Edges.end());
  return F;
}

/// The single set of \p U, or null.
isl::set onlySet(const isl::union_set &U) {
  if (U.is_null())
    return {};
  isl::set_list L = U.set_list();
  if (L.size().release() != 1)
    return {};
  return L.at(0);
}

/// Checks (a), (b) and (c) of Privatization.h for \p Array under \p B;
/// returns its LastPoint.
std::optional<PrivateCopy> checkCopy(const Scop &S, const Dependences &D,
                                     const PermutableBand &B,
                                     const std::string &Array) {
  isl::ctx Ctx = S.Stmts.front().Domain.ctx();
  isl::union_map Band = B.BandSchedule.intersect_domain(S.getDomains());
  isl::union_map SameBand = Band.apply_range(Band.reverse());
  isl::union_map Flow = byArray(D.FlowByArray, Array, Ctx);
  // (a) values flow inside a band point only.
  if (!Flow.is_subset(SameBand).is_true())
    return std::nullopt;
  // (b) inside a band point, X's accesses keep their order.
  isl::union_map All = Flow.unite(byArray(D.AntiByArray, Array, Ctx))
                           .unite(byArray(D.OutputByArray, Array, Ctx))
                           .intersect(SameBand);
  isl::union_map Sched =
      B.Schedule.get_map().intersect_domain(S.getDomains());
  isl::union_map Before = isl::manage(
      isl_union_map_lex_lt_union_map(Sched.copy(), Sched.copy()));
  if (!All.is_subset(Before).is_true())
    return std::nullopt;
  // (c) the last write of each element, in the original order, lies in
  // the last band point writing it, the same point for every element.
  isl::union_map ElemToWrite = writesOf(S, Array).reverse();
  isl::union_map ElemToBand = ElemToWrite.apply_range(Band);
  isl::union_map LastBand = ElemToBand.lexmax();
  isl::set Last = onlySet(ElemToBand.range().lexmax());
  isl::set LastRange = onlySet(LastBand.range());
  if (Last.is_null() || LastRange.is_null() ||
      !Last.is_equal(LastRange).is_true())
    return std::nullopt;
  isl::union_map Orig = analysis::paddedSchedule(S);
  isl::union_map LastTime = ElemToWrite.apply_range(Orig).lexmax();
  isl::union_map LastWrite =
      ElemToWrite.intersect(LastTime.apply_range(Orig.reverse()));
  if (!LastWrite.apply_range(Band).is_equal(LastBand).is_true())
    return std::nullopt;
  isl::set Elements = onlySet(ElemToWrite.domain());
  if (Elements.is_null())
    return std::nullopt;
  return PrivateCopy{Array, Last, Elements};
}

} // namespace

PermutableBand findBandWithPrivatization(const Scop &S, const Dependences &D,
                                         bool AllowTransform) {
  PermutableBand Plain = findPermutableBand(S, D, AllowTransform);
  // As written, a band is at most as deep as the loops common to all
  // statements; isl's scheduler may go deeper (fusion) where it is asked.
  if (S.Stmts.empty() || D.Flow.is_null() ||
      (Plain.Depth >= analysis::commonLoopDepth(S) &&
       (Plain.Depth >= 2 || !AllowTransform)))
    return Plain;
  std::vector<std::string> Private = candidates(S, D);
  // The copies of \p Private in band \p B; the arrays whose copy fails.
  auto copiesIn = [&](PermutableBand &B) {
    std::vector<std::string> Failed;
    for (const std::string &Array : Private) {
      std::optional<PrivateCopy> Copy = checkCopy(S, D, B, Array);
      if (Copy)
        B.Private.push_back(std::move(*Copy));
      else
        Failed.push_back(Array);
    }
    return Failed;
  };
  while (!Private.empty()) {
    Dependences Reduced = withoutFalseDependences(D, Private);
    PermutableBand B = findPermutableBand(S, Reduced, AllowTransform);
    if (B.Depth <= Plain.Depth || B.Depth < 2)
      return Plain;
    std::vector<std::string> Failed = copiesIn(B);
    if (Failed.empty())
      return B;
    // A band deeper than the common loops takes in a statement's inner
    // loop, across which a scalar set before it lives: the common loops'
    // band may still hold every copy.
    PermutableBand Common = findPermutableBand(S, Reduced, AllowTransform,
                                               /*BeyondCommon=*/false);
    if (Common.Depth < B.Depth && Common.Depth > Plain.Depth &&
        Common.Depth >= 2 && copiesIn(Common).empty())
      return Common;
    Private.erase(std::remove_if(Private.begin(), Private.end(),
                                 [&](const std::string &A) {
                                   return contains(Failed, A);
                                 }),
                  Private.end());
  }
  return Plain;
}

} // namespace hetile
