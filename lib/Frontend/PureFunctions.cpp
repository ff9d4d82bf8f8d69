//===- PureFunctions.cpp - Calls the model may keep -----------------------===//

#include "hetile/Frontend/PureFunctions.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace hetile {

namespace {
const llvm::StringSet<> &pureNames() {
  static const llvm::StringSet<> Names = [] {
    llvm::StringSet<> S;
    const char *Math[] = {
        "sqrt",  "cbrt",  "hypot",     "exp",      "exp2",  "expm1", "log",
        "log2",  "log10", "log1p",     "pow",      "sin",   "cos",   "tan",
        "asin",  "acos",  "atan",      "atan2",    "sinh",  "cosh",  "tanh",
        "fabs",  "fmin",  "fmax",      "fdim",     "fma",   "fmod",  "remainder",
        "copysign", "floor", "ceil",   "round",    "trunc", "erf",   "erfc"};
    for (const char *N : Math) {
      S.insert(N);
      S.insert(std::string(N) + "f");
      S.insert(std::string(N) + "l");
    }
    for (const char *N : {"abs", "labs", "llabs", "min", "max", "isnan",
                          "isinf", "isfinite", "signbit"})
      S.insert(N);
    return S;
  }();
  return Names;
}
} // namespace

bool isKnownPureFunction(const ASTContext &Ctx, const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  StringRef Name = FD->getName();
  bool Builtin = FD->getBuiltinID() != 0;
  if (Name.consume_front("__builtin_") && !Builtin)
    return false;
  if (!pureNames().contains(Name))
    return false;
  // Only the C (or C++) library's own functions, never a user's namesake.
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  if (!DC->isTranslationUnit() && !FD->isInStdNamespace())
    return false;
  return Builtin ||
         Ctx.getSourceManager().isInSystemHeader(FD->getLocation());
}

} // namespace hetile
