//===- NestPipeline.cpp - One nest through the stages ---------------------===//

#include "hetile/Driver/NestPipeline.h"
#include "hetile/Analysis/Privatization.h"
#include "hetile/CodeGen/InnerBandsCodeGen.h"
#include "hetile/CodeGen/StripsCodeGen.h"
#include "hetile/Support/IslUtils.h"
#include "hetile/Support/Isolation.h"
#include "hetile/Support/LineTags.h"

#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <csignal>
#include <cstdlib>

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

RejectReason makeTooComplexReject(llvm::Error Err, const SourceLoc &Loc) {
  std::string Message;
  llvm::handleAllErrors(std::move(Err), [&](const llvm::ErrorInfoBase &E) {
    Message = E.message();
  });
  return {RejectKind::TooComplex, Loc, "the nest is too complex: " + Message};
}

namespace {

/// The stages of analyzeNest, under \p Budget.
void analyzeStages(clang::ASTContext &Ctx, const NestCandidate &C,
                   isl_ctx *IslCtx, const Options &Opts, IslBudget &Budget,
                   AnalyzedNest &N) {
  // Each stage under the bound; one that runs out leaves the nest as it is.
  auto OutOfBudget = [&] {
    llvm::Error Err = Budget.check();
    if (!Err)
      return false;
    N.S.reset();
    N.Deps.reset();
    N.Band.reset();
    N.Inner.reset();
    N.Strips.reset();
    N.Choice.reset();
    N.Reject = makeTooComplexReject(std::move(Err), N.Loc);
    return true;
  };
  ScopBuildResult Built = buildScop(Ctx, C, IslCtx, Opts);
  if (OutOfBudget())
    return;
  if (Built.Reject) {
    N.Reject = std::move(Built.Reject);
    return;
  }
  N.S = std::move(Built.S);
  // The same analysis for every backend, so that every backend gives a nest
  // the same verdict: what only the MPI backends need (the element-tagged
  // flow) is computed by their communication stage, for a band that tiles.
  Budget.enter(IslStage::Dependences);
  N.Deps = computeDependences(*N.S);
  if (OutOfBudget())
    return;
  N.Strips = analyzeStrips(*N.S, *N.Deps, N.Loc);
  if (OutOfBudget())
    return;
  Budget.enter(IslStage::Scheduling);
  N.Band = findBandWithPrivatization(*N.S, *N.Deps, Opts.AllowSkew);
  if (OutOfBudget())
    return;
  if (N.Band->Depth >= 2) {
    if (N.Strips->Plan)
      N.Choice = chooseStrips(*N.S, *N.Strips->Plan, *N.Band);
    return;
  }
  N.Inner = findInnerBands(*N.S, *N.Deps, Opts.AllowSkew);
  if (OutOfBudget())
    return;
  if (!N.Inner)
    N.Reject = makeBandReject(*N.S, *N.Deps, N.Loc);
}

} // namespace

AnalyzedNest analyzeNest(clang::ASTContext &Ctx, const NestCandidate &C,
                         isl_ctx *IslCtx, const Options &Opts,
                         IsolatedSequence *Seq) {
  AnalyzedNest N;
  N.Function = C.Function->getNameAsString();
  N.Loc = makeSourceLoc(Ctx.getSourceManager(), C.Loop->getBeginLoc());
  N.Marked = C.PragmaLoc.isValid();
  if (N.Marked)
    N.PragmaLoc = makeSourceLoc(Ctx.getSourceManager(), C.PragmaLoc);
  auto Analyze = [&] {
    DataflowFormScope Form(N.Dataflow);
    IslBudget Budget(IslCtx, Opts);
    analyzeStages(Ctx, C, IslCtx, Opts, Budget, N);
    N.SpentSeconds = Budget.spentSeconds();
  };
  if (!Seq) {
    Analyze();
    return N;
  }
  // An item of the isolated phase (Support/Isolation.h): isl's dataflow
  // analysis asked in one call per array, then, where isl crashed on the
  // nest, once per may-source statement; where isl crashed both times, the
  // nest is left as it is.
  IsolatedResult Earlier;
  unsigned Item = Seq->next(Earlier);
  if (Seq->crashes(Item) >= 2) {
    N.Reject = islCrashedReject(Earlier, "analyzing the nest", N.Loc);
    return N;
  }
  N.Dataflow = Seq->crashes(Item) ? DataflowForm::PerMaySource
                                  : DataflowForm::Joint;
  Seq->enter(Item);
  crashForTesting("analysis");
  Analyze();
  Seq->leave();
  return N;
}

void crashForTesting(llvm::StringRef Where) {
  static const char *Env = std::getenv("HETILE_TEST_ISL_CRASH");
  if (Env && Where == Env)
    std::raise(SIGSEGV);
}

RejectReason islCrashedReject(const IsolatedResult &R, llvm::StringRef Stage,
                              const SourceLoc &Loc) {
  return {RejectKind::IslCrashed, Loc,
          "isl, the integer set library, failed with " +
              R.describeFailure() + " while " + Stage.str() +
              " (a bug of isl, run in a child process); the nest is left as "
              "it is"};
}

namespace {

/// \p R, unless the current stage of \p Budget ran out: then its
/// TooComplexError (a stage that failed on isl's null results after running
/// out of its bound ran out of its bound).
template <typename T>
llvm::Expected<T> afterStage(llvm::Expected<T> R, IslBudget &Budget) {
  if (!R) {
    llvm::Error Err = R.takeError();
    if (Err.isA<TooComplexError>())
      return std::move(Err);
    if (llvm::Error Out = Budget.check()) {
      llvm::consumeError(std::move(Err));
      return std::move(Out);
    }
    return std::move(Err);
  }
  if (llvm::Error Out = Budget.check())
    return std::move(Out);
  return R;
}

/// Tiles band \p B of \p S and, for the MPI backends, computes its
/// communication.
llvm::Expected<TiledBand> transformBand(const Scop &S, const PermutableBand &B,
                                        const Dependences &D, const Options &O,
                                        IslBudget &Budget) {
  Budget.enter(IslStage::Tiling);
  auto Tiled = afterStage(tileBand(S, B, O.TileSizes, &D), Budget);
  if (!Tiled)
    return Tiled.takeError();
  TiledBand Out{std::move(*Tiled), std::nullopt};
  if (O.TargetBackend != Backend::Mpi && O.TargetBackend != Backend::MpiOmp)
    return Out;
  if (std::optional<std::string> Why = mpiUnsupported(S))
    return llvm::make_error<NestRejectError>(RejectKind::MpiStructArray, *Why);
  Budget.enter(IslStage::Communication);
  auto Comm = afterStage(computeCommunication(S, B, Out.Tiled, D), Budget);
  if (!Comm)
    return Comm.takeError();
  Out.Comm = std::move(*Comm);
  return Out;
}

} // namespace

llvm::Expected<TransformedNest> transformNest(const AnalyzedNest &N,
                                              const Options &O,
                                              IslBudget &Budget) {
  assert(N.isTilable() && N.S && N.Deps && N.Band && "a tilable nest");
  TransformedNest T;
  if (!N.Inner) {
    auto B = transformBand(*N.S, *N.Band, *N.Deps, O, Budget);
    if (!B)
      return B.takeError();
    T.Bands.push_back(std::move(*B));
    return T;
  }
  for (const InnerBand &IB : N.Inner->Bands) {
    auto B = transformBand(IB.S, IB.Band, IB.Deps, O, Budget);
    if (!B)
      return B.takeError();
    T.Bands.push_back(std::move(*B));
  }
  return T;
}

namespace {

const Communication *commOf(const TiledBand &B) {
  return B.Comm ? &*B.Comm : nullptr;
}

/// The block (or, with \p Ast, the tile and point loops) of each inner band
/// of \p N: each a code generation stage of \p Budget.
llvm::Expected<std::vector<std::string>>
emitInnerBands(const AnalyzedNest &N, const TransformedNest &T,
               const Options &O, IslBudget *Budget, bool Ast) {
  std::vector<std::string> Blocks;
  for (size_t I = 0; I < T.Bands.size(); ++I) {
    const InnerBand &IB = N.Inner->Bands[I];
    const TiledBand &B = T.Bands[I];
    if (Budget)
      Budget->enter(IslStage::CodeGen);
    auto Block = Ast ? printTiledAst(IB.S, IB.Band, B.Tiled, O, commOf(B))
                     : generateTiledNest(IB.S, IB.Band, B.Tiled, O, {},
                                         commOf(B), {}, Budget);
    if (Budget)
      Block = afterStage(std::move(Block), *Budget);
    if (!Block)
      return Block.takeError();
    Blocks.push_back(std::move(*Block));
  }
  return Blocks;
}

} // namespace

AnalyzedNest *nextNest(std::vector<AnalyzedNest> &Nests, const AnalyzedNest &N) {
  if (!N.S || N.S->NextNestOffset == ~0u)
    return nullptr;
  for (AnalyzedNest &Later : Nests)
    if (Later.S && Later.Function == N.Function &&
        Later.Loc.File == N.Loc.File &&
        Later.Loc.Offset == N.S->NextNestOffset)
      return &Later;
  return nullptr;
}

bool usesStrips(const AnalyzedNest &N, const Options &O) {
  if (O.TargetBackend == Backend::Seq || !N.Strips || !N.Strips->Plan ||
      N.Inner)
    return false;
  return O.OmpSchedKind == OmpSchedule::Strips ||
         (O.OmpSchedKind == OmpSchedule::Auto && N.Choice && N.Choice->Strips);
}

char CodeTooLargeError::ID;
char NestRejectError::ID;

std::string CodeTooLargeError::message() const {
  return "the generated code is too large: the block replacing the nest has " +
         std::to_string(Bytes) + " bytes of C, over the limit of " +
         std::to_string(Limit) + " (--max-nest-code-bytes)";
}

namespace {

StripsTarget stripsTarget(const Options &O, const Scop &S) {
  StripsTarget T;
  T.Mpi = isMpi(O.TargetBackend);
  T.Threads = O.TargetBackend != Backend::Mpi;
  T.GatherRoot = gatherToRoot(O.GatherRoot, S);
  return T;
}

llvm::Expected<std::string> emitNestCode(const AnalyzedNest &N,
                                         const TransformedNest &T,
                                         const Options &O,
                                         llvm::StringRef Original,
                                         IslBudget &Budget) {
  const Scop &S = *N.S;
  // The strips and the bands inside a nest take none of the values the
  // nest before left on their ranks (markDeferredNests does not leave them
  // for such a nest): should one follow such a nest all the same, every
  // value left moves to every rank first.
  bool Mpi = isMpi(O.TargetBackend);
  auto SettledFirst = [&](llvm::Expected<std::string> Code)
      -> llvm::Expected<std::string> {
    if (!Code || !Mpi || !S.AfterDeferred)
      return Code;
    return "{\n" + printMpiSettle(2) + *Code + "\n}";
  };
  if (usesStrips(N, O)) {
    Budget.enter(IslStage::CodeGen);
    return SettledFirst(afterStage(
        generateStripsNest(S, *N.Strips->Plan, T.Bands.front().Tiled, S.Exits,
                           &Budget, stripsTarget(O, S), Original),
        Budget));
  }
  if (N.Inner) {
    auto Blocks = emitInnerBands(N, T, O, &Budget, /*Ast=*/false);
    if (!Blocks)
      return Blocks.takeError();
    Budget.enter(IslStage::CodeGen);
    return SettledFirst(afterStage(
        generateInnerBandsNest(S, *N.Inner, *Blocks, O, S.Exits, Original),
        Budget));
  }
  Budget.enter(IslStage::CodeGen);
  const TiledBand &B = T.Bands.front();
  return afterStage(generateTiledNest(S, *N.Band, B.Tiled, O, S.Exits,
                                      commOf(B), Original, &Budget),
                    Budget);
}

} // namespace

llvm::Expected<std::string> emitNest(const AnalyzedNest &N,
                                     const TransformedNest &T,
                                     const Options &O,
                                     llvm::StringRef Original,
                                     IslBudget &Budget) {
  auto Code = emitNestCode(N, T, O, Original, Budget);
  if (!Code || O.MaxNestCodeBytes == 0 || Code->size() <= O.MaxNestCodeBytes)
    return Code;
  size_t Bytes = stripLineTags(*Code).size();
  if (Bytes <= O.MaxNestCodeBytes)
    return Code;
  return llvm::make_error<CodeTooLargeError>(Bytes, O.MaxNestCodeBytes);
}

llvm::Expected<std::string> printNestStage(const AnalyzedNest &N,
                                           const TransformedNest &T,
                                           const Options &O,
                                           llvm::StringRef Original,
                                           StagePrint What) {
  if (What == StagePrint::Ast && usesStrips(N, O)) {
    auto Block = generateStripsNest(*N.S, *N.Strips->Plan,
                                    T.Bands.front().Tiled, N.S->Exits, nullptr,
                                    stripsTarget(O, *N.S), Original);
    if (!Block)
      return Block.takeError();
    return stripLineTags(*Block) + "\n";
  }
  if (What == StagePrint::Ast && !N.Inner)
    return printTiledAst(*N.S, *N.Band, T.Bands.front().Tiled, O,
                         commOf(T.Bands.front()), Original);
  if (What == StagePrint::Ast) {
    auto Bands = emitInnerBands(N, T, O, nullptr, /*Ast=*/true);
    if (!Bands)
      return Bands.takeError();
    return printInnerBandsAst(*N.S, *N.Inner, *Bands);
  }
  std::string Out;
  for (size_t I = 0; I < T.Bands.size(); ++I) {
    const PermutableBand &B = N.Inner ? N.Inner->Bands[I].Band : *N.Band;
    if (N.Inner)
      Out += "inner band " + std::to_string(I + 1) + " of " +
             std::to_string(T.Bands.size()) + ":\n";
    Out += "band: " + toString(B.BandSchedule) + "\n" +
           printTiledSchedule(T.Bands[I].Tiled);
  }
  return Out;
}

namespace {

/// --auto: the `for` statements that start a marked nest (analyzed as such).
class MarkedLoops {
public:
  MarkedLoops(const clang::SourceManager &SM,
              const std::vector<AnalyzedNest> &Marked)
      : SM(SM) {
    for (const AnalyzedNest &N : Marked)
      Begins.push_back(clang::SourceLocation::getFromRawEncoding(N.Loc.RawClangLoc));
  }
  bool isMarked(const clang::ForStmt *Loop) const {
    return llvm::is_contained(Begins, Loop->getBeginLoc());
  }
  /// Whether a marked nest lies strictly inside \p Loop.
  bool containsMarked(const clang::ForStmt *Loop) const {
    clang::SourceRange R = Loop->getSourceRange();
    return llvm::any_of(Begins, [&](clang::SourceLocation L) {
      return L != R.getBegin() && SM.isPointWithin(L, R.getBegin(), R.getEnd());
    });
  }

private:
  const clang::SourceManager &SM;
  std::vector<clang::SourceLocation> Begins;
};

/// --auto: analyze \p Loop; if the frontend cannot model it, try the maximal
/// nests inside it (which may be tilable on their own). A loop around a
/// marked nest is not a candidate itself (the two would overlap): only the
/// nests inside it are, and the marked nest is not analyzed twice.
void analyzeAuto(clang::ASTContext &Ctx, const NestCandidate &C, isl_ctx *IslCtx,
                 const Options &Opts, const MarkedLoops &Marked,
                 IsolatedSequence *Seq, std::vector<AnalyzedNest> &Out) {
  if (Marked.isMarked(C.Loop))
    return;
  bool Inside = Marked.containsMarked(C.Loop);
  if (!Inside) {
    AnalyzedNest N = analyzeNest(Ctx, C, IslCtx, Opts, Seq);
    bool FrontendRejected = N.Reject && !N.S && N.Reject->Kind != RejectKind::TooComplex;
    Out.push_back(std::move(N));
    if (!FrontendRejected)
      return;
  }
  for (const clang::ForStmt *Inner : getInnerLoops(C.Loop))
    if (!getInnerLoops(Inner).empty())
      analyzeAuto(Ctx, {Inner, C.Function, clang::SourceLocation()}, IslCtx,
                  Opts, Marked, Seq, Out);
}

/// --gather=root leaves a nest's final values on rank 0 alone, which is
/// what the code after a program's last nest needs; a later nest of the
/// same function that hetile also tiles runs on every rank and may read
/// them there (or read what plain code computed from them), so every nest
/// followed by one keeps the exchange with every rank (Scop::EveryRank).
/// Nests are in source order; functions are told apart by name, which
/// can only join two functions (more exchanges, never fewer).
void markLaterNests(std::vector<AnalyzedNest> &Nests) {
  for (size_t I = 0; I < Nests.size(); ++I) {
    AnalyzedNest &N = Nests[I];
    if (!N.S || N.Reject || !N.S->EveryRank.empty())
      continue;
    for (size_t J = I + 1; J < Nests.size(); ++J) {
      const AnalyzedNest &Later = Nests[J];
      if (Later.S && !Later.Reject && Later.Function == N.Function) {
        N.S->EveryRank = "the nest at line " + std::to_string(Later.Loc.Line) +
                         ", which hetile also tiles, runs after it";
        break;
      }
    }
  }
}

/// Where the loop that runs right after a nest (Scop::NextNestOffset) is
/// a nest hetile tiles too, the mpi backends leave the first nest's final
/// values where they were computed and the second takes what it reads
/// (Scop::DeferTo, Scop::AfterDeferred; docs/mpi-exchange.md). Not where
/// the second nest loads values at its entry (Scop::Loads, before it could
/// take what it reads), nor where either runs otherwise than as one band
/// on the ring. Across the back edge of a loop (Scop::NextStepLoopEnd),
/// the nest that ends the loop's body leaves its values for the one that
/// begins it, and what is left after the last step moves to every rank
/// after the loop (FileRewrite.cpp, nestEdits).
void markDeferredNests(std::vector<AnalyzedNest> &Nests, const Options &O) {
  // Both nests run as one band on the ring (MpiCodeGen.cpp): not as bands
  // inside a nest, nor as strips.
  auto OneBand = [&](const AnalyzedNest &X) {
    return X.S && !X.Reject && !X.Inner && !usesStrips(X, O);
  };
  // The chains of nests that leave values for each other (Scop::
  // ChainSkewed), joined as DeferTo links them: a chain whose nests' bands
  // are not all as written takes the skewed bands' blocks of columns in
  // every nest (jacobi-2d-init at 1:3: its initialisation with one block
  // per rank and the sweep with 5 left 0.49 s of values to move on the slow
  // rank, against 0.23 s).
  std::vector<size_t> Chain(Nests.size());
  for (size_t I = 0; I < Nests.size(); ++I)
    Chain[I] = I;
  auto Find = [&](size_t I) {
    while (Chain[I] != I)
      I = Chain[I] = Chain[Chain[I]];
    return I;
  };
  for (AnalyzedNest &N : Nests) {
    if (!OneBand(N))
      continue;
    AnalyzedNest *Later = nextNest(Nests, N);
    // A later nest's loads before it take what they read of the values
    // left (hetile_mpi_take); not a row table's, whose rows it reads.
    if (Later && OneBand(*Later) &&
        llvm::none_of(Later->S->Loads, [](const InvariantLoad &L) {
          return !L.Stride.empty();
        })) {
      N.S->DeferTo = "the nest at line " + std::to_string(Later->Loc.Line);
      if (N.S->NextStepLoopEnd != ~0u)
        N.S->DeferTo += " (at the next step of the loop at line " +
                        std::to_string(N.S->NextStepLoopLine) + ")";
      Later->S->AfterDeferred = true;
      Chain[Find(size_t(&N - Nests.data()))] =
          Find(size_t(Later - Nests.data()));
    }
  }
  std::vector<bool> Transformed(Nests.size(), false);
  for (size_t I = 0; I < Nests.size(); ++I)
    if (Nests[I].S && Nests[I].Band && Nests[I].Band->Transformed)
      Transformed[Find(I)] = true;
  for (size_t I = 0; I < Nests.size(); ++I) {
    AnalyzedNest &N = Nests[I];
    if (N.S && (!N.S->DeferTo.empty() || N.S->AfterDeferred))
      N.S->ChainSkewed = Transformed[Find(I)];
  }
}

} // namespace

std::vector<AnalyzedNest>
analyzeTranslationUnit(clang::ASTContext &Ctx,
                       const std::vector<clang::SourceLocation> &PragmaLocs,
                       isl_ctx *IslCtx, const Options &Opts) {
  std::vector<AnalyzedNest> Result;
  // The candidates first (the pragmas' warnings are printed here, once),
  // then every nest's isl work in a child that carries on as the process
  // (Support/Isolation.h): a crash of isl leaves that nest as it is.
  auto MarkedNests = findMarkedNests(Ctx, PragmaLocs);
  decltype(findAllNests(Ctx)) AllNests;
  if (Opts.Auto)
    AllNests = findAllNests(Ctx);
  std::optional<IsolatedSequence> Isolated;
  if (Opts.IsolateIsl)
    Isolated.emplace().begin();
  IsolatedSequence *Seq = Isolated ? &*Isolated : nullptr;
  for (const NestCandidate &C : MarkedNests)
    Result.push_back(analyzeNest(Ctx, C, IslCtx, Opts, Seq));
  if (Opts.Auto) {
    MarkedLoops Marked(Ctx.getSourceManager(), Result);
    for (const NestCandidate &C : AllNests)
      analyzeAuto(Ctx, C, IslCtx, Opts, Marked, Seq, Result);
  }
  if (Seq)
    Seq->end();
  std::sort(Result.begin(), Result.end(), // offsets are distinct
            [](const AnalyzedNest &A, const AnalyzedNest &B) {
              return A.Loc.Offset < B.Loc.Offset;
            });
  markLaterNests(Result);
  markDeferredNests(Result, Opts);
  return Result;
}

} // namespace hetile
