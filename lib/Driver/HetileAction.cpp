//===- HetileAction.cpp - The frontend action shared by all tools ---------===//

#include "hetile/Driver/HetileAction.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"

using namespace clang;

namespace hetile {

NestSink::~NestSink() = default;

void emitRejectRemarks(DiagnosticsEngine &Diags,
                       const std::vector<AnalyzedNest> &Nests) {
  unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Remark,
                                      "nest not tiled: %0 [hetile-reject-%1]");
  for (const AnalyzedNest &N : Nests) {
    if (!N.Reject)
      continue;
    SourceLocation L = SourceLocation::getFromRawEncoding(N.Reject->Loc.RawClangLoc);
    Diags.Report(L, ID) << N.Reject->Message << getRejectName(N.Reject->Kind);
  }
}

namespace {

/// With --omp-schedule=strips or auto: why a tiled nest runs the pipelined
/// schedule instead (where the schedule was asked for); with auto (the omp
/// backend's default), the model's choice where the strips apply.
void emitStripsRemarks(DiagnosticsEngine &Diags, const Options &Opts,
                       const std::vector<AnalyzedNest> &Nests) {
  if (Opts.TargetBackend == Backend::Seq ||
      (Opts.OmpSchedKind != OmpSchedule::Strips &&
       Opts.OmpSchedKind != OmpSchedule::Auto))
    return;
  unsigned ID = Diags.getCustomDiagID(
      DiagnosticsEngine::Remark,
      "strips do not apply: %0; the nest runs the pipelined schedule "
      "[hetile-reject-%1]");
  unsigned Chosen = Diags.getCustomDiagID(
      DiagnosticsEngine::Remark, "--omp-schedule=auto chose %0");
  for (const AnalyzedNest &N : Nests) {
    if (N.Reject || !N.Strips)
      continue;
    if (N.Strips->Plan) {
      if (Opts.OmpSchedKind == OmpSchedule::Auto && N.Choice && !N.Inner)
        Diags.Report(SourceLocation::getFromRawEncoding(N.Loc.RawClangLoc),
                     Chosen)
            << N.Choice->describe();
      continue;
    }
    if (!Opts.OmpScheduleGiven)
      continue;
    const RejectReason &R = *N.Strips->Reject;
    Diags.Report(SourceLocation::getFromRawEncoding(R.Loc.RawClangLoc), ID)
        << R.Message << getRejectName(R.Kind);
  }
}

class HetileConsumer : public ASTConsumer {
public:
  HetileConsumer(const Options &Opts, isl_ctx *IslCtx, NestSink &Sink,
                 const std::vector<SourceLocation> &PragmaLocs)
      : Opts(Opts), IslCtx(IslCtx), Sink(Sink), PragmaLocs(PragmaLocs) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // A file that does not compile is not analyzed; clang said why.
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    std::vector<AnalyzedNest> Nests =
        analyzeTranslationUnit(Ctx, PragmaLocs, IslCtx, Opts);
    emitRejectRemarks(Ctx.getDiagnostics(), Nests);
    emitStripsRemarks(Ctx.getDiagnostics(), Opts, Nests);
    Sink.handleTranslationUnit(Ctx, Nests);
  }

private:
  const Options &Opts;
  isl_ctx *IslCtx;
  NestSink &Sink;
  const std::vector<SourceLocation> &PragmaLocs;
};

class HetileActionFactory : public tooling::FrontendActionFactory {
public:
  HetileActionFactory(const Options &Opts, isl_ctx *IslCtx, NestSink &Sink)
      : Opts(Opts), IslCtx(IslCtx), Sink(Sink) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<HetileAction>(Opts, IslCtx, Sink);
  }

private:
  const Options &Opts;
  isl_ctx *IslCtx;
  NestSink &Sink;
};

} // namespace

bool HetileAction::BeginSourceFileAction(CompilerInstance &CI) {
  PragmaLocs.clear();
  Handler = new HetilePragmaHandler(PragmaLocs);
  CI.getPreprocessor().AddPragmaHandler(Handler);
  return true;
}

void HetileAction::EndSourceFileAction() {
  if (!Handler)
    return;
  getCompilerInstance().getPreprocessor().RemovePragmaHandler(Handler);
  delete Handler;
  Handler = nullptr;
}

std::unique_ptr<ASTConsumer>
HetileAction::CreateASTConsumer(CompilerInstance &CI, llvm::StringRef InFile) {
  return std::make_unique<HetileConsumer>(Opts, IslCtx, Sink, PragmaLocs);
}

std::unique_ptr<tooling::FrontendActionFactory>
newHetileActionFactory(const Options &Opts, isl_ctx *IslCtx, NestSink &Sink) {
  return std::make_unique<HetileActionFactory>(Opts, IslCtx, Sink);
}

} // namespace hetile
