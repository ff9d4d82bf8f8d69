//===- PureFunctions.h - Calls the model may keep ---------------*- C++ -*-===//
//
// A call inside a nest is allowed only to a known pure function of the C
// library (math functions, abs, min/max-like helpers): it neither reads nor
// writes memory the nest uses. The list is fixed and documented here; a call
// to anything else is rejected as side-effect-call.
//
//   sqrt cbrt hypot exp exp2 expm1 log log2 log10 log1p pow
//   sin cos tan asin acos atan atan2 sinh cosh tanh
//   fabs fmin fmax fdim fma fmod remainder copysign floor ceil round trunc
//   erf erfc abs labs llabs min max (std::min/std::max in C++),
//   isnan isinf isfinite signbit
// each with its float (f) and long double (l) variants; also __builtin_X.
// The callee must be the C library's: a builtin, or declared in a system
// header (a user function named `sqrt` is not trusted).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_PUREFUNCTIONS_H
#define HETILE_FRONTEND_PUREFUNCTIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace hetile {

bool isKnownPureFunction(const clang::ASTContext &Ctx,
                         const clang::FunctionDecl *FD);

} // namespace hetile

#endif
