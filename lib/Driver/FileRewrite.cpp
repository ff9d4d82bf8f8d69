//===- FileRewrite.cpp - The tilable nests of a file, rewritten -----------===//

#include "hetile/Driver/FileRewrite.h"
#include "hetile/CodeGen/TiledCodeGen.h"
#include "hetile/Rewrite/FileRewriter.h"
#include "hetile/Support/Isolation.h"
#include "hetile/Support/LineTags.h"

#include <optional>

namespace hetile {

namespace {

llvm::Error makeError(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// The nest's source text, or an error when its range is unknown.
llvm::Expected<llvm::StringRef> originalText(llvm::StringRef Buffer,
                                             const Scop &S) {
  unsigned Begin = S.Span.Begin.Offset, End = S.Span.EndOffset;
  if (Begin == ~0u || End == ~0u || End <= Begin || End > Buffer.size())
    return makeError("the nest's source range is unknown");
  return Buffer.substr(Begin, End - Begin);
}

/// Runs the stages after analysis on tilable nest \p N, under what is left
/// of its bound after the analysis, and hands the emitted block (or, with
/// \p Print, the stage's text) on.
llvm::Expected<std::string> runStages(llvm::StringRef Buffer,
                                      const AnalyzedNest &N,
                                      const Options &Opts,
                                      const StagePrint *Print = nullptr) {
  auto Original = originalText(Buffer, *N.S);
  if (!Original)
    return Original.takeError();
  IslBudget Budget(N.S->Context.ctx().get(), Opts, N.SpentSeconds);
  auto T = transformNest(N, Opts, Budget);
  if (!T)
    return T.takeError();
  if (Print)
    return printNestStage(N, *T, Opts, *Original, *Print);
  return emitNest(N, *T, Opts, *Original, Budget);
}

/// \p Edit's text: \p Code (with line tags) without them, the tags as
/// marks.
void setTaggedText(llvm::StringRef Buffer, TextEdit &Edit,
                   llvm::StringRef Code) {
  std::vector<LineTag> Tags;
  Edit.Text = stripLineTags(Code, &Tags);
  Edit.KeepLines = true;
  for (const LineTag &T : Tags)
    if (T.Offset <= Buffer.size())
      Edit.Marks.push_back({T.Line, lineOf(Buffer, T.Offset) + T.StmtLine});
}

/// The edits of nest \p N whose tiled block is \p Code (with line tags):
/// the nest's text, its pragma line as a comment, and the functions the
/// block needs before the nest's function (CodeGen/TiledCodeGen.h).
llvm::Expected<NestEdits> nestEdits(llvm::StringRef Buffer,
                                    const AnalyzedNest &N,
                                    llvm::StringRef Code, bool Mpi) {
  const Scop &S = *N.S;
  unsigned Begin = S.Span.Begin.Offset;
  TextEdit Nest;
  Nest.Offset = Begin;
  Nest.Length = S.Span.EndOffset - Begin;
  std::string Functions;
  setTaggedText(Buffer, Nest, takeOutlined(Code, Functions));
  NestEdits Edits = {std::move(Nest)};
  if (!Functions.empty()) {
    if (S.Outline.Offset > Begin)
      return makeError("no place before the function for its outlined tile");
    TextEdit Before;
    Before.Offset = S.Outline.Offset;
    Before.Joins = true;
    setTaggedText(Buffer, Before, Functions);
    Edits.push_back(std::move(Before));
  }
  // Values left across a loop's back edge (Scop::NextStepLoopEnd): what
  // the last step left moves to every rank after the loop.
  if (Mpi && !S.DeferTo.empty() && S.NextStepLoopEnd != ~0u) {
    TextEdit Settle;
    Settle.Offset = S.NextStepLoopEnd;
    Settle.Joins = true;
    setTaggedText(Buffer, Settle,
                  "\n/* hetile: what the nest at line " +
                      std::to_string(N.Loc.Line) +
                      " left on their ranks at the last step, to every "
                      "rank */\n" +
                      printMpiSettle(0));
    Edits.push_back(std::move(Settle));
  }
  if (N.Marked && N.PragmaLoc.Offset != ~0u && N.PragmaLoc.Offset < Begin) {
    auto [LineBegin, LineLen] = lineAround(Buffer, N.PragmaLoc.Offset);
    TextEdit Pragma;
    Pragma.Offset = LineBegin;
    Pragma.Length = LineLen;
    Pragma.Text = "/* hetile: the nest below was tiled (" +
                  Buffer.substr(LineBegin, LineLen).trim().str() + ") */";
    Edits.push_back(std::move(Pragma));
  }
  return Edits;
}

/// Sets the rejection of nest \p N, whose stages failed with \p Err.
void reject(AnalyzedNest &N, llvm::Error Err) {
  if (Err.isA<TooComplexError>()) {
    N.Reject = makeTooComplexReject(std::move(Err), N.Loc);
    return;
  }
  if (Err.isA<NestRejectError>()) {
    llvm::handleAllErrors(std::move(Err), [&](const NestRejectError &E) {
      N.Reject = RejectReason{E.Kind, N.Loc, E.Message};
    });
    return;
  }
  if (Err.isA<CodeTooLargeError>()) {
    N.Reject = RejectReason{RejectKind::CodeGenTooLarge, N.Loc,
                            llvm::toString(std::move(Err))};
    return;
  }
  N.Reject = RejectReason{RejectKind::CodeGenFailed, N.Loc,
                          "tiled code could not be generated: " +
                              llvm::toString(std::move(Err))};
}

/// The tiled block of tilable nest \p N (runStages), or none with
/// N.Reject set. With \p Seq, the stages are the next item of that isolated
/// phase (Support/Isolation.h): where isl crashes, they run again with
/// isl's other form of the dataflow analysis (the communication stage of
/// the mpi backends runs one), as in analyzeNest; where it crashes again,
/// the nest is left as it is.
std::optional<std::string> tiledBlock(llvm::StringRef Buffer, AnalyzedNest &N,
                                      const Options &Opts,
                                      IsolatedSequence *Seq) {
  auto Run = [&]() -> std::optional<std::string> {
    DataflowFormScope Form(N.Dataflow);
    llvm::Expected<std::string> Code = runStages(Buffer, N, Opts);
    if (!Code) {
      reject(N, Code.takeError());
      return std::nullopt;
    }
    return std::move(*Code);
  };
  if (!Seq)
    return Run();
  IsolatedResult Earlier;
  unsigned Item = Seq->next(Earlier);
  unsigned Crashes = Seq->crashes(Item);
  if (Crashes >= 2 ||
      (Crashes == 1 && N.Dataflow == DataflowForm::PerMaySource)) {
    N.Reject = islCrashedReject(Earlier, "generating its tiled code", N.Loc);
    return std::nullopt;
  }
  if (Crashes == 1)
    N.Dataflow = DataflowForm::PerMaySource;
  Seq->enter(Item);
  crashForTesting("stages");
  std::optional<std::string> Code = Run();
  Seq->leave();
  return Code;
}

/// Clears in \p Analysed the Scop::DeferTo of each nest that \p Done (the
/// same nests after a rewrite) rewrote while it did not rewrite the nest
/// that takes its values (its code failed or could not be applied): that
/// nest then keeps its exchange. Whether one was cleared.
bool undeferOrphans(std::vector<AnalyzedNest> &Done,
                    std::vector<AnalyzedNest> &Analysed) {
  bool Changed = false;
  for (size_t I = 0; I < Done.size(); ++I) {
    const AnalyzedNest &N = Done[I];
    if (N.Reject || !N.S || N.S->DeferTo.empty())
      continue;
    const AnalyzedNest *Next = nextNest(Done, N);
    if (!Next || Next->Reject) {
      Analysed[I].S->DeferTo.clear();
      Changed = true;
    }
  }
  return Changed;
}

RewriteResult rewriteOnce(llvm::StringRef FileName, llvm::StringRef Buffer,
                          std::vector<AnalyzedNest> &Nests,
                          const Options &Opts) {
  RewriteResult Result;
  std::vector<size_t> Edited; // the nests of Edits
  std::vector<NestEdits> Edits;
  // The tilable nests' stages in a child that carries on as the process
  // (Support/Isolation.h): a crash of isl leaves that nest as it is.
  std::optional<IsolatedSequence> Isolated;
  if (Opts.IsolateIsl)
    Isolated.emplace().begin();
  IsolatedSequence *Seq = Isolated ? &*Isolated : nullptr;
  for (size_t I = 0; I < Nests.size(); ++I) {
    AnalyzedNest &N = Nests[I];
    if (!N.isTilable())
      continue;
    std::optional<std::string> Code = tiledBlock(Buffer, N, Opts, Seq);
    if (!Code) {
      Result.Rejected.push_back(I);
      continue;
    }
    auto NE = nestEdits(Buffer, N, *Code, isMpi(Opts.TargetBackend));
    if (!NE) {
      reject(N, NE.takeError());
      Result.Rejected.push_back(I);
      continue;
    }
    Edited.push_back(I);
    Edits.push_back(std::move(*NE));
  }
  if (Seq)
    Seq->end();
  AppliedEdits Applied =
      applyNestEdits(FileName, Buffer, Edits, runtimeIncludes(Opts),
                     Opts.EmitLineDirectives);
  for (size_t K = 0; K < Edited.size(); ++K) {
    if (Applied.Errors[K].empty())
      continue;
    reject(Nests[Edited[K]], makeError(Applied.Errors[K]));
    Result.Rejected.push_back(Edited[K]);
  }
  llvm::sort(Result.Rejected);
  Result.NumTiled = Applied.NumApplied;
  Result.Text = std::move(Applied.Text);
  return Result;
}

} // namespace

RewriteResult rewriteBuffer(llvm::StringRef FileName, llvm::StringRef Buffer,
                            std::vector<AnalyzedNest> &Nests,
                            const Options &Opts) {
  // The nests are rewritten in order; where a nest that takes the final
  // values of the one before fails, that one is generated again without
  // leaving them (at most once per nest: each round clears a DeferTo).
  if (!isMpi(Opts.TargetBackend))
    return rewriteOnce(FileName, Buffer, Nests, Opts);
  std::vector<AnalyzedNest> Before = Nests;
  for (;;) {
    RewriteResult Result = rewriteOnce(FileName, Buffer, Nests, Opts);
    if (!undeferOrphans(Nests, Before))
      return Result;
    Nests = Before;
  }
}

RewriteResult printStages(llvm::raw_ostream &OS, llvm::StringRef Buffer,
                          std::vector<AnalyzedNest> &Nests,
                          const Options &Opts, StagePrint What) {
  RewriteResult Result;
  for (size_t I = 0; I < Nests.size(); ++I) {
    AnalyzedNest &N = Nests[I];
    if (!N.isTilable())
      continue;
    DataflowFormScope Form(N.Dataflow);
    llvm::Expected<std::string> Text = runStages(Buffer, N, Opts, &What);
    if (!Text) {
      reject(N, Text.takeError());
      Result.Rejected.push_back(I);
      continue;
    }
    OS << "nest at " << N.Loc.File << ":" << N.Loc.Line << ":" << N.Loc.Column
       << " in function '" << N.Function << "'\n"
       << *Text;
    ++Result.NumTiled;
  }
  return Result;
}

} // namespace hetile
