//===- NestPipeline.h - One nest through frontend and analysis --*- C++ -*-===//
//
// Runs the stages on one candidate nest: Scop extraction, dependences, the
// permutable band, else sequential outer loops around inner bands; turns a
// nest with neither into a rejection.
// The result holds no Clang pointers (the AST dies with its file).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_DRIVER_NESTPIPELINE_H
#define HETILE_DRIVER_NESTPIPELINE_H

#include "hetile/Analysis/Dependences.h"
#include "hetile/Analysis/InnerBands.h"
#include "hetile/Analysis/Permutability.h"
#include "hetile/Frontend/NestFinder.h"

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

  bool isTilable() const { return !Reject; }
};

/// The rejection of a nest whose stage ran out of its bound (\p Err, a
/// TooComplexError of Support/IslBudget.h).
RejectReason makeTooComplexReject(llvm::Error Err, const SourceLoc &Loc);

/// Runs frontend and analysis on \p C, each stage under the bound of
/// Support/IslBudget.h (a stage that runs out: a TooComplex rejection).
AnalyzedNest analyzeNest(clang::ASTContext &Ctx, const NestCandidate &C,
                         isl_ctx *IslCtx, const Options &Opts);

/// The nests of the main file of \p Ctx to report: the marked ones, or with
/// Opts.Auto every maximal nest -- and, where one is rejected before analysis
/// or holds a marked nest, the maximal nests inside it (never one that
/// overlaps a marked nest). \p PragmaLocs are the `#pragma hetile` seen.
std::vector<AnalyzedNest>
analyzeTranslationUnit(clang::ASTContext &Ctx,
                       const std::vector<clang::SourceLocation> &PragmaLocs,
                       isl_ctx *IslCtx, const Options &Opts);

} // namespace hetile

#endif
