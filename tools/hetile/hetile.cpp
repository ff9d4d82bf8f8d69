//===- hetile.cpp - The standalone rewriter: hetile analyze | rewrite -----===//

#include "hetile/Support/IslBinding.h"

#include "llvm/Support/raw_ostream.h"

using namespace hetile;

int main(int argc, const char **argv) {
  std::string IslProblem = checkIslBinding();
  if (!IslProblem.empty()) {
    llvm::errs() << "hetile: error: " << IslProblem << "\n";
    return 2;
  }
  llvm::errs() << "usage: hetile analyze|rewrite FILE... [options] -- [clang args]\n";
  return 1;
}
