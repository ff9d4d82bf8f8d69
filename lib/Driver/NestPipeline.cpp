//===- NestPipeline.cpp - One nest through frontend and analysis -----------===//

#include "hetile/Driver/NestPipeline.h"

#include "llvm/ADT/STLExtras.h"
#include <algorithm>

namespace hetile {

namespace {

/// The dependence that stops the band at \p Depth loops, for the message.
std::string describeBlockingDependence(const Dependences &D) {
  for (const DependenceEdge &E : D.Edges) {
    if (!E.Distance)
      continue;
    const std::vector<long> &V = *E.Distance;
    bool Negative = llvm::any_of(V, [](long X) { return X < 0; });
    if (Negative)
      return std::string(" (") + getDepKindName(E.Kind) + " dependence " +
             E.Source + " -> " + E.Sink + " on '" + E.Array +
             "' has distance " + formatDistance(V) + ")";
  }
  for (const DependenceEdge &E : D.Edges)
    if (!E.Distance)
      return std::string(" (") + getDepKindName(E.Kind) + " dependence " +
             E.Source + " -> " + E.Sink + " on '" + E.Array +
             "' has distances " + toString(E.DistanceSet) + ")";
  return "";
}

RejectReason makeBandReject(const Scop &S, const Dependences &D,
                            const SourceLoc &Loc) {
  if (S.Depth < 2)
    return {RejectKind::TooShallow, Loc,
            "a single loop: tiling needs a nest of at least two loops"};
  return {RejectKind::NonPermutable, Loc,
          "no legal transformation gives a fully permutable band of two or "
          "more loops" + describeBlockingDependence(D)};
}

} // namespace

AnalyzedNest analyzeNest(clang::ASTContext &Ctx, const NestCandidate &C,
                         isl_ctx *IslCtx, const Options &Opts) {
  AnalyzedNest N;
  N.Function = C.Function->getNameAsString();
  N.Loc = makeSourceLoc(Ctx.getSourceManager(), C.Loop->getBeginLoc());
  N.Marked = C.PragmaLoc.isValid();
  if (N.Marked)
    N.PragmaLoc = makeSourceLoc(Ctx.getSourceManager(), C.PragmaLoc);
  ScopBuildResult Built = buildScop(Ctx, C, IslCtx, Opts);
  if (Built.Reject) {
    N.Reject = std::move(Built.Reject);
    return N;
  }
  N.S = std::move(Built.S);
  N.Deps = computeDependences(*N.S);
  N.Band = findPermutableBand(*N.S, *N.Deps, Opts.AllowSkew);
  if (N.Band->Depth >= 2)
    return N;
  N.Inner = findInnerBands(*N.S, Opts.AllowSkew);
  if (!N.Inner)
    N.Reject = makeBandReject(*N.S, *N.Deps, N.Loc);
  return N;
}

namespace {

/// --auto: analyze \p Loop; if the frontend cannot model it, try the maximal
/// nests inside it (which may be tilable on their own).
void analyzeAuto(clang::ASTContext &Ctx, const NestCandidate &C, isl_ctx *IslCtx,
                 const Options &Opts, std::vector<AnalyzedNest> &Out) {
  AnalyzedNest N = analyzeNest(Ctx, C, IslCtx, Opts);
  bool FrontendRejected = N.Reject && !N.S;
  Out.push_back(std::move(N));
  if (!FrontendRejected)
    return;
  for (const clang::ForStmt *Inner : getInnerLoops(C.Loop))
    if (!getInnerLoops(Inner).empty())
      analyzeAuto(Ctx, {Inner, C.Function, clang::SourceLocation()}, IslCtx,
                  Opts, Out);
}

} // namespace

std::vector<AnalyzedNest>
analyzeTranslationUnit(clang::ASTContext &Ctx,
                       const std::vector<clang::SourceLocation> &PragmaLocs,
                       isl_ctx *IslCtx, const Options &Opts) {
  std::vector<AnalyzedNest> Result;
  for (const NestCandidate &C : findMarkedNests(Ctx, PragmaLocs))
    Result.push_back(analyzeNest(Ctx, C, IslCtx, Opts));
  if (!Opts.Auto)
    return Result;
  size_t NumMarked = Result.size();
  for (const NestCandidate &C : findAllNests(Ctx)) {
    unsigned Raw = C.Loop->getBeginLoc().getRawEncoding();
    bool AlreadyMarked = llvm::any_of(Result, [&](const AnalyzedNest &N) {
      return N.Marked && N.Loc.RawClangLoc == Raw;
    });
    if (!AlreadyMarked)
      analyzeAuto(Ctx, C, IslCtx, Opts, Result);
  }
  if (NumMarked != 0)
    std::sort(Result.begin(), Result.end(), // offsets are distinct
                     [](const AnalyzedNest &A, const AnalyzedNest &B) {
                       return A.Loc.Offset < B.Loc.Offset;
                     });
  return Result;
}

} // namespace hetile
