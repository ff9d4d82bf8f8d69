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
                                    llvm::StringRef Code) {
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
/// N.Reject set. With Options::IsolateIsl, the stages run in a child
/// process (Support/Isolation.h) that sends back the block or the
/// rejection: a crash of isl leaves the nest as it is.
std::optional<std::string> tiledBlock(llvm::StringRef Buffer, AnalyzedNest &N,
                                      const Options &Opts) {
  auto Run = [&]() -> std::optional<std::string> {
    DataflowFormScope Form(N.Dataflow);
    llvm::Expected<std::string> Code = runStages(Buffer, N, Opts);
    if (!Code) {
      reject(N, Code.takeError());
      return std::nullopt;
    }
    return std::move(*Code);
  };
  if (!Opts.IsolateIsl)
    return Run();
  // The child's text: "C" and the block, or "R", the kind's number, a
  // space and the message.
  auto Child = [&] {
    crashForTesting("stages");
    std::optional<std::string> Code = Run();
    if (Code)
      return "C" + *Code;
    return "R" + std::to_string(unsigned(N.Reject->Kind)) + " " +
           N.Reject->Message;
  };
  IsolatedResult R = runIsolated(Child);
  if (!R.Finished && N.Dataflow == DataflowForm::Joint) {
    // isl's other form of the dataflow analysis (the communication stage
    // of the mpi backends runs one), as in analyzeNest.
    N.Dataflow = DataflowForm::PerMaySource;
    R = runIsolated(Child);
  }
  if (!R.Finished) {
    N.Reject = islCrashedReject(R, "generating its tiled code", N.Loc);
    return std::nullopt;
  }
  if (R.Text[0] == 'C')
    return R.Text.substr(1);
  size_t Space = R.Text.find(' ');
  unsigned Kind = std::stoul(R.Text.substr(1, Space - 1));
  N.Reject = RejectReason{RejectKind(Kind), N.Loc, R.Text.substr(Space + 1)};
  return std::nullopt;
}

} // namespace

RewriteResult rewriteBuffer(llvm::StringRef FileName, llvm::StringRef Buffer,
                            std::vector<AnalyzedNest> &Nests,
                            const Options &Opts) {
  RewriteResult Result;
  std::vector<size_t> Edited; // the nests of Edits
  std::vector<NestEdits> Edits;
  for (size_t I = 0; I < Nests.size(); ++I) {
    AnalyzedNest &N = Nests[I];
    if (!N.isTilable())
      continue;
    std::optional<std::string> Code = tiledBlock(Buffer, N, Opts);
    if (!Code) {
      Result.Rejected.push_back(I);
      continue;
    }
    auto NE = nestEdits(Buffer, N, *Code);
    if (!NE) {
      reject(N, NE.takeError());
      Result.Rejected.push_back(I);
      continue;
    }
    Edited.push_back(I);
    Edits.push_back(std::move(*NE));
  }
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
