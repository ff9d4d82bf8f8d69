//===- Isolation.cpp - Running a nest's isl work in a child process -------===//

#include "hetile/Support/Isolation.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
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

/// The child's side: run the work, send its text, leave without running
/// the parent's exit handlers or flushing the parent's buffers.
[[noreturn]] void runChild(int Fd, llvm::function_ref<std::string()> Work) {
  // A crash is expected to be possible here; writing a core file of the
  // whole compiler for it would only cost time and disk.
  struct rlimit NoCore = {0, 0};
  ::setrlimit(RLIMIT_CORE, &NoCore);
  // The handlers the parent installed (LLVM's, in the plugin clang's) would
  // act for the parent: remove its temporary output files, print a stack
  // dump. The child just dies of the signal, which the parent reports.
  for (int Sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS})
    ::signal(Sig, SIG_DFL);
  int Null = ::open("/dev/null", O_WRONLY);
  if (Null >= 0) {
    ::dup2(Null, STDOUT_FILENO);
    ::dup2(Null, STDERR_FILENO);
  }
  std::string Text = Work();
  // The text's length first: a child that dies while writing is told
  // apart from one that finished.
  std::string Header = std::to_string(Text.size()) + "\n";
  bool Ok = writeAll(Fd, Header) && writeAll(Fd, Text);
  ::close(Fd);
  ::_exit(Ok ? 0 : 1);
}

} // namespace

std::string IsolatedResult::describeFailure() const {
  if (Signal <= 0)
    return "an unknown failure";
  const char *Name = ::sigabbrev_np(Signal);
  return "signal " + std::to_string(Signal) +
         (Name ? std::string(" (SIG") + Name + ")" : std::string());
}

IsolatedResult runIsolated(llvm::function_ref<std::string()> Work) {
  IsolatedResult R;
  int Fds[2];
  if (::pipe(Fds) != 0) {
    R.Text = Work();
    R.Finished = true;
    return R;
  }
  pid_t Pid = ::fork();
  if (Pid < 0) {
    ::close(Fds[0]);
    ::close(Fds[1]);
    R.Text = Work();
    R.Finished = true;
    return R;
  }
  if (Pid == 0) {
    ::close(Fds[0]);
    runChild(Fds[1], Work);
  }
  ::close(Fds[1]);
  std::string Raw;
  bool Read = readAll(Fds[0], Raw);
  ::close(Fds[0]);
  int Status = 0;
  while (::waitpid(Pid, &Status, 0) < 0 && errno == EINTR)
    ;
  if (WIFSIGNALED(Status)) {
    R.Signal = WTERMSIG(Status);
    return R;
  }
  size_t NewLine = Raw.find('\n');
  if (!Read || !WIFEXITED(Status) || WEXITSTATUS(Status) != 0 ||
      NewLine == std::string::npos)
    return R;
  size_t Size = std::strtoull(Raw.c_str(), nullptr, 10);
  if (Raw.size() - NewLine - 1 != Size)
    return R;
  R.Text = Raw.substr(NewLine + 1);
  R.Finished = true;
  return R;
}

} // namespace hetile
