//===- LoopHeader.h - A for header -> iterator, start, step, bounds -*- C++ -*-===//
//
// Reads `for (i = lb; cond; step)` (or `for (int i = lb; ...)`):
//   - the iterator: an integer variable, written only by its own header;
//   - the start lb: piecewise affine (min/max as ?: or MIN/MAX macros);
//   - the step: ++, --, += c, -= c, i = i + c, i = i - c with c a nonzero
//     integer constant;
//   - the condition: an affine formula whose every constraint on i bounds i
//     in the direction of the step (so that "the loop runs while cond holds"
//     equals "i satisfies cond"), and that bounds i (the loop terminates).
//     `i != e` with step +1/-1 on a signed iterator at least as wide as int
//     is read as `i < e` / `i > e`: when the start lies past e, the original
//     loop would overflow its signed iterator (undefined behaviour), so both
//     agree on every defined execution. On an unsigned iterator it would
//     wrap around instead: read so only where the start provably does not
//     lie past e. Other `!=` conditions are rejected.
// C evaluates the start and the condition in C types: every conversion and
// unsigned operation in them must provably keep its value (RangeChecks.cpp),
// and so must the step where the iterator's overflow is defined (unsigned,
// or narrower than int): `for (unsigned i = N; i > 0; i--)` is modelled,
// `for (unsigned i = N - 1; i >= 0; i--)` (never ends in C) is rejected.
// The loop's domain constraint is then
//   OR over the pieces (C, e) of lb:  C and i >= e and (i - e) mod step = 0
// (i <= e for a negative step), and the condition.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_LOOPHEADER_H
#define HETILE_FRONTEND_LOOPHEADER_H

#include "hetile/Frontend/AffineExpr.h"

#include "clang/AST/Stmt.h"

namespace hetile {

class NestWalker;
struct LoopModel;

struct LoopHeader {
  const clang::VarDecl *Iter = nullptr;
  bool DeclaredInHeader = false;
  const clang::Expr *Start = nullptr;
  int64_t Step = 0;
  /// The type the step is computed in before it is stored back: the
  /// iterator's for ++ and --, the usual arithmetic conversions' for
  /// `i += c` and `i = i + c` (unsigned for `i += 2u`).
  clang::QualType StepType;
};

/// Reads the iterator, start expression and step of \p For; false when
/// rejected (through \p W).
bool readLoopHeader(NestWalker &W, const clang::ForStmt *For, LoopHeader &H);

/// The start constraint (with the stride) of the loop; \p Value receives the
/// start value itself. To be called before the loop's iterator is in scope:
/// the start may not use it.
std::optional<Cond> readLoopStart(NestWalker &W, const LoopHeader &H,
                                  Piecewise &Value);

/// The condition of the loop as a constraint. To be called with the loop's
/// iterator in scope, with \p L's Entry and Start set and \p Start the
/// loop's start constraint (readLoopStart): the condition is evaluated
/// where both hold.
std::optional<Cond> readLoopCondition(NestWalker &W, const clang::ForStmt *For,
                                      const LoopHeader &H, const LoopModel &L,
                                      const Cond &Start);

} // namespace hetile

#endif
