//===- HetileAction.h - The frontend action shared by all tools -*- C++ -*-===//
//
// One FrontendAction for the standalone tool (and, later, the plugin): it
// registers `#pragma hetile`, runs the pipeline on each translation unit,
// emits a remark for every nest not tiled, and hands the results to a sink
// (the analyze report, the rewriter).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_DRIVER_HETILEACTION_H
#define HETILE_DRIVER_HETILEACTION_H

#include "hetile/Driver/NestPipeline.h"

#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

#include <memory>

namespace hetile {

/// Receives the analyzed nests of each translation unit.
class NestSink {
public:
  virtual ~NestSink();
  /// Called once per main file after its remarks were emitted; \p Ctx is
  /// alive during the call.
  virtual void handleTranslationUnit(clang::ASTContext &Ctx,
                                     std::vector<AnalyzedNest> &Nests) = 0;
};

/// Emits `remark: nest not tiled: <message> [hetile-reject-<kind>]` at the
/// location of each rejection.
void emitRejectRemarks(clang::DiagnosticsEngine &Diags,
                       const std::vector<AnalyzedNest> &Nests);

class HetileAction : public clang::ASTFrontendAction {
public:
  HetileAction(const Options &Opts, isl_ctx *IslCtx, NestSink &Sink)
      : Opts(Opts), IslCtx(IslCtx), Sink(Sink) {}

protected:
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override;
  void EndSourceFileAction() override;
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef InFile) override;

private:
  const Options &Opts;
  isl_ctx *IslCtx;
  NestSink &Sink;
  std::vector<clang::SourceLocation> PragmaLocs;
  clang::PragmaHandler *Handler = nullptr;
};

std::unique_ptr<clang::tooling::FrontendActionFactory>
newHetileActionFactory(const Options &Opts, isl_ctx *IslCtx, NestSink &Sink);

} // namespace hetile

#endif
