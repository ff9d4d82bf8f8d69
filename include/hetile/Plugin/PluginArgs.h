//===- PluginArgs.h - The arguments of the Clang plugin ---------*- C++ -*-===//
//
// `-fplugin-arg-hetile-<arg>` reaches the plugin as "<arg>": a name, or
// name=value. parsePluginArgs() turns them into the one Options struct the
// standalone tool fills from its command line, plus what only the plugin
// has (emit=PATH). It reports every bad argument, not only the first.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_PLUGIN_PLUGINARGS_H
#define HETILE_PLUGIN_PLUGINARGS_H

#include "hetile/Support/Options.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace hetile {

/// The plugin's name: `-fplugin-arg-hetile-...` (no '-' in it, as the driver
/// splits the argument at the first '-' after "-fplugin-arg-").
extern const char PluginName[];

struct PluginSettings {
  /// Options::EmitLineDirectives is set: the compiled text keeps the lines.
  Options Opts;
  /// emit=PATH: also write the rewritten source there ("" = do not).
  std::string EmitPath;

  PluginSettings() { Opts.EmitLineDirectives = true; }
};

/// One line per accepted argument, for the messages about bad ones.
extern const char PluginArgsHelp[];

/// Parses \p Args into \p Settings. Returns one message per bad argument
/// (lower case, no trailing period, naming the argument); empty when all are
/// good. A later argument overrides an earlier one of the same name.
std::vector<std::string> parsePluginArgs(llvm::ArrayRef<std::string> Args,
                                         PluginSettings &Settings);

} // namespace hetile

#endif
