//===- hetile.cpp - The standalone tool: hetile analyze | rewrite ---------===//
//
// A thin shell over the library: parses options (LibTooling conventions:
// `-p` for compile_commands.json, `--` then clang arguments), checks the isl
// binding, and runs the shared frontend action with a sink that prints the
// analysis report.
//
//===----------------------------------------------------------------------===//

#include "hetile/Driver/HetileAction.h"
#include "hetile/Driver/Report.h"
#include "hetile/Support/IslBinding.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
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
static cl::opt<bool> AssumeNoAliasOpt(
    "assume-no-alias",
    cl::desc("Assume distinct pointer/array parameters never overlap"),
    cl::cat(HetileCategory));
static cl::opt<bool> NoSkewOpt(
    "no-skew",
    cl::desc("Do not search for a transformation (skewing, shifting, fusion) "
             "when the nest as written is not fully permutable"),
    cl::cat(HetileCategory));

static const char Usage[] =
    "usage: hetile <command> FILE... [options] [-- <clang args>]\n"
    "commands:\n"
    "  analyze   find the fully permutable loop nests and report them\n"
    "run 'hetile <command> --help' for the options of a command\n";

namespace {

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
  Options Opts;
  Opts.Auto = AutoOpt;
  Opts.Format = FormatOpt;
  Opts.AssumeNoAlias = AssumeNoAliasOpt;
  Opts.AllowSkew = !NoSkewOpt;

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

} // namespace

int main(int Argc, const char **Argv) {
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
  errs() << "hetile: error: unknown command '" << Command << "'\n" << Usage;
  return 1;
}
