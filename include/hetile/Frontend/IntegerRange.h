//===- IntegerRange.h - The values a C integer type can hold ----*- C++ -*-===//
//
// The model computes with mathematical integers; C computes in types. The
// two agree on a value exactly when it lies in the range of the C type that
// holds it: an unsigned result outside [0, max] wraps around, and a
// conversion to a type that cannot hold the value changes it (modulo 2^n
// for an unsigned type, implementation-defined for a signed one). Signed
// arithmetic that overflows is undefined behaviour, so the model may ignore
// it. These helpers tell which types hold which values.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_INTEGERRANGE_H
#define HETILE_FRONTEND_INTEGERRANGE_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/APSInt.h"

#include <string>

namespace hetile {

/// The values of an integer or enumeration type: [Min, Max].
struct IntegerRange {
  llvm::APSInt Min, Max;
};

/// The range of \p T (an integer or enumeration type; an enumeration has the
/// range of its underlying type).
IntegerRange getIntegerRange(const clang::ASTContext &Ctx, clang::QualType T);

/// Whether every value of \p Inner is a value of \p Outer.
bool rangeContains(const IntegerRange &Outer, const IntegerRange &Inner);

/// Whether arithmetic that overflows \p T is undefined (a signed type at
/// least as wide as int, which integer promotion leaves as is); otherwise
/// the result wraps around or is converted back, and the model must prove
/// it stays in range.
bool overflowIsUndefined(const clang::ASTContext &Ctx, clang::QualType T);

/// The decimal text of \p V (for isl and for messages).
std::string toDecimal(const llvm::APSInt &V);

} // namespace hetile

#endif
