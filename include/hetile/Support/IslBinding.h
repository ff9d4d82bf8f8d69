//===- IslBinding.h - Check which isl is bound at run time ------*- C++ -*-===//
//
// hetile uses exactly one isl: the copy inside libLLVM.so.19 (Polly's, built
// on IMath). Debian's libisl (GMP) has a different isl_val and must never be
// mixed in. checkIslBinding() verifies, at startup, that the isl resolved at
// run time is the one we were configured against.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_SUPPORT_ISLBINDING_H
#define HETILE_SUPPORT_ISLBINDING_H

#include <string>

namespace hetile {

/// Returns an empty string when the bound isl is the expected one, otherwise a
/// message saying what was found instead.
std::string checkIslBinding();

} // namespace hetile

#endif
