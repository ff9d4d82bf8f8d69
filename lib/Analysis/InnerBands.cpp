//===- InnerBands.cpp - Sequential outer loops around tiled bands ---------===//
//
// Peeling moves the outer iterators of every isl object of the nest into the
// parameters (the raw isl calls below: the C++ bindings have no move_dims on
// sets); the search then tries 1, 2, ... outer loops and keeps the first
// choice whose statements tile as one band or, group by group, as several.
//
//===----------------------------------------------------------------------===//

#include "hetile/Analysis/InnerBands.h"

#include "ScheduleSpace.h"

#include <algorithm>
#include <map>

#include <isl/id.h>
#include <isl/map.h>
#include <isl/set.h>

namespace hetile {

namespace {

/// \p Set with its first \p Names.size() dimensions turned into parameters
/// named \p Names.
isl::set setDimsToParams(isl::set Set, const std::vector<std::string> &Names) {
  isl_ctx *Ctx = Set.ctx().get();
  isl_set *Raw = Set.release();
  for (unsigned I = 0; I < Names.size(); ++I)
    Raw = isl_set_set_dim_id(Raw, isl_dim_set, I,
                             isl_id_alloc(Ctx, Names[I].c_str(), nullptr));
  isl_size P = isl_set_dim(Raw, isl_dim_param);
  if (P < 0) {
    isl_set_free(Raw);
    return {};
  }
  // Moving dimensions drops the tuple's name: put it back.
  isl_id *Tuple = isl_set_get_tuple_id(Raw);
  Raw = isl_set_move_dims(Raw, isl_dim_param, P, isl_dim_set, 0, Names.size());
  if (Tuple)
    Raw = isl_set_set_tuple_id(Raw, Tuple);
  return isl::manage(Raw);
}

/// \p Map with its first \p Names.size() input dimensions turned into
/// parameters named \p Names.
isl::map inDimsToParams(isl::map Map, const std::vector<std::string> &Names) {
  isl_ctx *Ctx = Map.ctx().get();
  isl_map *Raw = Map.release();
  for (unsigned I = 0; I < Names.size(); ++I)
    Raw = isl_map_set_dim_id(Raw, isl_dim_in, I,
                             isl_id_alloc(Ctx, Names[I].c_str(), nullptr));
  isl_size P = isl_map_dim(Raw, isl_dim_param);
  if (P < 0) {
    isl_map_free(Raw);
    return {};
  }
  isl_id *Tuple = isl_map_get_tuple_id(Raw, isl_dim_in);
  Raw = isl_map_move_dims(Raw, isl_dim_param, P, isl_dim_in, 0, Names.size());
  if (Tuple)
    Raw = isl_map_set_tuple_id(Raw, isl_dim_in, Tuple);
  return isl::manage(Raw);
}

/// The iterations of the \p Outer outermost loops that run a statement of
/// \p S: [params] -> { [k, ...] }.
isl::set outerDomain(const Scop &S, unsigned Outer) {
  isl::set Result;
  for (const ScopStmt &Stmt : S.Stmts) {
    unsigned D = Stmt.Iterators.size();
    isl::set Proj =
        Stmt.Domain.project_out(isl::dim::set, Outer, D - Outer).reset_tuple_id();
    Result = Result.is_null() ? Proj : Result.unite(Proj);
  }
  return Result.is_null() ? Result : Result.coalesce();
}

/// Statements of \p S grouped by the loop (or statement) directly inside
/// the \p Outer outermost loops that holds them, in textual order.
std::vector<std::vector<unsigned>> groupsBelow(const Scop &S, unsigned Outer) {
  std::vector<std::vector<unsigned>> Groups;
  long Last = -1;
  for (unsigned I = 0; I < S.Stmts.size(); ++I) {
    const ScopStmt &Stmt = S.Stmts[I];
    long Loop = Stmt.LoopIds.size() > Outer ? long(Stmt.LoopIds[Outer]) : -1;
    if (Loop < 0 || Loop != Last)
      Groups.emplace_back();
    Groups.back().push_back(I);
    Last = Loop;
  }
  return Groups;
}

/// Whether no statement of \p Stmts runs an iteration in \p S's context.
bool runsNothing(const Scop &S, const std::vector<unsigned> &Stmts) {
  for (unsigned I : Stmts) {
    isl::set Domain = S.Stmts[I].Domain;
    if (!S.Context.is_null())
      Domain = Domain.intersect_params(S.Context);
    // Not proven empty (isl may also have run out of its operations):
    // something may run.
    if (!Domain.is_empty().is_true())
      return false;
  }
  return true;
}

/// The band of statements \p Stmts below \p Outer loops, when it has >= 2
/// members; \p OuterContext is where the outer loops run (as parameters).
/// Each statement must lie in two loops below the outer ones, or, with
/// \p SomeShallow, one statement (the others are fused into the band, as
/// an initialization `s[j] = 0` before its loop `for (i ...)`).
std::optional<InnerBand> bandBelow(const Scop &S, unsigned Outer,
                                   const std::vector<unsigned> &Stmts,
                                   const isl::set &OuterContext,
                                   bool AllowTransform,
                                   bool SomeShallow = false) {
  unsigned Deep = 0;
  for (unsigned I : Stmts)
    Deep += S.Stmts[I].Iterators.size() >= Outer + 2;
  if (Deep == 0 || (!SomeShallow && Deep != Stmts.size()))
    return std::nullopt;
  InnerBand B;
  B.S = peelOuterLoops(S, Outer, Stmts);
  if (!OuterContext.is_null())
    B.S.Context = B.S.Context.is_null()
                      ? OuterContext
                      : B.S.Context.intersect(OuterContext).coalesce();
  B.Deps = computeDependences(B.S);
  B.Band = findPermutableBand(B.S, B.Deps, AllowTransform);
  if (B.Band.Depth < 2)
    return std::nullopt;
  return B;
}

std::optional<InnerBands> bandsBelow(const Scop &S, unsigned Outer,
                                     bool AllowTransform) {
  InnerBands Result;
  Result.Outer = Outer;
  for (unsigned L = 0; L < Outer; ++L)
    Result.Iterators.push_back(S.Stmts.front().Iterators[L]);
  Result.OuterDomain = outerDomain(S, Outer);
  if (Result.OuterDomain.is_null())
    return std::nullopt;
  isl::set OuterContext =
      setDimsToParams(Result.OuterDomain, Result.Iterators).params();
  std::vector<unsigned> All;
  for (unsigned I = 0; I < S.Stmts.size(); ++I)
    All.push_back(I);
  std::vector<std::vector<unsigned>> Groups = groupsBelow(S, Outer);
  if (Groups.size() == 1 || AllowTransform) {
    if (auto One = bandBelow(S, Outer, All, OuterContext, AllowTransform)) {
      Result.Bands.push_back(std::move(*One));
      return Result;
    }
  }
  if (Groups.size() == 1)
    return std::nullopt;
  for (const std::vector<unsigned> &G : Groups) {
    // A group whose statements run no iteration (guards that contradict
    // the loop bounds) has nothing to tile and no code to emit.
    if (runsNothing(S, G))
      continue;
    auto B = bandBelow(S, Outer, G, OuterContext, AllowTransform);
    if (!B)
      return std::nullopt;
    Result.Bands.push_back(std::move(*B));
  }
  if (Result.Bands.empty())
    return std::nullopt;
  return Result;
}

/// At most this many parts of the outermost loop's body are considered for
/// its distribution: each contiguous run of them costs one dependence
/// analysis and one bounded scheduler run.
constexpr unsigned MaxDistributedParts = 8;

/// The outermost loop of \p S distributed over the loops and statements
/// directly inside it (textual order kept), in the fewest runs of them that
/// each tile as a band of >= 2 loops; none where no such split exists.
///
/// Distribution runs every instance of an earlier run before any of a later
/// one, so it is legal when no dependence of \p D (value-based flow,
/// memory-based anti and output) goes from a statement of a later run to
/// one of an earlier run: a dependence from part b back to part a < b keeps
/// a..b in one run. The runs' own dependences are their bands' business.
///
///   for (j = k + 1; j < n; j++) {          run 1: (j, i), S0 fused at i = 0
///     R[k][j] = 0;                          S0
///     for (i ...) R[k][j] += Q[i][k] * A[i][j];      S1
///     for (i ...) A[i][j] -= Q[i][k] * R[k][j];      S2, run 2: (j, i)
///   }
std::optional<InnerBands> distributedBands(const Scop &S, const Dependences &D,
                                           bool AllowTransform) {
  if (S.Stmts.empty() || analysis::commonLoopDepth(S) < 1 || S.Depth < 2)
    return std::nullopt;
  std::vector<std::vector<unsigned>> Parts;
  for (std::vector<unsigned> &G : groupsBelow(S, 1))
    if (!runsNothing(S, G))
      Parts.push_back(std::move(G));
  unsigned N = Parts.size();
  if (N < 2 || N > MaxDistributedParts)
    return std::nullopt;
  std::map<std::string, unsigned> PartOf;
  for (unsigned P = 0; P < N; ++P)
    for (unsigned I : Parts[P])
      PartOf[S.Stmts[I].Name] = P;
  // Cut[P]: the loop may be split between parts P - 1 and P.
  std::vector<bool> Cut(N, true);
  for (const DependenceEdge &E : D.Edges) {
    auto Src = PartOf.find(E.Source), Snk = PartOf.find(E.Sink);
    if (Src == PartOf.end() || Snk == PartOf.end())
      return std::nullopt;
    for (unsigned P = Snk->second + 1; P <= Src->second; ++P)
      Cut[P] = false;
  }
  // Fewest runs: Best[I] runs cover parts [0, I), the last one [From[I], I).
  std::vector<std::optional<unsigned>> Best(N + 1);
  std::vector<unsigned> From(N + 1, 0);
  std::map<std::pair<unsigned, unsigned>, InnerBand> Found;
  Best[0] = 0;
  for (unsigned I = 1; I <= N; ++I) {
    if (I < N && !Cut[I])
      continue;
    for (unsigned J = 0; J < I; ++J) {
      if (!Best[J] || (J > 0 && !Cut[J]) || (J == 0 && I == N))
        continue;
      if (Best[I] && *Best[I] <= *Best[J] + 1)
        continue;
      std::vector<unsigned> Stmts;
      for (unsigned P = J; P < I; ++P)
        Stmts.insert(Stmts.end(), Parts[P].begin(), Parts[P].end());
      auto B = bandBelow(S, 0, Stmts, isl::set(), AllowTransform,
                         /*SomeShallow=*/true);
      if (!B)
        continue;
      Found.insert_or_assign({J, I}, std::move(*B));
      Best[I] = *Best[J] + 1;
      From[I] = J;
    }
  }
  if (!Best[N])
    return std::nullopt;
  InnerBands Result;
  Result.OuterDomain = outerDomain(S, 0);
  if (Result.OuterDomain.is_null())
    return std::nullopt;
  for (unsigned I = N; I > 0; I = From[I])
    Result.Bands.push_back(std::move(Found.at({From[I], I})));
  std::reverse(Result.Bands.begin(), Result.Bands.end());
  return Result;
}

} // namespace

Scop peelOuterLoops(const Scop &S, unsigned Outer,
                    const std::vector<unsigned> &Stmts) {
  Scop R;
  R.Function = S.Function;
  R.Span = S.Span;
  R.PragmaLoc = S.PragmaLoc;
  R.Params = S.Params;
  std::vector<std::string> Names(S.Stmts[Stmts.front()].Iterators.begin(),
                                 S.Stmts[Stmts.front()].Iterators.begin() +
                                     Outer);
  R.Params.insert(R.Params.end(), Names.begin(), Names.end());
  R.Context = S.Context;
  R.Loops = S.Loops;
  for (ScopLoop &L : R.Loops)
    L.DeclaredInHeader = true;
  R.Arrays = S.Arrays;
  // A band inside the nest is followed by the rest of the nest (the next
  // iterations of the outer loops, the later bands of a distribution),
  // which may read any element it writes: its final exchange moves them
  // all, whatever code after the nest reads (Frontend/ReadAfter.h).
  for (ScopArray &A : R.Arrays)
    A.ReadAfter = isl::set();
  R.EveryRank = "the rest of the nest around the band reads what it writes";
  for (unsigned I : Stmts) {
    ScopStmt Stmt = S.Stmts[I];
    Stmt.Iterators.erase(Stmt.Iterators.begin(),
                         Stmt.Iterators.begin() + Outer);
    Stmt.LoopIds.erase(Stmt.LoopIds.begin(), Stmt.LoopIds.begin() + Outer);
    Stmt.Domain = setDimsToParams(Stmt.Domain, Names);
    Stmt.Schedule = inDimsToParams(Stmt.Schedule, Names)
                        .project_out(isl::dim::out, 0, 2 * Outer);
    for (MemoryAccess &A : Stmt.Accesses)
      if (!A.Relation.is_null())
        A.Relation = inDimsToParams(A.Relation, Names);
    R.Depth = std::max<unsigned>(R.Depth, Stmt.Iterators.size());
    R.Stmts.push_back(std::move(Stmt));
  }
  return R;
}

std::optional<InnerBands> findInnerBands(const Scop &S, const Dependences &D,
                                         bool AllowTransform) {
  unsigned Common = analysis::commonLoopDepth(S);
  for (unsigned Outer = 1; Outer <= Common && Outer + 2 <= S.Depth; ++Outer)
    if (auto R = bandsBelow(S, Outer, AllowTransform))
      return R;
  return distributedBands(S, D, AllowTransform);
}

} // namespace hetile
