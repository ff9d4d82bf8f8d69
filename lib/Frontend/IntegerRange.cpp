//===- IntegerRange.cpp - The values a C integer type can hold ------------===//

#include "hetile/Frontend/IntegerRange.h"

#include "llvm/ADT/SmallString.h"

using namespace clang;

namespace hetile {

IntegerRange getIntegerRange(const ASTContext &Ctx, QualType T) {
  unsigned Width = Ctx.getIntWidth(T);
  bool Unsigned = T->isUnsignedIntegerOrEnumerationType();
  return IntegerRange{llvm::APSInt::getMinValue(Width, Unsigned),
                      llvm::APSInt::getMaxValue(Width, Unsigned)};
}

bool rangeContains(const IntegerRange &Outer, const IntegerRange &Inner) {
  return llvm::APSInt::compareValues(Outer.Min, Inner.Min) <= 0 &&
         llvm::APSInt::compareValues(Inner.Max, Outer.Max) <= 0;
}

bool overflowIsUndefined(const ASTContext &Ctx, QualType T) {
  return T->isSignedIntegerOrEnumerationType() &&
         Ctx.getIntWidth(T) >= Ctx.getIntWidth(Ctx.IntTy);
}

std::string toDecimal(const llvm::APSInt &V) {
  llvm::SmallString<32> S;
  V.toString(S, 10);
  return std::string(S);
}

} // namespace hetile
