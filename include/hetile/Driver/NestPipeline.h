//===- NestPipeline.h - One nest through the stages -------------*- C++ -*-===//
//
// Runs the stages on one candidate nest, in order, each under the bound of
// Support/IslBudget.h:
//
//   analyzeNest:   Scop extraction (Frontend) -> dependences -> the permutable
//                  band, else sequential outer loops around inner bands
//                  (Analysis); a nest with neither is a rejection
//   transformNest: tileBand for the band, or for each inner band
//                  (Transform/Tiling) -> with mpi and mpi+omp, the
//                  communication of each tiled band (Transform/Communication)
//   emitNest:      the C block replacing the nest (CodeGen), from the
//                  results above
//
// Driver/FileRewrite.h turns the blocks into edits of the file (Rewrite).
// An AnalyzedNest holds no Clang pointers (the AST dies with its file).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_DRIVER_NESTPIPELINE_H
#define HETILE_DRIVER_NESTPIPELINE_H

#include "hetile/Analysis/Dependences.h"
#include "hetile/Analysis/InnerBands.h"
#include "hetile/Analysis/Permutability.h"
#include "hetile/Analysis/StripsChoice.h"
#include "hetile/Analysis/StripsLegality.h"
#include "hetile/CodeGen/TiledCodeGen.h"
#include "hetile/Frontend/NestFinder.h"
#include "hetile/Support/IslBudget.h"
#include "hetile/Transform/Communication.h"
#include "hetile/Transform/Tiling.h"

#include <optional>

namespace hetile {

struct AnalyzedNest {
  std::string Function;
  /// The `for` that starts the nest.
  SourceLoc Loc;
  /// Whether the nest was marked by `#pragma hetile` (else found by --auto).
  bool Marked = false;
  /// Where the `#pragma hetile` is, when Marked.
  SourceLoc PragmaLoc;
  std::optional<Scop> S;            ///< set unless the frontend rejected it
  std::optional<Dependences> Deps;  ///< set with S
  std::optional<PermutableBand> Band; ///< set with S
  /// Set when Band is shallower than 2 and the nest tiles below sequential
  /// outer loops instead.
  std::optional<InnerBands> Inner;
  std::optional<RejectReason> Reject; ///< set iff the nest is not tiled
  /// Whether the strips schedule applies, and its plan (set with Deps).
  std::optional<StripsAnalysis> Strips;
  /// Where the strips apply and the nest tiles as one band: the model's
  /// choice between them and the pipeline (--omp-schedule=auto).
  std::optional<StripsChoice> Choice;
  /// The CPU seconds the analysis spent of the nest's time budget: the
  /// later stages get the rest (Support/IslBudget.h).
  double SpentSeconds = 0;
  /// How isl's dataflow analysis is asked for this nest's dependences, in
  /// every stage (PerMaySource where isl crashed on the joint form).
  DataflowForm Dataflow = DataflowForm::Joint;

  bool isTilable() const { return !Reject; }
};

struct IsolatedResult;
class IsolatedSequence;

/// A test aid: with HETILE_TEST_ISL_CRASH=\p Where ("analysis" or
/// "stages"), the isolated child of that part of a nest's work dies of
/// SIGSEGV as if isl had crashed (docs/testing.md).
void crashForTesting(llvm::StringRef Where);

/// The rejection of a nest whose isl work, run in a child process
/// (Support/Isolation.h), did not finish (\p R) during \p Stage
/// ("analyzing the nest", "generating its tiled code").
RejectReason islCrashedReject(const IsolatedResult &R, llvm::StringRef Stage,
                              const SourceLoc &Loc);

/// The rejection of a nest whose stage ran out of its bound (\p Err, a
/// TooComplexError of Support/IslBudget.h).
RejectReason makeTooComplexReject(llvm::Error Err, const SourceLoc &Loc);

/// Runs frontend and analysis on \p C, each stage under the bound of
/// Support/IslBudget.h (a stage that runs out: a TooComplex rejection), and
/// records the seconds spent in AnalyzedNest::SpentSeconds. With \p Seq,
/// the work is the next item of that isolated phase (a crash of isl in it
/// leaves the nest as it is, IslCrashed).
AnalyzedNest analyzeNest(clang::ASTContext &Ctx, const NestCandidate &C,
                         isl_ctx *IslCtx, const Options &Opts,
                         IsolatedSequence *Seq = nullptr);

/// The nests of the main file of \p Ctx to report: the marked ones, or with
/// Opts.Auto every maximal nest -- and, where one is rejected before analysis
/// or holds a marked nest, the maximal nests inside it (never one that
/// overlaps a marked nest). \p PragmaLocs are the `#pragma hetile` seen.
std::vector<AnalyzedNest>
analyzeTranslationUnit(clang::ASTContext &Ctx,
                       const std::vector<clang::SourceLocation> &PragmaLocs,
                       isl_ctx *IslCtx, const Options &Opts);

/// One band after the transformation stages.
struct TiledBand {
  TiledNest Tiled;
  /// What its tiles exchange (mpi and mpi+omp only).
  std::optional<Communication> Comm;
};

/// A tilable nest after the transformation stages: one band, or one per
/// inner band (AnalyzedNest::Inner), in order.
struct TransformedNest {
  std::vector<TiledBand> Bands;
};

/// Tiles the band of tilable nest \p N (or each inner band) with the sizes
/// of Options::TileSizes and, for the MPI backends, computes what the tiles
/// exchange: the stages Tiling and Communication of \p Budget (constructed
/// with N.SpentSeconds: the nest's deadline). A stage that runs out of its
/// bound fails with its TooComplexError.
llvm::Expected<TransformedNest> transformNest(const AnalyzedNest &N,
                                              const Options &O,
                                              IslBudget &Budget);

/// The nest of \p Nests whose loop runs right after \p N
/// (Scop::NextNestOffset), or null.
AnalyzedNest *nextNest(std::vector<AnalyzedNest> &Nests, const AnalyzedNest &N);

/// Whether tilable nest \p N runs as strips under \p O: the omp, mpi or
/// mpi+omp backend with --omp-schedule=strips, a plan, one band (with
/// --omp-schedule=auto: and the model's choice).
bool usesStrips(const AnalyzedNest &N, const Options &O);

/// The error of a nest whose block is larger than
/// Options::MaxNestCodeBytes.
class CodeTooLargeError : public llvm::ErrorInfo<CodeTooLargeError> {
public:
  static char ID;
  CodeTooLargeError(size_t Bytes, unsigned long Limit)
      : Bytes(Bytes), Limit(Limit) {}
  /// "the generated code is too large: the block replacing the nest has
  /// <Bytes> bytes of C, over the limit of <Limit> (--max-nest-code-bytes)".
  std::string message() const override;
  void log(llvm::raw_ostream &OS) const override { OS << message(); }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  size_t Bytes;
  unsigned long Limit;
};

/// The error of a stage that leaves the nest as it is for a reason of its
/// own (the nest keeps its analysis; the remark has \p Kind).
class NestRejectError : public llvm::ErrorInfo<NestRejectError> {
public:
  static char ID;
  NestRejectError(RejectKind Kind, std::string Message)
      : Kind(Kind), Message(std::move(Message)) {}
  void log(llvm::raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  RejectKind Kind;
  std::string Message;
};

/// The C block replacing tilable nest \p N, transformed as \p T (or, where
/// usesStrips, the strips' block): the stage CodeGen of \p Budget (entered
/// anew for each inner band's block). \p Original: the nest's source text
/// (the fallback of run-time guards). Lines that copy a statement carry
/// line tags (Support/LineTags.h). A block of more than
/// Options::MaxNestCodeBytes bytes (line tags left out) fails with a
/// CodeTooLargeError: past some hundreds of kilobytes, the C compiler takes
/// longer over the block than the nest saves.
llvm::Expected<std::string> emitNest(const AnalyzedNest &N,
                                     const TransformedNest &T,
                                     const Options &O,
                                     llvm::StringRef Original,
                                     IslBudget &Budget);

/// What `hetile rewrite --print` shows of a stage.
enum class StagePrint { Schedule, Ast };

/// The text of stage \p What for tilable nest \p N transformed as \p T:
/// the band and its tiled schedule (per inner band), or the tile and point
/// loops exactly as emitNest prints them.
llvm::Expected<std::string> printNestStage(const AnalyzedNest &N,
                                           const TransformedNest &T,
                                           const Options &O,
                                           llvm::StringRef Original,
                                           StagePrint What);

} // namespace hetile

#endif
