//===- RuntimePaths.cpp - Where the plugin finds hetile_rt.h --------------===//
//
// The plugin is found where it was installed or built; the runtime's header
// is looked up relative to it (so an installed tree can be moved), then in
// the source tree of the build (for the build tree's own plugin); so is
// hetile-wait, beside the tools.
//
//===----------------------------------------------------------------------===//

#include "hetile/Plugin/PluginAction.h"

#include "PluginPaths.inc" // HETILE_LIBDIR_TO_INCLUDEDIR, HETILE_SOURCE_RT_INCLUDE

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <dlfcn.h>

namespace hetile {

std::string thisObjectPath() {
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&thisObjectPath), &Info) == 0 ||
      !Info.dli_fname)
    return "";
  llvm::SmallString<256> Path(Info.dli_fname);
  llvm::sys::fs::make_absolute(Path);
  return Path.str().str();
}

std::string findWaiter(llvm::StringRef PluginPath) {
  if (PluginPath.empty())
    return "";
  for (const char *ToBin : {HETILE_LIBDIR_TO_BINDIR, "../bin"}) {
    llvm::SmallString<256> Path(llvm::sys::path::parent_path(PluginPath));
    llvm::sys::path::append(Path, ToBin, "hetile-wait");
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    if (llvm::sys::fs::can_execute(Path))
      return Path.str().str();
  }
  return "";
}

std::string findRuntimeIncludeDir(llvm::StringRef PluginPath) {
  auto HasHeader = [](llvm::StringRef Dir) {
    llvm::SmallString<256> H(Dir);
    llvm::sys::path::append(H, "hetile_rt.h");
    return llvm::sys::fs::exists(H);
  };
  if (!PluginPath.empty()) {
    llvm::SmallString<256> Dir(llvm::sys::path::parent_path(PluginPath));
    llvm::sys::path::append(Dir, HETILE_LIBDIR_TO_INCLUDEDIR);
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    if (HasHeader(Dir))
      return Dir.str().str();
  }
  if (HasHeader(HETILE_SOURCE_RT_INCLUDE))
    return HETILE_SOURCE_RT_INCLUDE;
  return "";
}

} // namespace hetile
