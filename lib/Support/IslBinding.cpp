//===- IslBinding.cpp - Check which isl is bound at run time ---------------===//

#include "hetile/Support/IslBinding.h"

#include "llvm/Support/raw_ostream.h"
#include <cctype>
#include <dlfcn.h>
#include <isl/ctx.h>
#include <isl/version.h>

#ifndef HETILE_ISL_EXPECTED_VERSION
#error "HETILE_ISL_EXPECTED_VERSION must be defined by the build"
#endif

namespace hetile {

static std::string objectOf(const void *Addr) {
  Dl_info Info;
  if (!dladdr(Addr, &Info) || !Info.dli_fname)
    return "<unknown>";
  return Info.dli_fname;
}

std::string checkIslBinding() {
  std::string Version = isl_version(); // ends in a newline
  while (!Version.empty() && isspace(static_cast<unsigned char>(Version.back())))
    Version.pop_back();
  if (Version != HETILE_ISL_EXPECTED_VERSION)
    return "isl bound at run time is '" + Version + "', but hetile was built "
           "against '" HETILE_ISL_EXPECTED_VERSION "' (libLLVM's copy); "
           "another isl (e.g. Debian's libisl) was loaded first";
  // The isl functions must come from the same object as LLVM itself.
  std::string IslObj = objectOf(reinterpret_cast<const void *>(&isl_ctx_alloc));
  std::string LLVMObj = objectOf(reinterpret_cast<const void *>(&llvm::outs));
  if (IslObj != LLVMObj)
    return "isl is bound from '" + IslObj + "' but LLVM from '" + LLVMObj +
           "'; hetile must use the isl inside libLLVM";
  return "";
}

} // namespace hetile
