//===- hetile.cpp - The standalone tool: hetile analyze | rewrite ---------===//
//
// A thin shell over the library: parses options (LibTooling conventions:
// `-p` for compile_commands.json, `--` then clang arguments), checks the isl
// binding, and runs the shared frontend action with a sink that prints the
// analysis report.
//
//===----------------------------------------------------------------------===//

#include "hetile/Driver/FileRewrite.h"
#include "hetile/Driver/HetileAction.h"
#include "hetile/Driver/Report.h"
#include "hetile/Rewrite/FileRewriter.h"
#include "hetile/Support/IslBinding.h"
#include "hetile/Support/Isolation.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace hetile;
using namespace llvm;

static cl::OptionCategory HetileCategory("hetile options");

static cl::opt<bool> AutoOpt("auto",
                             cl::desc("Tile every maximal loop nest that "
                                      "qualifies, not only #pragma hetile ones"),
                             cl::cat(HetileCategory));
static cl::opt<OutputFormat> FormatOpt(
    "format", cl::desc("Report format"),
    cl::values(clEnumValN(OutputFormat::Text, "text", "human-readable (default)"),
               clEnumValN(OutputFormat::Json, "json", "one JSON document")),
    cl::init(OutputFormat::Text), cl::cat(HetileCategory));
static cl::opt<bool> NoSkewOpt(
    "no-skew",
    cl::desc("Do not search for a transformation (skewing, shifting, fusion) "
             "when the nest as written is not fully permutable"),
    cl::cat(HetileCategory));
static cl::opt<unsigned long> IslMaxOpsOpt(
    "isl-max-operations",
    cl::desc("isl operations each stage of a nest may spend before the nest "
             "is left as it is (too-complex); 0 = unbounded (default 20000000)"),
    cl::init(Options().IslMaxOperations), cl::cat(HetileCategory));
static cl::opt<double> NestTimeBudgetOpt(
    "nest-time-budget",
    cl::desc("CPU seconds all the stages of one nest together (analysis, "
             "transformation, code generation) may take before it is left as "
             "it is (too-complex); 0 = unbounded (default 30)"),
    cl::value_desc("seconds"), cl::init(Options().NestTimeBudgetSeconds),
    cl::cat(HetileCategory));
static cl::opt<unsigned long> MaxNestCodeBytesOpt(
    "max-nest-code-bytes",
    cl::desc("Bytes of C the block replacing one nest may have before the "
             "nest is left as it is (codegen-too-large); 0 = unbounded "
             "(default 500000)"),
    cl::init(Options().MaxNestCodeBytes), cl::cat(HetileCategory));

static cl::opt<bool> IslInProcessOpt(
    "isl-in-process",
    cl::desc("Run each nest's isl work in this process rather than first in a "
             "child process, which turns a crash of isl into an isl-crashed "
             "remark (for a debugger)"),
    cl::cat(HetileCategory));

static cl::OptionCategory RewriteCategory("hetile rewrite options");
static cl::opt<std::string> OutputOpt("o", cl::desc("Write the rewritten file here (one input only)"),
                                      cl::value_desc("file"), cl::cat(RewriteCategory));
static cl::opt<bool> InPlaceOpt("in-place",
                                cl::desc("Rewrite the input files in place, keeping FILE.orig"),
                                cl::cat(RewriteCategory));
static cl::opt<Backend> BackendOpt(
    "backend", cl::desc("Code to generate"),
    cl::values(clEnumValN(Backend::Seq, "seq", "tiled sequential code (default)"),
               clEnumValN(Backend::Omp, "omp", "tiles in parallel with OpenMP"),
               clEnumValN(Backend::Mpi, "mpi", "tiles pipelined across MPI ranks"),
               clEnumValN(Backend::MpiOmp, "mpi+omp",
                          "MPI across ranks, OpenMP inside a rank")),
    cl::init(Backend::Seq), cl::cat(RewriteCategory));
enum class GatherMode { All, Root };
static cl::opt<GatherMode> GatherOpt(
    "gather", cl::desc("With --backend=mpi or mpi+omp: where the final values go"),
    cl::values(clEnumValN(GatherMode::All, "all", "to every rank (default)"),
               clEnumValN(GatherMode::Root, "root", "to rank 0 only")),
    cl::init(GatherMode::All), cl::cat(RewriteCategory));
static cl::opt<OmpSchedule> OmpScheduleOpt(
    "omp-schedule",
    cl::desc("Order of the tiles with --backend=omp (strips also with mpi "
             "and mpi+omp)"),
    cl::values(clEnumValN(OmpSchedule::Pipeline, "pipeline",
                          "blocks of tile columns per thread, sized to the "
                          "threads' speeds, point-to-point waits (default "
                          "with mpi and mpi+omp)"),
               clEnumValN(OmpSchedule::Wavefront, "wavefront",
                          "tile wavefronts, a barrier between them"),
               clEnumValN(OmpSchedule::Strips, "strips",
                          "time-stepping nests: one strip of rows per "
                          "thread, bands of time steps with redundant "
                          "halos (the pipeline where strips do not apply)"),
               clEnumValN(OmpSchedule::Auto, "auto",
                          "strips where they apply and the model says they "
                          "beat the pipeline, else the pipeline (default "
                          "with omp)")),
    cl::init(OmpSchedule::Auto), cl::cat(RewriteCategory));
static cl::opt<bool> LineDirectivesOpt(
    "line-directives",
    cl::desc("Add #line directives so that compiler messages and debug info "
             "refer to the lines of the input file"),
    cl::cat(RewriteCategory));
enum class PrintMode { None, Schedule, Ast };
static cl::opt<PrintMode> PrintOpt(
    "print",
    cl::desc("Print a stage of each tilable nest instead of the rewritten "
             "file"),
    cl::values(clEnumValN(PrintMode::Schedule, "schedule",
                          "the band and its tiled schedule"),
               clEnumValN(PrintMode::Ast, "ast",
                          "the tile and point loops, as generated")),
    cl::init(PrintMode::None), cl::cat(RewriteCategory));
static cl::list<long> TileSizesOpt(
    "tile-sizes", cl::CommaSeparated,
    cl::desc("Fix the tile sizes at rewrite time (default: chosen at run time)"),
    cl::value_desc("a,b,..."), cl::cat(RewriteCategory));

static const char Usage[] =
    "usage: hetile <command> FILE... [options] [-- <clang args>]\n"
    "commands:\n"
    "  analyze   find the fully permutable loop nests and report them\n"
    "  rewrite   replace each tilable nest by tiled code\n"
    "run 'hetile <command> --help' for the options of a command\n";

namespace {

Options optionsFromCommandLine();

/// Prints the analysis of each file, as text at once or as one JSON document
/// at the end.
class ReportSink : public NestSink {
public:
  void handleTranslationUnit(clang::ASTContext &Ctx,
                             std::vector<AnalyzedNest> &Nests) override {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    std::string File =
        SM.getFileEntryRefForID(SM.getMainFileID())->getName().str();
    if (FormatOpt == OutputFormat::Text) {
      for (const AnalyzedNest &N : Nests)
        printNestText(outs(), N);
      return;
    }
    json::Array JsonNests;
    for (const AnalyzedNest &N : Nests)
      JsonNests.push_back(nestToJson(N));
    Files.push_back(json::Object{{"file", File}, {"nests", std::move(JsonNests)}});
  }

  void finish() {
    if (FormatOpt == OutputFormat::Json)
      outs() << formatv("{0:2}", json::Value(json::Object{{"files", std::move(Files)}}))
             << "\n";
  }

private:
  json::Array Files;
};

/// Every input must be a readable file: say which one is not.
bool checkInputs(const std::vector<std::string> &Paths) {
  bool OK = true;
  for (const std::string &P : Paths) {
    if (sys::fs::is_directory(P)) {
      errs() << "hetile: error: '" << P << "' is a directory, not a C file\n";
      OK = false;
    } else if (std::error_code EC = sys::fs::access(P, sys::fs::AccessMode::Exist)) {
      errs() << "hetile: error: cannot read '" << P << "': " << EC.message() << "\n";
      OK = false;
    }
  }
  return OK;
}

int runAnalyze(int Argc, const char **Argv) {
  auto Parser = clang::tooling::CommonOptionsParser::create(
      Argc, Argv, HetileCategory, cl::OneOrMore,
      "hetile analyze: find the fully permutable loop nests of C files\n");
  if (!Parser) {
    errs() << "hetile: error: " << toString(Parser.takeError()) << "\n";
    return 1;
  }
  if (!checkInputs(Parser->getSourcePathList()))
    return 1;
  if (!OutputOpt.empty() || InPlaceOpt || !TileSizesOpt.empty() ||
      BackendOpt.getNumOccurrences() || OmpScheduleOpt.getNumOccurrences() ||
      GatherOpt.getNumOccurrences() || PrintOpt.getNumOccurrences()) {
    errs() << "hetile: error: -o, --in-place, --backend, --omp-schedule, "
              "--gather, --print and --tile-sizes are options of 'hetile "
              "rewrite'\n";
    return 1;
  }
  Options Opts = optionsFromCommandLine();
  IslContext Isl;
  ReportSink Sink;
  clang::tooling::ClangTool Tool(Parser->getCompilations(),
                                 Parser->getSourcePathList());
  int Status = Tool.run(newHetileActionFactory(Opts, Isl.get(), Sink).get());
  Sink.finish();
  if (Status != 0)
    errs() << "hetile: error: some input could not be compiled; its nests were "
              "not analyzed\n";
  return Status == 0 ? 0 : 1;
}

/// Rewrites each main file; the text goes to -o, in place, or stdout.
class RewriteSink : public NestSink {
public:
  explicit RewriteSink(const Options &Opts) : Opts(Opts) {}

  void handleTranslationUnit(clang::ASTContext &Ctx,
                             std::vector<AnalyzedNest> &Nests) override {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    clang::FileID Main = SM.getMainFileID();
    std::string File = SM.getFileEntryRefForID(Main)->getName().str();
    RewriteResult R =
        PrintOpt == PrintMode::None
            ? rewriteBuffer(File, SM.getBufferData(Main), Nests, Opts)
            : printStages(outs(), SM.getBufferData(Main), Nests, Opts,
                          PrintOpt == PrintMode::Ast ? StagePrint::Ast
                                                     : StagePrint::Schedule);
    // Code generation failures are rejections too: say so at the nest.
    std::vector<AnalyzedNest> Failed;
    for (size_t I : R.Rejected)
      Failed.push_back(std::move(Nests[I]));
    emitRejectRemarks(Ctx.getDiagnostics(), Failed);
    std::string Err;
    if (PrintOpt != PrintMode::None)
      return;
    if (InPlaceOpt)
      Err = R.NumTiled ? writeFileAtomically(File, R.Text, /*Backup=*/true) : "";
    else if (!OutputOpt.empty())
      Err = writeFileAtomically(OutputOpt, R.Text, /*Backup=*/false);
    else
      outs() << R.Text;
    if (!Err.empty()) {
      errs() << "hetile: error: " << Err << "\n";
      HadError = true;
    }
  }
  bool failed() const { return HadError; }

private:
  const Options &Opts;
  bool HadError = false;
};

Options optionsFromCommandLine() {
  Options Opts;
  Opts.Auto = AutoOpt;
  Opts.Format = FormatOpt;
  Opts.AllowSkew = !NoSkewOpt;
  Opts.IslMaxOperations = IslMaxOpsOpt;
  Opts.NestTimeBudgetSeconds = NestTimeBudgetOpt;
  Opts.MaxNestCodeBytes = MaxNestCodeBytesOpt;
  Opts.IsolateIsl = !IslInProcessOpt;
  Opts.TargetBackend = BackendOpt;
  Opts.OmpScheduleGiven = OmpScheduleOpt.getNumOccurrences() > 0;
  Opts.OmpSchedKind = Opts.OmpScheduleGiven ? OmpScheduleOpt.getValue()
                                            : getDefaultSchedule(BackendOpt);
  Opts.GatherRoot = GatherOpt == GatherMode::Root;
  Opts.TileSizes.assign(TileSizesOpt.begin(), TileSizesOpt.end());
  Opts.EmitLineDirectives = LineDirectivesOpt;
  return Opts;
}

/// Checks what the option parser cannot: returns an error message or "".
std::string checkRewriteOptions(size_t NumInputs) {
  if (InPlaceOpt && !OutputOpt.empty())
    return "-o and --in-place exclude each other";
  if (PrintOpt != PrintMode::None && (InPlaceOpt || !OutputOpt.empty()))
    return "--print writes to the standard output: not with -o or --in-place";
  if (!OutputOpt.empty() && NumInputs != 1)
    return "-o takes exactly one input file";
  if (GatherOpt.getNumOccurrences() && BackendOpt != Backend::Mpi &&
      BackendOpt != Backend::MpiOmp)
    return "--gather needs --backend=mpi or mpi+omp";
  if (OmpScheduleOpt.getNumOccurrences() &&
      !isScheduleForBackend(OmpScheduleOpt, BackendOpt))
    return "--omp-schedule needs --backend=omp (pipeline, strips, auto: "
           "also mpi, mpi+omp)";
  if (NestTimeBudgetOpt < 0)
    return "--nest-time-budget: seconds must be >= 0";
  for (long T : TileSizesOpt)
    if (T < 1)
      return "--tile-sizes: each size must be an integer >= 1, got " + std::to_string(T);
  return "";
}

/// CommonOptionsParser shows only the category it is given (HetileCategory):
/// the rewrite options join it for `hetile rewrite`, so that its --help
/// lists them.
void showRewriteOptions() {
  for (auto &Entry : cl::getRegisteredOptions()) {
    cl::Option *O = Entry.second;
    if (llvm::is_contained(O->Categories, &RewriteCategory) &&
        !llvm::is_contained(O->Categories, &HetileCategory))
      O->addCategory(HetileCategory);
  }
}

int runRewrite(int Argc, const char **Argv) {
  showRewriteOptions();
  auto Parser = clang::tooling::CommonOptionsParser::create(
      Argc, Argv, HetileCategory, cl::OneOrMore,
      "hetile rewrite: replace each tilable loop nest of C files by tiled code\n");
  if (!Parser) {
    errs() << "hetile: error: " << toString(Parser.takeError()) << "\n";
    return 1;
  }
  if (!checkInputs(Parser->getSourcePathList()))
    return 1;
  std::string Problem = checkRewriteOptions(Parser->getSourcePathList().size());
  if (!Problem.empty()) {
    errs() << "hetile: error: " << Problem << "\n";
    return 1;
  }
  Options Opts = optionsFromCommandLine();
  IslContext Isl;
  RewriteSink Sink(Opts);
  clang::tooling::ClangTool Tool(Parser->getCompilations(),
                                 Parser->getSourcePathList());
  int Status = Tool.run(newHetileActionFactory(Opts, Isl.get(), Sink).get());
  if (Status != 0)
    errs() << "hetile: error: some input could not be compiled; it was left "
              "unchanged\n";
  return Status == 0 && !Sink.failed() ? 0 : 1;
}

} // namespace

int main(int Argc, const char **Argv) {
  // The program that a phase's waiting parent becomes (Support/Isolation.h):
  // hetile-wait, beside this executable.
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv[0], (void *)&main);
  if (!Exe.empty()) {
    SmallString<256> Wait(llvm::sys::path::parent_path(Exe));
    llvm::sys::path::append(Wait, "hetile-wait");
    if (llvm::sys::fs::can_execute(Wait))
      IsolatedSequence::setWaiter(std::string(Wait));
  }
  std::string IslProblem = checkIslBinding();
  if (!IslProblem.empty()) {
    errs() << "hetile: error: " << IslProblem << "\n";
    return 2;
  }
  if (Argc < 2) {
    errs() << Usage;
    return 1;
  }
  StringRef Command = Argv[1];
  if (Command == "--help" || Command == "-h" || Command == "help") {
    outs() << Usage;
    return 0;
  }
  // The command becomes part of the program name for the option parser.
  std::string ProgName = std::string("hetile ") + Argv[1];
  std::vector<const char *> Args = {ProgName.c_str()};
  Args.insert(Args.end(), Argv + 2, Argv + Argc);
  int N = static_cast<int>(Args.size());
  if (Command == "analyze")
    return runAnalyze(N, Args.data());
  if (Command == "rewrite") {
    cl::HideUnrelatedOptions({&HetileCategory, &RewriteCategory});
    return runRewrite(N, Args.data());
  }
  errs() << "hetile: error: unknown command '" << Command << "'\n" << Usage;
  return 1;
}
