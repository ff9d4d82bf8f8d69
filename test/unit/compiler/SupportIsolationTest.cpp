//===- SupportIsolationTest.cpp - The isl work in a child process ---------===//
//
// IsolatedSequence makes the process that calls begin() wait for a child and
// exit with its status: each test runs the phase in a process of its own
// (run()), whose final child writes what it saw to a pipe.
//
//===----------------------------------------------------------------------===//

#include "hetile/Support/Isolation.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <functional>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using namespace hetile;

namespace {

struct Outcome {
  int Status = 0;    ///< waitpid's status of the process of the phase
  std::string Log;   ///< what its final child wrote
};

/// Runs \p Phase in a forked process, which writes \p Phase's log to a pipe
/// and exits with 7.
Outcome run(const std::function<std::string(IsolatedSequence &)> &Phase) {
  int Fds[2];
  EXPECT_EQ(::pipe(Fds), 0);
  pid_t Pid = ::fork();
  if (Pid == 0) {
    ::close(Fds[0]);
    std::string Log;
    {
      IsolatedSequence Seq;
      Seq.begin();
      Log = Phase(Seq);
    }
    if (::write(Fds[1], Log.data(), Log.size()) < 0)
      ::_exit(2);
    ::_exit(7);
  }
  ::close(Fds[1]);
  Outcome O;
  char Buf[256];
  for (ssize_t N; (N = ::read(Fds[0], Buf, sizeof Buf)) > 0;)
    O.Log.append(Buf, size_t(N));
  ::close(Fds[0]);
  ::waitpid(Pid, &O.Status, 0);
  return O;
}

/// Items 0 .. 2, each noted as "item:crashes"; \p Crash(item, crashes)
/// raises a signal inside the item's work.
std::string items(IsolatedSequence &Seq,
                  const std::function<void(unsigned, unsigned)> &Crash) {
  std::string Log;
  for (int K = 0; K < 3; ++K) {
    IsolatedResult Earlier;
    unsigned Item = Seq.next(Earlier);
    unsigned N = Seq.crashes(Item);
    Log += std::to_string(Item) + ":" + std::to_string(N);
    if (!Earlier.Finished)
      Log += "(" + Earlier.describeFailure() + ")";
    Log += " ";
    Seq.enter(Item);
    Crash(Item, N);
    Seq.leave();
  }
  Seq.end();
  return Log;
}

/// A crash after the phase is the process's own: it dies of it.
void expectCrashAfterThePhaseKills() {
  Outcome After = run([](IsolatedSequence &S) {
    S.end();
    std::raise(SIGBUS);
    return std::string("not reached");
  });
  ASSERT_TRUE(WIFSIGNALED(After.Status));
  EXPECT_EQ(WTERMSIG(After.Status), SIGBUS);
}

TEST(IsolatedSequence, TheProcessExitsWithTheChildsStatus) {
  Outcome O = run([](IsolatedSequence &S) {
    return items(S, [](unsigned, unsigned) {});
  });
  ASSERT_TRUE(WIFEXITED(O.Status));
  EXPECT_EQ(WEXITSTATUS(O.Status), 7);
  EXPECT_EQ(O.Log, "0:0 1:0 2:0 ");
}

TEST(IsolatedSequence, AnItemThatCrashedIsToldSoInTheNextChild) {
  // Item 1 crashes twice (SIGSEGV, then SIGABRT), then runs; the items
  // before it run again in each child, with the same results.
  Outcome O = run([](IsolatedSequence &S) {
    return items(S, [](unsigned Item, unsigned Crashes) {
      if (Item == 1 && Crashes == 0)
        std::raise(SIGSEGV);
      if (Item == 1 && Crashes == 1)
        std::abort();
    });
  });
  ASSERT_TRUE(WIFEXITED(O.Status));
  EXPECT_EQ(WEXITSTATUS(O.Status), 7);
  EXPECT_EQ(O.Log, "0:0 1:2(signal 6 (SIGABRT)) 2:0 ");
}

TEST(IsolatedSequence, ACrashOutsideTheItemsIsTheProcesssOwn) {
  // Between two items, and after the phase: the process dies of it, as it
  // would without the child.
  Outcome Between = run([](IsolatedSequence &S) {
    IsolatedResult E;
    S.enter(S.next(E));
    S.leave();
    std::raise(SIGSEGV);
    return std::string("not reached");
  });
  ASSERT_TRUE(WIFSIGNALED(Between.Status));
  EXPECT_EQ(WTERMSIG(Between.Status), SIGSEGV);
  expectCrashAfterThePhaseKills();
}

TEST(IsolatedSequence, AnInterruptIsNotACrash) {
  // SIGTERM inside an item (the build stopped): no new child.
  Outcome O = run([](IsolatedSequence &S) {
    return items(S, [](unsigned Item, unsigned) {
      if (Item == 0)
        std::raise(SIGTERM);
    });
  });
  ASSERT_TRUE(WIFSIGNALED(O.Status));
  EXPECT_EQ(WTERMSIG(O.Status), SIGTERM);
  EXPECT_EQ(O.Log, "");
}

TEST(IsolatedSequence, TheParentBecomesTheWaiterAfterThePhase) {
  // With hetile-wait set, the parent execs it once the phase is over: the
  // process still ends as its child does, exit status or signal.
  IsolatedSequence::setWaiter(HETILE_WAIT_PROGRAM);
  Outcome O = run([](IsolatedSequence &S) {
    std::string Log = items(S, [](unsigned Item, unsigned Crashes) {
      if (Item == 2 && Crashes == 0)
        std::raise(SIGSEGV);
    });
    // The parent's program, once it has read the end of the phase.
    std::string Exe = "/proc/" + std::to_string(::getppid()) + "/exe";
    char Buf[4096];
    for (int Try = 0; Try < 200; ++Try) {
      ssize_t N = ::readlink(Exe.c_str(), Buf, sizeof Buf - 1);
      if (N > 0 && std::string(Buf, size_t(N)).find("hetile-wait") !=
                       std::string::npos)
        return Log + "waiter";
      ::usleep(5000);
    }
    return Log + "no waiter";
  });
  ASSERT_TRUE(WIFEXITED(O.Status));
  EXPECT_EQ(WEXITSTATUS(O.Status), 7);
  EXPECT_EQ(O.Log, "0:0 1:0 2:1(signal 11 (SIGSEGV)) waiter");
  expectCrashAfterThePhaseKills();
  IsolatedSequence::setWaiter("");
}

TEST(IsolatedSequence, DescribesTheSignal) {
  IsolatedResult R;
  R.Finished = false;
  R.Signal = SIGSEGV;
  EXPECT_EQ(R.describeFailure(), "signal 11 (SIGSEGV)");
  R.Signal = 0;
  EXPECT_EQ(R.describeFailure(), "an unknown failure");
}

} // namespace
