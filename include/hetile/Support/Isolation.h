//===- Isolation.h - The nests' isl work in a child process -----*- C++ -*-===//
//
// isl is a library we link, not code we own; a bug in it (a crash on some
// integer set) must not take the compiler down with it, nor the user's build
// when hetile runs as a Clang plugin. IsolatedSequence runs the isl work of
// the nests of a translation unit in a forked child that carries on as the
// process; where the child dies of a crash inside a nest's work, its parent
// starts the work again in a new child that leaves that nest as it is, with
// a remark (RejectKind::IslCrashed).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_SUPPORT_ISOLATION_H
#define HETILE_SUPPORT_ISOLATION_H

#include <csignal>
#include <string>
#include <sys/resource.h>
#include <utility>
#include <vector>

namespace hetile {

/// How an item's isl work ended in the last child that crashed in it.
struct IsolatedResult {
  /// No child crashed in it.
  bool Finished = true;
  /// The signal that killed the last child that crashed in it.
  int Signal = 0;

  /// "signal 11 (SIGSEGV)" or "an unknown failure".
  std::string describeFailure() const;
};

/// A phase of the process made of items (the nests of a translation unit)
/// whose isl work may crash, run once each: the process carries on in a
/// forked child, which tells its parent through a pipe when it enters and
/// leaves an item's isl work, and the parent only waits for it.
///
///   - The child exits: the parent exits with its status (the child did all
///     the work, output included).
///   - The child dies of a crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
///     SIGTRAP, SIGSYS, SIGKILL) inside an item's isl work: the parent forks
///     a new child, which does the phase again, this time with crashes(I)
///     one more for that item (deterministic work: the earlier items give
///     the same results).
///   - The child dies of any other signal, or outside the items' isl work:
///     the parent dies of the same signal.
///
/// Each item's work thus runs once, in the process that keeps its results;
/// the phase costs one fork where nothing crashes.
/// During the phase the child's fatal signals have their default action (no
/// stack dump of LLVM's handlers) and no core file is written; end()
/// restores them. What the phase prints is printed again by the next child
/// after a crash: the caller prints its diagnostics before or after it.
/// Where no child can be forked, the phase runs in this process.
class IsolatedSequence {
public:
  IsolatedSequence() = default;
  IsolatedSequence(const IsolatedSequence &) = delete;
  IsolatedSequence &operator=(const IsolatedSequence &) = delete;
  ~IsolatedSequence() { end(); }

  /// Starts the phase; returns in the child (or here, unforked).
  void begin();
  /// The number of the next item, from 0, and how its isl work ended in
  /// the last child that crashed in it (\p Earlier: Finished where none
  /// did).
  unsigned next(IsolatedResult &Earlier);
  /// How many children crashed in the isl work of item \p Item.
  unsigned crashes(unsigned Item) const;
  /// Around the isl work of item \p Item.
  void enter(unsigned Item);
  void leave();
  /// Ends the phase (once; the destructor calls it).
  void end();
  /// A program that waits for a process (`\p Program PID`) and ends as it
  /// did: once a phase is over, its waiting parent becomes that program, so
  /// that a command over many files keeps small processes waiting, not
  /// copies of the compiler's memory (tools/hetile/hetile-wait.c). Unset
  /// (the plugin inside clang), or where it cannot be run, the parent waits
  /// itself.
  static void setWaiter(std::string Program);

private:
  /// The child's end of the pipe; -1 outside the phase or unforked.
  int Fd = -1;
  unsigned Next = 0;
  /// Per item, the children that crashed in it and the last one's signal,
  /// counted by the parent and inherited by each child.
  std::vector<std::pair<unsigned, int>> Crashes;
  /// What the phase changed in the child, restored by end().
  std::vector<std::pair<int, struct sigaction>> SavedActions;
  struct rlimit SavedCore = {};
  bool Quiet = false;
  static std::string Waiter;
};

} // namespace hetile

#endif
