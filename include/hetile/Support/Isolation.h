//===- Isolation.h - Running a nest's isl work in a child process -*- C++ -*-===//
//
// isl is a library we link, not code we own; a bug in it (a crash on some
// integer set) must not take the compiler down with it, nor the user's build
// when hetile runs as a Clang plugin. runIsolated() runs a piece of work in a
// forked child process and hands back the text it produced, or says that the
// child was killed by a signal: the caller then leaves the nest as it is with
// a remark (RejectKind::IslCrashed). The child shares nothing with the parent
// after the fork, so the work's side effects stay in the child: the work
// returns everything the parent needs as its text.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_SUPPORT_ISOLATION_H
#define HETILE_SUPPORT_ISOLATION_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace hetile {

struct IsolatedResult {
  /// The work ran to its end; Text is what it returned.
  bool Finished = false;
  /// When not Finished: the signal that killed the child (0 when the child
  /// could not be started or its result not read).
  int Signal = 0;
  std::string Text;

  /// "signal 11 (SIGSEGV)" or "an unknown failure".
  std::string describeFailure() const;
};

/// Runs \p Work in a forked child whose standard output and error are
/// discarded (the parent prints what it has to say) and returns its text.
/// Where a child cannot be forked, \p Work runs in this process.
IsolatedResult runIsolated(llvm::function_ref<std::string()> Work);

} // namespace hetile

#endif
