//===- ExitValue.h - What a loop leaves in its iterator ---------*- C++ -*-===//
//
// C89 code declares iterators before the nest (`int i, j;`); after the
// rewritten nest each must hold exactly what the original loops leave in it.
// For a loop L with iterator v and constant step s, C's semantics give:
//
//   - if L's header never runs (its entry domain is empty), v is unchanged;
//   - else at the last outer iteration p* at which the header runs (last in
//     execution order), v = (last value of v at p*) + s when L ran at least
//     once there, and v = init(p*) when it did not.
//
// computeExitValue() evaluates this rule exactly with isl as a piecewise
// affine function of the parameters; its domain is where v changes. The
// frontend records the facts it needs (LoopExit, in Frontend/Scop.h).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_CODEGEN_EXITVALUE_H
#define HETILE_CODEGEN_EXITVALUE_H

#include "hetile/Frontend/Scop.h"
#include "hetile/Support/IslUtils.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hetile {

/// The final value of L's iterator as a function of the parameters, defined
/// exactly where L's header runs at least once (and, for an iterator that
/// other loops share, where L's header is the last of theirs to run:
/// LoopExit::LastOfShared); \p Step is L's step (!= 0).
llvm::Expected<isl::pw_aff> computeExitValue(const LoopExit &L, long Step);

} // namespace hetile

#endif
