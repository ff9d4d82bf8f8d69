//===- PluginAction.h - hetile inside clang-19 ------------------*- C++ -*-===//
//
// The action of the Clang plugin:
//
//   clang-19 -fplugin=libHetilePlugin.so -fplugin-arg-hetile-backend=omp \
//            -fopenmp -c foo.c -o foo.o
//
// compiles foo.c with each tilable nest replaced by its tiled code.
//
// How. The action runs before clang's own (AddBeforeMainAction), once the
// main file is set up and before it is read. It analyzes and rewrites the
// file in a second CompilerInstance (a copy of the invocation, syntax only,
// plugins and outputs cleared) with the frontend action the standalone tool
// uses, then gives clang the rewritten text in place of the file. Clang then
// does what it was asked (-c, -S, -emit-llvm, -fsyntax-only, -MD ...) on
// that text. The text carries `#line` directives, so clang's messages and
// debug info name the original lines; the remarks about nests come from the
// analysis of the original text. The rewritten text includes "hetile_rt.h":
// its folder is added after the user's search paths.
//
// A nest whose code cannot be generated stays as written with a remark,
// as in `hetile rewrite`, with the seq backend. With a parallel backend it is
// an error: a build that asked for parallel code must not get serial code.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_PLUGIN_PLUGINACTION_H
#define HETILE_PLUGIN_PLUGINACTION_H

#include "hetile/Plugin/PluginArgs.h"

#include "clang/Frontend/FrontendAction.h"

namespace hetile {

class HetilePluginAction : public clang::PluginASTAction {
public:
  ActionType getActionType() override { return AddBeforeMainAction; }

  /// Reads the -fplugin-arg-hetile-* arguments; reports each bad one as an
  /// error and returns false (clang then fails the compile).
  bool ParseArgs(const clang::CompilerInstance &CI,
                 const std::vector<std::string> &Args) override;

  /// Does all the work (see the file comment); the consumer it returns does
  /// nothing.
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef InFile) override;

private:
  PluginSettings Settings;
};

/// The folder holding hetile_rt.h for code compiled by the plugin whose
/// shared object is \p PluginPath: the installed one (the include folder
/// beside the plugin's lib folder) if it is there, else the source tree's
/// runtime/include of the build the plugin comes from; "" if neither is.
std::string findRuntimeIncludeDir(llvm::StringRef PluginPath);

/// hetile-wait beside the tools of the installed tree (or build tree) of the
/// plugin whose shared object is \p PluginPath; "" if it is not there.
std::string findWaiter(llvm::StringRef PluginPath);

/// The path of the shared object (or executable) holding this code.
std::string thisObjectPath();

} // namespace hetile

#endif
