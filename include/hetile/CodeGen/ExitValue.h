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
// affine function of the parameters; its domain is where v changes.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_CODEGEN_EXITVALUE_H
#define HETILE_CODEGEN_EXITVALUE_H

#include "hetile/Support/IslUtils.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hetile {

/// The facts about one loop that fix its iterator's final value. The outer
/// iterations are those of the loops enclosing L, outermost first (n >= 0).
struct LoopExit {
  /// Index of the loop in Scop::Loops.
  unsigned Loop = 0;
  /// [p] -> { [o_1, ..., o_n] }: outer iterations at which L's header runs
  /// ({ [] } for an outermost loop that is always reached).
  isl::set EntryDomain;
  /// [p] -> { [o_1, ..., o_n, v] }: the iterations of L.
  isl::set Iterations;
  /// [p] -> { [o_1, ..., o_n] -> [v0] }: the initial value of v.
  isl::map Init;
  /// Steps of the outer loops (only their signs matter: a negative step
  /// runs that loop downwards). Empty means all positive.
  std::vector<long> OuterSteps;
};

/// The final value of L's iterator as a function of the parameters, defined
/// exactly where L's header runs at least once; \p Step is L's step (!= 0).
llvm::Expected<isl::pw_aff> computeExitValue(const LoopExit &L, long Step);

} // namespace hetile

#endif
