//===- PluginAction.cpp - hetile inside clang-19 --------------------------===//
//
// See PluginAction.h for the two compiler instances and why.
//
//===----------------------------------------------------------------------===//

#include "hetile/Plugin/PluginAction.h"

#include "hetile/Driver/HetileAction.h"
#include "hetile/Driver/FileRewrite.h"
#include "hetile/Rewrite/FileRewriter.h"
#include "hetile/Support/IslBinding.h"
#include "hetile/Support/IslUtils.h"
#include "hetile/Support/Isolation.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace clang;

namespace hetile {

namespace {

/// Set while the analysis instance runs: the plugin is in clang's registry,
/// so that instance would start it again.
thread_local bool InAnalysis = false;

/// The analysis instance's diagnostics: hetile's own (remarks about nests)
/// go to the user's consumer; clang's warnings and errors are dropped, as
/// the main compile reports them itself.
class HetileDiagnosticsOnly : public DiagnosticConsumer {
public:
  explicit HetileDiagnosticsOnly(DiagnosticConsumer &Outer) : Outer(Outer) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    if (Info.getID() >= diag::DIAG_UPPER_LIMIT) // custom, i.e. hetile's
      Outer.HandleDiagnostic(Level, Info);
  }

private:
  DiagnosticConsumer &Outer;
};

/// A nest whose code could not be generated for a parallel backend.
struct Failure {
  unsigned Offset;
  std::string Message;
};

/// Rewrites the main file of the analysis instance and keeps the result.
class KeepRewrite : public NestSink {
public:
  explicit KeepRewrite(const Options &Opts) : Opts(Opts) {}

  void handleTranslationUnit(ASTContext &Ctx,
                             std::vector<AnalyzedNest> &Nests) override {
    const SourceManager &SM = Ctx.getSourceManager();
    FileID Main = SM.getMainFileID();
    std::string File = SM.getFileEntryRefForID(Main)->getName().str();
    Result = rewriteBuffer(File, SM.getBufferData(Main), Nests, Opts);
    Ran = true;
    std::vector<AnalyzedNest> Failed;
    for (size_t I : Result.Rejected) {
      AnalyzedNest &N = Nests[I];
      // A nest too complex for its bounds, whose block would be too large,
      // or on which isl crashed, stays as it is, with a remark, on every
      // backend.
      if (Opts.TargetBackend != Backend::Seq &&
          N.Reject->Kind != RejectKind::TooComplex &&
          N.Reject->Kind != RejectKind::CodeGenTooLarge &&
          N.Reject->Kind != RejectKind::IslCrashed)
        Failures.push_back({N.Loc.Offset, N.Reject->Message});
      else
        Failed.push_back(std::move(N));
    }
    emitRejectRemarks(Ctx.getDiagnostics(), Failed);
  }

  bool Ran = false;
  RewriteResult Result;
  std::vector<Failure> Failures;

private:
  const Options &Opts;
};

/// The invocation of the analysis instance: \p Outer's, syntax only, with
/// no plugins, outputs, -verify or warnings, reading \p Text as \p File.
std::shared_ptr<CompilerInvocation> analysisInvocation(CompilerInstance &Outer,
                                                       StringRef File,
                                                       StringRef Text) {
  auto Inv = std::make_shared<CompilerInvocation>(Outer.getInvocation());
  FrontendOptions &FE = Inv->getFrontendOpts();
  InputKind Kind = FE.Inputs.empty() ? InputKind(Language::C) : FE.Inputs[0].getKind();
  FE.Inputs = {FrontendInputFile(File, Kind)};
  FE.ProgramAction = frontend::ParseSyntaxOnly;
  FE.OutputFile.clear();
  FE.Plugins.clear();
  FE.PluginArgs.clear();
  FE.AddPluginActions.clear();
  FE.ActionName.clear();
  FE.ShowStats = false;
  FE.StatsFile.clear();
  FE.TimeTracePath.clear();
  Inv->getDependencyOutputOpts() = DependencyOutputOptions();
  DiagnosticOptions &Diag = Inv->getDiagnosticOpts();
  Diag.VerifyDiagnostics = false;
  Diag.DiagnosticSerializationFile.clear();
  Diag.IgnoreWarnings = true;
  Inv->getPreprocessorOpts().addRemappedFile(
      File, llvm::MemoryBuffer::getMemBufferCopy(Text, File).release());
  return Inv;
}

/// Runs the shared frontend action on the original text of the main file.
void analyzeAndRewrite(CompilerInstance &Outer, StringRef File, StringRef Text,
                       const Options &Opts, KeepRewrite &Sink) {
  CompilerInstance Inner(Outer.getPCHContainerOperations());
  Inner.setInvocation(analysisInvocation(Outer, File, Text));
  Inner.createDiagnostics(new HetileDiagnosticsOnly(Outer.getDiagnosticClient()),
                          /*ShouldOwnClient=*/true);
  IslContext Isl;
  HetileAction Act(Opts, Isl.get(), Sink);
  InAnalysis = true;
  Inner.ExecuteAction(Act);
  InAnalysis = false;
}

/// Makes the main file of \p CI read \p Text. Nothing has read the file yet,
/// but its FileID was sized for the old text: make a new one.
void replaceMainFile(CompilerInstance &CI, FileEntryRef Entry, StringRef Text) {
  SourceManager &SM = CI.getSourceManager();
  SrcMgr::CharacteristicKind Kind =
      SM.getFileCharacteristic(SM.getLocForStartOfFile(SM.getMainFileID()));
  SM.overrideFileContents(Entry,
                          llvm::MemoryBuffer::getMemBufferCopy(Text, Entry.getName()));
  SM.setMainFileID(SM.createFileID(Entry, SourceLocation(), Kind));
}

/// Lets the rewritten text find hetile_rt.h: the runtime's folder goes after
/// every search path of the user, as a system folder.
void addRuntimeIncludeDir(CompilerInstance &CI) {
  std::string Dir = findRuntimeIncludeDir(thisObjectPath());
  if (Dir.empty())
    return;
  if (auto Entry = CI.getFileManager().getOptionalDirectoryRef(Dir))
    CI.getPreprocessor().getHeaderSearchInfo().AddSystemSearchPath(
        DirectoryLookup(*Entry, SrcMgr::C_System, /*isFramework=*/false));
}

void reportFailures(CompilerInstance &CI, const std::vector<Failure> &Failures,
                    Backend B) {
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  unsigned ID = Diags.getCustomDiagID(
      DiagnosticsEngine::Error,
      "cannot tile this nest with backend=%0: %1 [hetile-reject-codegen-failed]");
  SourceManager &SM = CI.getSourceManager();
  SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
  for (const Failure &F : Failures)
    Diags.Report(F.Offset == ~0u ? SourceLocation() : Start.getLocWithOffset(F.Offset), ID)
        << getBackendName(B) << F.Message;
}

void reportError(CompilerInstance &CI, const std::string &Message) {
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Error, "hetile: %0"))
      << Message;
}

} // namespace

bool HetilePluginAction::ParseArgs(const CompilerInstance &CI,
                                   const std::vector<std::string> &Args) {
  if (InAnalysis)
    return false;
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                      "-fplugin-arg-hetile: %0");
  std::vector<std::string> Errors = parsePluginArgs(Args, Settings);
  Backend B = Settings.Opts.TargetBackend;
  if ((B == Backend::Omp || B == Backend::MpiOmp) && !CI.getLangOpts().OpenMP)
    Errors.push_back(std::string("backend=") + getBackendName(B) +
                     " needs -fopenmp");
  std::string Isl = checkIslBinding();
  if (!Isl.empty())
    Errors.push_back(Isl);
  // What a phase's waiting parent becomes (Support/Isolation.h): clang may
  // compile several files in this process.
  IsolatedSequence::setWaiter(findWaiter(thisObjectPath()));
  for (const std::string &E : Errors)
    Diags.Report(ID) << E;
  return Errors.empty();
}

std::unique_ptr<ASTConsumer>
HetilePluginAction::CreateASTConsumer(CompilerInstance &CI, StringRef InFile) {
  CI.getPreprocessor().AddPragmaHandler(new EmptyPragmaHandler(PluginName));
  SourceManager &SM = CI.getSourceManager();
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Entry)
    return std::make_unique<ASTConsumer>();
  KeepRewrite Sink(Settings.Opts);
  analyzeAndRewrite(CI, Entry->getName(), SM.getBufferData(SM.getMainFileID()),
                    Settings.Opts, Sink);
  // Not analyzed (the file does not compile): clang will say why.
  if (!Sink.Ran)
    return std::make_unique<ASTConsumer>();
  if (!Sink.Failures.empty()) {
    reportFailures(CI, Sink.Failures, Settings.Opts.TargetBackend);
    return std::make_unique<ASTConsumer>();
  }
  if (!Settings.EmitPath.empty()) {
    std::string Err = writeFileAtomically(Settings.EmitPath, Sink.Result.Text,
                                          /*Backup=*/false);
    if (!Err.empty())
      reportError(CI, Err);
  }
  if (Sink.Result.NumTiled != 0) {
    replaceMainFile(CI, *Entry, Sink.Result.Text);
    addRuntimeIncludeDir(CI);
  }
  return std::make_unique<ASTConsumer>();
}

} // namespace hetile
