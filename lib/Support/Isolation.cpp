//===- Isolation.cpp - The nests' isl work in a child process -------------===//

#include "hetile/Support/Isolation.h"

#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace hetile {

namespace {

/// Writes all of \p Text to \p Fd; false on an error.
bool writeAll(int Fd, const std::string &Text) {
  size_t Done = 0;
  while (Done < Text.size()) {
    ssize_t N = ::write(Fd, Text.data() + Done, Text.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += size_t(N);
  }
  return true;
}

/// Reads \p Fd to its end into \p Text; false on an error.
bool readAll(int Fd, std::string &Text) {
  char Buf[65536];
  for (;;) {
    ssize_t N = ::read(Fd, Buf, sizeof Buf);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return false;
    if (N == 0)
      return true;
    Text.append(Buf, size_t(N));
  }
}

/// The signals a bug of isl dies of (and SIGKILL, the kernel's answer to a
/// computation that takes all the memory).
bool isCrash(int Sig) {
  switch (Sig) {
  case SIGSEGV: case SIGBUS: case SIGILL: case SIGFPE: case SIGABRT:
  case SIGTRAP: case SIGSYS: case SIGKILL:
    return true;
  default:
    return false;
  }
}

const int FatalSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE,
                            SIGABRT, SIGTRAP, SIGSYS};

/// Dies of signal \p Sig, as the child did.
[[noreturn]] void dieOf(int Sig) {
  ::signal(Sig, SIG_DFL);
  ::raise(Sig);
  ::_exit(128 + Sig);
}

} // namespace

std::string IsolatedResult::describeFailure() const {
  if (Signal <= 0)
    return "an unknown failure";
  const char *Name = ::sigabbrev_np(Signal);
  return "signal " + std::to_string(Signal) +
         (Name ? std::string(" (SIG") + Name + ")" : std::string());
}

void IsolatedSequence::begin() {
  for (;;) {
    int Fds[2];
    // What this process has buffered must not be written twice.
    llvm::outs().flush();
    llvm::errs().flush();
    std::fflush(nullptr);
    if (::pipe(Fds) != 0)
      return;
    pid_t Parent = ::getpid();
    pid_t Pid = ::fork();
    if (Pid < 0) {
      ::close(Fds[0]);
      ::close(Fds[1]);
      return;
    }
    if (Pid == 0) {
      ::close(Fds[0]);
      Fd = Fds[1];
      // The child dies with the parent the build system waits for.
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != Parent)
        ::_exit(1);
      // Quiet while isl may crash: no stack dump of LLVM's handlers, no
      // core file. (What the phase prints is printed again by the next
      // child after a crash.)
      ::getrlimit(RLIMIT_CORE, &SavedCore);
      struct rlimit NoCore = {0, SavedCore.rlim_max};
      ::setrlimit(RLIMIT_CORE, &NoCore);
      for (int Sig : FatalSignals) {
        struct sigaction Old;
        ::sigaction(Sig, nullptr, &Old);
        SavedActions.push_back({Sig, Old});
        ::signal(Sig, SIG_DFL);
      }
      Quiet = true;
      return;
    }
    ::close(Fds[1]);
    // The child's messages: "B <item>" and "E" around an item's isl work,
    // "D" at the end of the phase, after which it closes the pipe.
    std::string Raw;
    readAll(Fds[0], Raw);
    ::close(Fds[0]);
    long Inside = -1;
    bool Done = false;
    size_t Pos = 0;
    while (Pos < Raw.size()) {
      size_t End = Raw.find('\n', Pos);
      if (End == std::string::npos)
        break;
      char Kind = Raw[Pos];
      if (Kind == 'B')
        Inside = std::strtol(Raw.c_str() + Pos + 2, nullptr, 10);
      else if (Kind == 'E')
        Inside = -1;
      else if (Kind == 'D')
        Done = true;
      Pos = End + 1;
    }
    if (Done && !Waiter.empty()) {
      std::string Child = std::to_string(Pid);
      ::execl(Waiter.c_str(), Waiter.c_str(), Child.c_str(), (char *)nullptr);
      // Not run: this process waits itself.
    }
    int Status = 0;
    while (::waitpid(Pid, &Status, 0) < 0 && errno == EINTR)
      ;
    if (WIFEXITED(Status))
      ::_exit(WEXITSTATUS(Status));
    int Sig = WIFSIGNALED(Status) ? WTERMSIG(Status) : SIGABRT;
    if (Done || Inside < 0 || !isCrash(Sig))
      dieOf(Sig);
    if (Crashes.size() <= size_t(Inside))
      Crashes.resize(Inside + 1);
    ++Crashes[Inside].first;
    Crashes[Inside].second = Sig;
    Next = 0;
  }
}

std::string IsolatedSequence::Waiter;

void IsolatedSequence::setWaiter(std::string Program) {
  Waiter = std::move(Program);
}

unsigned IsolatedSequence::next(IsolatedResult &Earlier) {
  unsigned Item = Next++;
  Earlier = IsolatedResult();
  if (Item < Crashes.size())
    Earlier.Signal = Crashes[Item].second;
  Earlier.Finished = crashes(Item) == 0;
  return Item;
}

unsigned IsolatedSequence::crashes(unsigned Item) const {
  return Item < Crashes.size() ? Crashes[Item].first : 0;
}

void IsolatedSequence::enter(unsigned Item) {
  if (Fd >= 0)
    writeAll(Fd, "B " + std::to_string(Item) + "\n");
}

void IsolatedSequence::leave() {
  if (Fd >= 0)
    writeAll(Fd, "E\n");
}

void IsolatedSequence::end() {
  if (Fd >= 0) {
    writeAll(Fd, "D\n");
    ::close(Fd);
    Fd = -1;
  }
  if (!Quiet)
    return;
  Quiet = false;
  for (const auto &[Sig, Action] : SavedActions)
    ::sigaction(Sig, &Action, nullptr);
  SavedActions.clear();
  ::setrlimit(RLIMIT_CORE, &SavedCore);
}

} // namespace hetile
