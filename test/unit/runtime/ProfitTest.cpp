//===- ProfitTest.cpp - the run-time decision of whether tiling pays -------===//
//
// hetile_profit_begin/record on given times: the first call's guess, the
// exploration of the three ways, the choice, its hysteresis, the retries'
// intervals (derived by hand from the rule in hetile_rt.h), a load change
// followed, the nearest class's choice, HETILE_PROFIT, and a call in parts
// (hetile_profit_parts/part/align): the trial parts, their whole tiles,
// the rest's way from the times per value.
//
//===----------------------------------------------------------------------===//
#include "SetVar.h"

#include "hetile_rt.h"

#include <gtest/gtest.h>

#include <climits>

#include <string>
#include <vector>

namespace {

/// The decision on, and no other process's thread runnable (the first
/// call's guess reads the machine's load otherwise).
struct ProfitEnv {
  ProfitEnv() {
    setVar("HETILE_PROFIT", nullptr);
    setVar("HETILE_EMULATE_LOAD", "0");
  }
  ~ProfitEnv() {
    setVar("HETILE_PROFIT", nullptr);
    setVar("HETILE_EMULATE_LOAD", nullptr);
  }
};

/// A fresh site and the calls made on it, with the time each way takes.
struct Site {
  hetile_profit_slot Slot = {};
  hetile_profit_site *S;
  double Times[3] = {1e-3, 30e-3, 100e-3}; // original, 1 thread, 2 threads
  int Procs = 2;
  double Points = 1000;
  int Changed = 0;
  hetile_profit_call Last{};

  explicit Site(bool Parallel = false) {
    S = Parallel ? hetile_profit_parallel_site_get(&Slot, "test.c:1 (f)")
                 : hetile_profit_site_get(&Slot, "test.c:1 (f)");
  }

  /// One call: the threads chosen.
  int call() {
    int Run = hetile_profit_begin(S, Points, Procs, &Last);
    EXPECT_GE(Run, 0);
    int Way = Run == 0 ? 0 : Run == 1 ? 1 : 2;
    Changed = hetile_profit_record(&Last, Run, Times[Way]);
    return Run;
  }
  std::vector<int> calls(int N) {
    std::vector<int> Out;
    for (int I = 0; I < N; ++I)
      Out.push_back(call());
    return Out;
  }
};

/// Whether the HETILE_STATS line of \p C's class counts \p Calls calls
/// (the line on failure).
::testing::AssertionResult countsCalls(const hetile_profit_call &C,
                                       long Calls) {
  std::string Line = hetile_profit_describe(&C);
  if (Line.find("; " + std::to_string(Calls) + " calls)") != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << Line;
}

TEST(Profit, SiteIsKeptInItsSlot) {
  hetile_profit_slot Slot = {};
  hetile_profit_site *A = hetile_profit_site_get(&Slot, "a.c:1 (f)");
  EXPECT_EQ(A, Slot.site);
  EXPECT_EQ(A, hetile_profit_site_get(&Slot, "other"));
  // Without a slot, by name.
  hetile_profit_site *B = hetile_profit_site_get(nullptr, "b.c:2 (g)");
  EXPECT_EQ(B, hetile_profit_site_get(nullptr, "b.c:2 (g)"));
  EXPECT_NE(A, B);
}

TEST(Profit, FirstCallBySize) {
  ProfitEnv G;
  Site Small;
  Small.Points = 1000;
  EXPECT_EQ(0, Small.call());
  Site Big;
  Big.Points = 1 << 20;
  EXPECT_EQ(2, Big.call());
  Site BigOneThread;
  BigOneThread.Points = 1 << 20;
  BigOneThread.Procs = 1;
  EXPECT_EQ(1, BigOneThread.call());
}

TEST(Profit, FirstCallOnABusyMachineRunsOneThread) {
  ProfitEnv G;
  // More runnable threads of other processes than any machine has cores.
  setVar("HETILE_EMULATE_LOAD", "1000000");
  Site Big;
  Big.Points = 1 << 20;
  EXPECT_EQ(1, Big.call());
  Site BigStrips(/*Parallel=*/true);
  BigStrips.Points = 1 << 20;
  EXPECT_EQ(0, BigStrips.call());
}

TEST(Profit, ParallelSiteNeverRunsOneThread) {
  ProfitEnv G;
  Site X(/*Parallel=*/true);
  X.Points = 1 << 20;
  X.Times[1] = 1e-6; // would win, were it tried
  X.Times[2] = 0.5e-3;
  std::vector<int> Runs = X.calls(200);
  EXPECT_EQ(2, Runs[0]);
  for (int R : Runs)
    EXPECT_NE(1, R);
  EXPECT_EQ(2, Runs.back());
  EXPECT_EQ(std::string::npos,
            std::string(hetile_profit_describe(&X.Last)).find("1 thread"));
  Site One(/*Parallel=*/true);
  One.Points = 1 << 20;
  One.Procs = 1;
  EXPECT_EQ((std::vector<int>{0, 0, 0, 0}), One.calls(4));
}

TEST(Profit, ExploresThenKeepsTheFastest) {
  ProfitEnv G;
  Site X;
  // Original twice (its first time is not enough: within 20x of the best),
  // one thread once (30x the best: hopeless), every thread once (100 ms:
  // long enough).
  std::vector<int> Want = {0, 0, 1, 2};
  EXPECT_EQ(Want, X.calls(4));
  EXPECT_EQ(1, X.Changed); // the choice is made on the fourth call
  EXPECT_EQ(std::string("hetile: profit: test.c:1 (f): 2^9 points per call: "
                        "original (best times: original 0.001 s, tiled on 1 "
                        "thread 0.03 s, tiled on 2 threads 0.1 s; 4 calls)"),
            hetile_profit_describe(&X.Last));
  for (int Call = 5; Call < 1453; ++Call)
    ASSERT_EQ(0, X.call()) << "call " << Call;
}

TEST(Profit, RetriesCostAboutTwoPercent) {
  ProfitEnv G;
  Site X;
  X.calls(4);
  // One thread lost by 30x on call 3: it runs again after 50 * 29 = 1450
  // calls, on call 1453; every thread lost by 100x on call 4: after
  // 50 * 99 = 4950 calls, on call 4954. The one-thread retry loses again:
  // twice the interval, 2900 calls, on call 4353.
  std::vector<int> Retries;
  for (int Call = 5; Call <= 5000; ++Call)
    if (X.call() != 0)
      Retries.push_back(Call);
  EXPECT_EQ((std::vector<int>{1453, 4353, 4954}), Retries);
}

/// An MPI ranks' site (hetile_profit_agreed_site_get): the original on every
/// rank takes 15 ms, the tiled nest on the ranks 10 ms, so the tiled way is
/// chosen. hetile_profit_charge enters one more time of the tiled way, its
/// latest (10 ms) plus what a later nest's original paid to move the values
/// it left (20 ms): 30 ms. One such time in the window of three (10, 10,
/// 30: median 10) keeps the choice; a second (10, 30, 30: median 30,
/// against the original's 15) turns it to the original. On a site of one
/// process, or at a size the tiled way never ran, a charge is ignored.
TEST(Profit, ChargedMovesOfValuesLeftTurnTheChoice) {
  ProfitEnv G;
  hetile_profit_slot Slot = {};
  hetile_profit_site *S =
      hetile_profit_agreed_site_get(&Slot, "charge.c:1 (f)");
  const double Points = 1e7;
  const int Class = hetile_profit_class(Points);
  auto Call = [&] {
    hetile_profit_call C{};
    int Run = hetile_profit_begin(S, Points, 1, &C);
    EXPECT_GE(Run, 0);
    EXPECT_EQ(S, C.origin);
    hetile_profit_record(&C, Run, Run ? 10e-3 : 15e-3);
    return Run;
  };
  for (int I = 0; I < 8; ++I)
    Call();
  EXPECT_EQ(1, Call());
  hetile_profit_charge(S, Class - 1, 20e-3); // never measured: ignored
  hetile_profit_charge(S, Class, 20e-3);
  EXPECT_EQ(1, Call());
  hetile_profit_charge(S, Class, 20e-3);
  EXPECT_EQ(0, Call());
  EXPECT_EQ(0, Call());

  Site One; // one process's site: its tiled ways are not charged
  One.Times[0] = 15e-3;
  One.Times[1] = One.Times[2] = 10e-3;
  One.Points = Points;
  One.calls(8);
  int Before = One.call();
  EXPECT_NE(0, Before);
  for (int I = 0; I < 3; ++I)
    hetile_profit_charge(One.S, Class, 20e-3);
  EXPECT_EQ(Before, One.call());
}

TEST(Profit, FollowsALoadChange) {
  ProfitEnv G;
  Site X;
  X.Times[1] = 1.5e-3; // one thread: 1.5x the original, retried soon
  X.calls(5);          // 0, 0, 1, 1, 2
  EXPECT_EQ(0, X.call());
  // The tiled nest becomes the fastest (the original's core is taken).
  // One thread's first retry comes max(16, 50 * 0.5) = 25 calls after its
  // first time (call 3): call 28; its times after the first are then 1.5
  // and 0.5 ms, a mean of 1 ms, a tie with the original; the next retry,
  // 16 calls later (call 44), makes the median 0.5 ms: chosen.
  X.Times[1] = 0.5e-3;
  int Call = 7;
  for (; Call < 200; ++Call) {
    X.call();
    if (X.Changed)
      break;
  }
  EXPECT_EQ(44, Call);
  EXPECT_EQ(1, X.call());
  EXPECT_EQ(1, X.call());
}

TEST(Profit, HysteresisKeepsTheChoice) {
  ProfitEnv G;
  Site X;
  X.Times[1] = 0.98e-3; // 2% faster than the original: not enough
  X.Times[2] = 50e-3;
  X.calls(5); // 0, 0, 1, 1, 2
  for (int I = 0; I < 100; ++I)
    if (X.call() == 2)
      FAIL() << "every thread retried too early";
  EXPECT_EQ(std::string::npos,
            std::string(hetile_profit_describe(&X.Last)).find(": tiled"));
}

TEST(Profit, NewSizeTakesTheNearestChoice) {
  ProfitEnv G;
  Site X;
  X.Times[0] = 1e-3, X.Times[1] = 0.6e-3, X.Times[2] = 0.3e-3;
  X.calls(6); // 0, 0, 1, 1, 2, 2: every thread is the fastest
  EXPECT_EQ(2, X.call());
  X.Points = 8000; // class 12, not measured: class 9's choice
  EXPECT_EQ(2, X.call());
}

TEST(Profit, ThreadCountChangeForgetsTheirTimes) {
  ProfitEnv G;
  Site X;
  X.Times[0] = 1e-3, X.Times[1] = 0.6e-3, X.Times[2] = 0.3e-3;
  X.calls(6);
  X.Procs = 4; // every thread is now 4 threads: measured again
  X.Times[2] = 2e-3;
  // Within 20x of the best (one thread, 0.6 ms): a second time, then the
  // choice moves to one thread.
  EXPECT_EQ(4, X.call());
  EXPECT_EQ(4, X.call());
  EXPECT_EQ(1, X.Changed);
  EXPECT_EQ(1, X.call());
}

TEST(Profit, TinyNestsNeverTryTheTiledWays) {
  ProfitEnv G;
  Site X;
  X.Times[0] = 1e-6; // below both floors (40 and 100 us)
  EXPECT_EQ((std::vector<int>{0, 0}), X.calls(2));
  EXPECT_EQ(1, X.Changed);
  EXPECT_EQ(std::string("hetile: profit: test.c:1 (f): 2^9 points per call: "
                        "original (best times: original 1e-06 s, tiled on 1 "
                        "thread not run, tiled on 2 threads not run; 2 "
                        "calls)"),
            hetile_profit_describe(&X.Last));
  for (int Call = 3; Call <= 5000; ++Call)
    ASSERT_EQ(0, X.call()) << "call " << Call;
}

/// A settled class's calls as generated code makes them: begin, and the
/// time recorded only where begin timed the call (hetile_profit_end). The
/// calls timed among \p N.
int timedCalls(Site &T, int N, double Seconds) {
  int Timed = 0;
  for (int I = 0; I < N; ++I) {
    EXPECT_EQ(hetile_profit_begin(T.S, T.Points, T.Procs, &T.Last), 0);
    if (T.Last.timed) {
      ++Timed;
      hetile_profit_record(&T.Last, 0, Seconds);
    }
  }
  return Timed;
}

TEST(Profit, SettledClassTimesFewerCallsOfAShorterChoice) {
  ProfitEnv G;
  // A timed call costs about 100 ns, kept to 0.5% of the choice's time:
  // one call in 100e-9 / (0.005 * t), between one in 8 and one in 128.
  for (auto [Seconds, Every] : {std::pair{1e-6, 20}, std::pair{10e-6, 8},
                                std::pair{1e-8, 128}}) {
    Site T;
    T.Times[0] = Seconds; // the original, too short for the tiled ways
    EXPECT_EQ(T.calls(2), (std::vector<int>{0, 0}));
    EXPECT_EQ(timedCalls(T, 10 * Every, Seconds), 10) << Seconds;
    // The untimed calls taken without the lock still count as calls.
    EXPECT_TRUE(countsCalls(T.Last, 2 + 10 * Every));
  }
}

TEST(Profit, UntimedCallsOfOneClassDoNotCountForAnother) {
  ProfitEnv G;
  Site T;
  T.Times[0] = 1e-6;
  EXPECT_EQ(T.calls(2), (std::vector<int>{0, 0}));
  // The first of these calls hands the next 18 untimed ones out (one in
  // 20 is timed); 4 take theirs.
  EXPECT_EQ(timedCalls(T, 5, 1e-6), 0);
  // A call of another size class takes the lock: the calls handed out and
  // not taken go back to their class.
  T.Points = 1e6;
  hetile_profit_begin(T.S, T.Points, T.Procs, &T.Last);
  T.Points = 1000;
  hetile_profit_begin(T.S, T.Points, T.Procs, &T.Last);
  EXPECT_TRUE(countsCalls(T.Last, 8));
}

/// A call that hetile_profit_fast answered without the runtime, offered
/// the values lo..hi in parts: one part of every value, the original, and
/// nothing to record at its end.
void expectOneOriginalPart(hetile_profit_call &C, long Lo, long Hi) {
  hetile_profit_parts(&C, Lo, Hi, 1);
  int Threads = -1;
  long Part[2] = {0, 0};
  EXPECT_EQ(1, hetile_profit_part(&C, &Threads, Part));
  EXPECT_EQ(0, Threads);
  EXPECT_TRUE(hetile_profit_whole(Part));
  EXPECT_EQ(0, hetile_profit_part(&C, &Threads, Part));
  EXPECT_EQ(0, hetile_profit_end(&C, 0));
}

TEST(Profit, SettledCallsAreTakenInline) {
  ProfitEnv G;
  Site T;
  T.Points = 4096; // not a tiny call (TinyCallsNeverEnterTheRuntime)
  T.Times[0] = 1e-6; // one timed call in 20 (above)
  hetile_profit_call C{};
  // Nothing handed out before the class has chosen: the runtime decides.
  EXPECT_EQ(HETILE_PROFIT_SLOW,
            hetile_profit_fast(&T.Slot, T.Points, T.Procs, &C));
  EXPECT_EQ(T.calls(2), (std::vector<int>{0, 0}));
  // The record of the call that settled the class hands the next 19
  // untimed calls out; not to a call of another size class or thread
  // count.
  EXPECT_EQ(HETILE_PROFIT_SLOW, hetile_profit_fast(&T.Slot, 1e6, T.Procs, &C));
  EXPECT_EQ(HETILE_PROFIT_SLOW, hetile_profit_fast(&T.Slot, T.Points, 1, &C));
  for (int I = 0; I < 19; ++I) {
    C = hetile_profit_call{};
    C.trials = 7; // what a call's stack held before
    ASSERT_EQ(0, hetile_profit_fast(&T.Slot, T.Points, T.Procs, &C)) << I;
    // Nothing recorded, one part of every value.
    EXPECT_EQ(nullptr, C.site);
    expectOneOriginalPart(C, 1, 100);
  }
  EXPECT_EQ(HETILE_PROFIT_SLOW,
            hetile_profit_fast(&T.Slot, T.Points, T.Procs, &C));
  // The 22nd call is the timed one, and the calls taken inline count.
  EXPECT_EQ(0, hetile_profit_begin(T.S, T.Points, T.Procs, &C));
  EXPECT_EQ(1, C.timed);
  EXPECT_TRUE(countsCalls(C, 22));
}

TEST(Profit, SettledCallsInlineRunEveryThread) {
  ProfitEnv G;
  Site T;
  T.Points = 4096;
  T.Times[0] = 1e-3, T.Times[1] = 2e-3, T.Times[2] = 0.4e-3;
  T.calls(6);
  hetile_profit_call C{};
  EXPECT_EQ(2, hetile_profit_begin(T.S, T.Points, T.Procs, &C));
  EXPECT_EQ(0, C.timed);
  EXPECT_EQ(2, hetile_profit_fast(&T.Slot, T.Points, T.Procs, &C));
  EXPECT_EQ(2, C.threads);
}

/// hetile_profit_fast's calls of under 2^11 points, once a site's first
/// call read HETILE_PROFIT=1 without HETILE_STATS: the original, without
/// the runtime (the slot gets no site); not with the statistics, with the
/// decision off, nor on MPI ranks' sites (hetile_profit_fast_agreed).
TEST(Profit, TinyCallsNeverEnterTheRuntime) {
  ProfitEnv G;
  auto FirstCall = [] {
    Site T;
    T.call();
  };
  FirstCall();
  EXPECT_EQ(2048, hetile_profit_tiny_points);
  hetile_profit_slot Fresh = {};
  hetile_profit_call C{};
  C.trials = 7;
  EXPECT_EQ(0, hetile_profit_fast(&Fresh, 2047, 2, &C));
  EXPECT_EQ(nullptr, Fresh.site);
  EXPECT_EQ(nullptr, C.site);
  EXPECT_EQ(0, C.threads);
  expectOneOriginalPart(C, 0, 10);
  // From 2^11 points on, the call is timed (ShortCallsAreTimedInline).
  EXPECT_EQ(0, hetile_profit_fast(&Fresh, 2048, 2, &C));
  EXPECT_EQ(&Fresh, C.quick);
  EXPECT_EQ(HETILE_PROFIT_SLOW, hetile_profit_fast_agreed(&Fresh, 100, 2, &C));

  setVar("HETILE_STATS", "1");
  FirstCall();
  EXPECT_EQ(0, hetile_profit_tiny_points);
  EXPECT_EQ(HETILE_PROFIT_SLOW, hetile_profit_fast(&Fresh, 100, 2, &C));
  setVar("HETILE_STATS", nullptr);
  setVar("HETILE_PROFIT", "0");
  FirstCall();
  EXPECT_EQ(0, hetile_profit_tiny_points);
  EXPECT_EQ(HETILE_PROFIT_SLOW, hetile_profit_fast(&Fresh, 100, 2, &C));
  setVar("HETILE_PROFIT", nullptr);
  FirstCall();
  EXPECT_EQ(2048, hetile_profit_tiny_points);
}

/// hetile_profit_fast's calls of a site that does not exist yet, from 2^11
/// to 2^20 points: the original, timed inline (hetile_profit_quick); one
/// under 20 us lets the next 16 calls of its class run untimed, one of
/// 20 us or more hands the site to the runtime; never a site that exists,
/// a call of 2^20 points or more, an MPI rank's site.
TEST(Profit, ShortCallsAreTimedInline) {
  ProfitEnv G;
  {
    Site T; // a site's first call reads HETILE_PROFIT=1: the shortcuts on
    T.call();
  }
  ASSERT_EQ(2048, hetile_profit_tiny_points);
  hetile_profit_slot Fresh = {};
  hetile_profit_call C{};
  auto Timed = [&](double Points) {
    C = hetile_profit_call{};
    return hetile_profit_fast(&Fresh, Points, 2, &C) == 0 && C.site == nullptr &&
           C.threads == 0 && C.quick == &Fresh &&
           C.size_class == hetile_profit_class(Points);
  };
  auto Untimed = [&](double Points) {
    C = hetile_profit_call{};
    return hetile_profit_fast(&Fresh, Points, 2, &C) == 0 && C.site == nullptr &&
           C.threads == 0 && C.quick == nullptr;
  };
  EXPECT_TRUE(Timed(4096));
  // One part; hetile_profit_end records the call's time (short, or 20 us
  // or more where this thread was preempted: either is recorded).
  expectOneOriginalPart(C, 0, 10);
  EXPECT_EQ(nullptr, C.quick);
  EXPECT_NE(0ULL, Fresh.quick);
  Fresh = {};
  EXPECT_TRUE(Timed(5000));
  hetile_profit_quick_record(&C, 19e-6);
  for (int I = 0; I < HETILE_PROFIT_QUICK_UNTIMED; ++I)
    EXPECT_TRUE(Untimed(4096 + I)) << I;
  EXPECT_TRUE(Timed(4096));
  hetile_profit_quick_record(&C, 1e-6);
  // Another class's call is timed, and its time replaces the first's.
  EXPECT_TRUE(Timed(8192));
  hetile_profit_quick_record(&C, 1e-6);
  EXPECT_TRUE(Untimed(8192));
  EXPECT_TRUE(Timed(4096));
  EXPECT_EQ(HETILE_PROFIT_SLOW,
            hetile_profit_fast(&Fresh, HETILE_PROFIT_BIG_POINTS, 2, &C));
  EXPECT_EQ(HETILE_PROFIT_SLOW, hetile_profit_fast_agreed(&Fresh, 4096, 2, &C));
  // A call of 20 us: the runtime decides the site's calls from then on.
  EXPECT_TRUE(Timed(4096));
  hetile_profit_quick_record(&C, 20e-6);
  EXPECT_EQ(HETILE_PROFIT_SLOW, hetile_profit_fast(&Fresh, 4096, 2, &C));
  EXPECT_EQ(HETILE_PROFIT_SLOW, hetile_profit_fast(&Fresh, 8192, 2, &C));
  EXPECT_EQ(nullptr, Fresh.site);
  // A site that exists is the runtime's.
  Site T;
  EXPECT_EQ(HETILE_PROFIT_SLOW, hetile_profit_fast(&T.Slot, 4096, 2, &C));
  // With the statistics, every call enters the runtime.
  setVar("HETILE_STATS", "1");
  Site S;
  S.call();
  hetile_profit_slot Other = {};
  EXPECT_EQ(HETILE_PROFIT_SLOW, hetile_profit_fast(&Other, 4096, 2, &C));
  setVar("HETILE_STATS", nullptr);
  Site U;
  U.call();
  EXPECT_EQ(2048, hetile_profit_tiny_points);
}

TEST(Profit, SiteFoundByNameHandsCallsOutItself) {
  ProfitEnv G;
  // No slot (a C inline function's nest): hetile_profit_begin takes the
  // untimed calls the site holds; one call in 20 is timed, as above.
  hetile_profit_site *S = hetile_profit_site_get(nullptr, "inline.c:3 (g)");
  hetile_profit_call C{};
  int Timed = 0;
  for (int I = 0; I < 42; ++I) {
    ASSERT_EQ(0, hetile_profit_begin(S, 1000, 2, &C));
    Timed += C.timed;
    if (C.timed)
      hetile_profit_record(&C, 0, 1e-6);
  }
  EXPECT_EQ(4, Timed); // the two exploring calls, calls 22 and 42
  EXPECT_TRUE(countsCalls(C, 42));
}

TEST(Profit, FloorsPerWay) {
  ProfitEnv G;
  Site X;
  // 60 us: enough for one thread to try (40 us), not every thread (100 us).
  X.Times[0] = 60e-6, X.Times[1] = 30e-6, X.Times[2] = 10e-6;
  EXPECT_EQ((std::vector<int>{0, 0, 1, 1}), X.calls(4));
  EXPECT_EQ(1, X.Changed);
  for (int Call = 5; Call <= 1000; ++Call)
    ASSERT_NE(2, X.call()) << "call " << Call;
}

TEST(Profit, OffRunsTheTiledNestOnEveryThread) {
  ProfitEnv G;
  setVar("HETILE_PROFIT", "0");
  Site X;
  EXPECT_EQ((std::vector<int>{2, 2, 2, 2, 2}), X.calls(5));
  EXPECT_EQ(0, X.Changed);
  X.Procs = 1;
  EXPECT_EQ(1, X.call());
}

TEST(Profit, MalformedVariableIsAnError) {
  ProfitEnv G;
  setVar("HETILE_PROFIT", "yes");
  hetile_profit_slot Slot = {};
  hetile_profit_call C;
  EXPECT_EQ(HETILE_ERR_ENV,
            hetile_profit_begin(hetile_profit_site_get(&Slot, "x"), 10, 2, &C));
  EXPECT_NE(std::string::npos,
            std::string(hetile_last_error()).find("HETILE_PROFIT: 'yes'"));
  setVar("HETILE_PROFIT", nullptr);
  setVar("HETILE_EMULATE_LOAD", "many");
  hetile_profit_slot Other = {};
  EXPECT_EQ(HETILE_ERR_ENV, hetile_profit_begin(
                                hetile_profit_site_get(&Other, "y"), 10, 2, &C));
  EXPECT_NE(std::string::npos, std::string(hetile_last_error())
                                   .find("HETILE_EMULATE_LOAD: 'many'"));
}

/// The parts of one call: {threads, first value, last value} each, with
/// \p Seconds(threads, values) as each part's time and \p T0(threads) as
/// the tile size a tiled part aligns to.
struct Part {
  int Threads;
  long Lo, Hi;
  bool operator==(const Part &O) const {
    return Threads == O.Threads && Lo == O.Lo && Hi == O.Hi;
  }
};

template <typename SecondsFn, typename T0Fn>
std::vector<Part> runParts(hetile_profit_call &C, SecondsFn Seconds, T0Fn T0,
                           std::vector<int> *Flags = nullptr) {
  std::vector<Part> Out;
  double Now = 100;
  int Threads;
  long P[2];
  while (hetile_profit_part_at(&C, Now, &Threads, P)) {
    if (Threads > 0) {
      int F = hetile_profit_align(&C, T0(Threads), P);
      if (Flags)
        Flags->push_back(F);
    }
    Out.push_back({Threads, P[0], P[1]});
    Now += Seconds(Threads, P[1] - P[0] + 1);
    if (Out.size() > 1000)
      break;
  }
  return Out;
}

TEST(Profit, OnePartWithoutParts) {
  ProfitEnv G;
  Site X;
  X.Points = 1 << 22;
  hetile_profit_call C;
  ASSERT_EQ(2, hetile_profit_begin(X.S, X.Points, 2, &C));
  // hetile_profit_parts never called: one part of every value.
  auto Parts = runParts(
      C, [](int, long) { return 1.0; }, [](int) { return 16L; });
  EXPECT_EQ((std::vector<Part>{{2, LONG_MIN, LONG_MAX}}), Parts);
}

/// A first call of \p X's size class on 2 threads, of 2^22 points (its
/// parts try each way), in parts of the values \p Lo .. \p Hi.
void beginInParts(Site &X, hetile_profit_call &C, long Lo, long Hi) {
  X.Points = 1 << 22;
  ASSERT_EQ(2, hetile_profit_begin(X.S, X.Points, 2, &C));
  hetile_profit_parts(&C, Lo, Hi, 1);
}

TEST(Profit, FirstCallTriesEachWayOnAPart) {
  ProfitEnv G;
  Site X;
  hetile_profit_call C;
  beginInParts(X, C, 1, 160);
  // 160 values: trial parts of 160 / 16 = 10; the tiled ones grow to whole
  // tiles (16 values on one thread, 8 on two: 16). Per value: original
  // 0.1 s, one thread 0.05 s, two threads 0.1 s: the rest (43..160, one
  // thread's tiles: it reaches the end) on one thread.
  std::vector<int> Flags;
  auto Parts = runParts(
      C,
      [](int T, long V) { return (T == 1 ? 0.05 : 0.1) * (double)V; },
      [](int T) { return T == 1 ? 16L : 8L; }, &Flags);
  EXPECT_EQ((std::vector<Part>{{0, 1, 10}, {1, 11, 26}, {2, 27, 42},
                               {1, 43, 160}}),
            Parts);
  // Every part of the call runs the sizes given (the refinement's slabs
  // would not start where the part does).
  EXPECT_EQ((std::vector<int>{HETILE_REFINE_FIXED, HETILE_REFINE_FIXED,
                              HETILE_REFINE_FIXED}),
            Flags);
  EXPECT_EQ(1, hetile_profit_end(&C, 1));
  std::string Line = hetile_profit_describe(&C);
  EXPECT_NE(std::string::npos,
            Line.find("original 0.1 s per value over 10, tiled on 2 threads "
                      "0.1 s per value over 16, tiled on 1 thread 0.05 s per "
                      "value over 134 (the rest)"))
      << Line;
  // The class keeps the times (per value, times 160 values): the next call
  // is no guess, and runs in one part.
  hetile_profit_call Next;
  int Run = hetile_profit_begin(X.S, X.Points, 2, &Next);
  hetile_profit_parts(&Next, 1, 160, 1);
  auto One = runParts(
      Next, [](int, long) { return 1.0; }, [](int) { return 16L; });
  EXPECT_EQ((std::vector<Part>{{Run, LONG_MIN, LONG_MAX}}), One);
}

TEST(Profit, ShortFirstCallDoesNotTryEveryThread) {
  ProfitEnv G;
  Site X;
  hetile_profit_call C;
  beginInParts(X, C, 1, 160);
  // The original's part: 50 us per value, 8 ms for the 160 values, under
  // the 10 ms that every thread's one-time costs need: no part on every
  // thread; the rest on one thread (25 us per value).
  auto Seconds = [](int T, long V) { return (T == 1 ? 25e-6 : 50e-6) * V; };
  auto T0 = [](int T) { return T == 1 ? 16L : 8L; };
  EXPECT_EQ((std::vector<Part>{{0, 1, 10}, {1, 11, 26}, {1, 27, 160}}),
            runParts(C, Seconds, T0));
  hetile_profit_end(&C, 1);
  // 80 us per value (12.8 ms): every thread is tried.
  Site Y;
  beginInParts(Y, C, 1, 160);
  auto Longer = [](int T, long V) { return (T == 0 ? 80e-6 : 60e-6) * V; };
  EXPECT_EQ((std::vector<Part>{{0, 1, 10}, {1, 11, 26}, {2, 27, 42},
                               {1, 43, 160}}),
            runParts(C, Longer, T0));
}

TEST(Profit, OneThreadTriesTwoWays) {
  ProfitEnv G;
  Site X;
  X.Points = 1 << 22;
  hetile_profit_call C;
  ASSERT_EQ(1, hetile_profit_begin(X.S, X.Points, 1, &C));
  hetile_profit_parts(&C, 0, 31, 1);
  // One thread: the original and the tiled nest, 2 values each (32 / 16),
  // the tiled part in whole tiles of 4; the original is faster per value
  // (1 s against 1.5 s) and runs the rest.
  auto Parts = runParts(
      C, [](int T, long V) { return (T ? 1.5 : 1.0) * (double)V; },
      [](int) { return 4L; });
  EXPECT_EQ((std::vector<Part>{{0, 0, 1}, {1, 2, 5}, {0, 6, 31}}), Parts);
}

TEST(Profit, BusyMachineTriesNoPartOnEveryThread) {
  ProfitEnv G;
  setVar("HETILE_EMULATE_LOAD", "1000");
  Site X;
  hetile_profit_call C;
  // The guess: one thread; the trials: the original and one thread only.
  ASSERT_EQ(1, hetile_profit_begin(X.S, 1 << 22, 2, &C));
  hetile_profit_parts(&C, 0, 31, 1);
  auto Parts = runParts(
      C, [](int T, long V) { return (T ? 0.5 : 1.0) * (double)V; },
      [](int) { return 2L; });
  EXPECT_EQ((std::vector<Part>{{0, 0, 1}, {1, 2, 3}, {1, 4, 31}}), Parts);
}

/// One call of 2^22 points over the values 0..31 on \p X's site, in \p C:
/// expects hetile_profit_begin to choose \p Threads; its parts, each taking
/// \p Seconds(threads, values), tiled ones grown to 2 values.
template <typename SecondsFn>
std::vector<Part> callOf32(Site &X, hetile_profit_call &C, int Threads,
                           SecondsFn Seconds) {
  EXPECT_EQ(Threads, hetile_profit_begin(X.S, 1 << 22, 2, &C));
  hetile_profit_parts(&C, 0, 31, 1);
  return runParts(C, Seconds, [](int) { return 2L; });
}

TEST(Profit, LaterCallExploresOnAPart) {
  ProfitEnv G;
  Site X;
  auto Seconds = [](int T, long V) {
    return (T == 0 ? 1e-3 : T == 1 ? 1.5e-3 : 10e-3) * (double)V;
  };
  hetile_profit_call C;
  EXPECT_EQ((std::vector<Part>{{0, 0, 1}, {1, 2, 3}, {2, 4, 5}, {0, 6, 31}}),
            callOf32(X, C, 2, Seconds));
  EXPECT_EQ(1, hetile_profit_end(&C, 0));
  // The original and one thread took 0.032 s and 0.048 s for the call
  // (1.5x per value: within 2x), too short for one time each; every
  // thread (10x) is explored. The second call runs the original, whole
  // (the class's best, 0.032 s again).
  hetile_profit_call B;
  ASSERT_EQ(0, hetile_profit_begin(X.S, 1 << 22, 2, &B));
  hetile_profit_record(&B, 0, 0.032);
  // The third explores one thread on one part of 32 / 16 = 2 values; the
  // rest runs the original.
  hetile_profit_call D;
  EXPECT_EQ((std::vector<Part>{{1, 0, 1}, {0, 2, 31}}),
            callOf32(X, D, 1, Seconds));
  EXPECT_EQ(1, hetile_profit_end(&D, 0));
  std::string Line = hetile_profit_describe(&D);
  EXPECT_NE(std::string::npos,
            Line.find("this call explores on a part: tiled on 1 thread "
                      "0.0015 s per value over 2, original 0.001 s per value "
                      "over 30 (the rest)"))
      << Line;
  // Every way explored: the fourth call runs the original, in one part.
  hetile_profit_call E;
  EXPECT_EQ((std::vector<Part>{{0, LONG_MIN, LONG_MAX}}),
            callOf32(X, E, 0, Seconds));
}

TEST(Profit, EveryThreadWaitsForASecondProcessor) {
  ProfitEnv G;
  setVar("HETILE_EMULATE_LOAD", "1000");
  Site X;
  auto Seconds = [](int T, long V) {
    return (T == 0 ? 1.0 : T == 1 ? 0.5 : 3.0) * (double)V;
  };
  hetile_profit_call C;
  callOf32(X, C, 1, Seconds);
  EXPECT_EQ(1, hetile_profit_end(&C, 1));
  // While the machine stays busy, the later calls run one thread, the
  // class's best, and do not explore every thread (the trials skipped it):
  // call 2 looks at the load, the next look is 16 calls later.
  for (int Call = 2; Call <= 17; ++Call) {
    hetile_profit_call B;
    ASSERT_EQ((std::vector<Part>{{1, LONG_MIN, LONG_MAX}}),
              callOf32(X, B, 1, Seconds))
        << "call " << Call;
  }
  // The machine idle again: the next look (call 18) explores every
  // thread, on the whole call.
  setVar("HETILE_EMULATE_LOAD", "0");
  hetile_profit_call D;
  EXPECT_EQ((std::vector<Part>{{2, LONG_MIN, LONG_MAX}}),
            callOf32(X, D, 2, Seconds));
}

TEST(Profit, NoTrialsWhereTheyCannotTell) {
  ProfitEnv G;
  auto PartsOf = [](double Points, long Lo, long Hi, int TiledOk) {
    Site X;
    hetile_profit_call C;
    hetile_profit_begin(X.S, Points, 2, &C);
    hetile_profit_parts(&C, Lo, Hi, TiledOk);
    return runParts(
        C, [](int, long) { return 1.0; }, [](int) { return 4L; });
  };
  // Under 2^20 points: the original, in one part.
  EXPECT_EQ((std::vector<Part>{{0, LONG_MIN, LONG_MAX}}),
            PartsOf(1 << 19, 0, 999, 1));
  // Fewer than 16 values, or the tiled nest may not run (an alias check
  // failed): the first guess, in one part.
  EXPECT_EQ((std::vector<Part>{{2, LONG_MIN, LONG_MAX}}),
            PartsOf(1 << 22, 0, 14, 1));
  EXPECT_EQ((std::vector<Part>{{2, LONG_MIN, LONG_MAX}}),
            PartsOf(1 << 22, 0, 999, 0));
}

TEST(Profit, TrialsModeRunsEveryWayInTurn) {
  ProfitEnv G;
  setVar("HETILE_PROFIT", "trials");
  Site X;
  X.Points = 100; // any size
  hetile_profit_call C;
  hetile_profit_begin(X.S, X.Points, 2, &C);
  hetile_profit_parts(&C, 0, 20, 1);
  // Ways in turn (original, one thread, two), parts of 1, 2, 3, 4, 5, 1,
  // ... values, the tiled ones grown to whole tiles of 3.
  std::vector<int> Flags;
  auto Parts = runParts(
      C, [](int, long) { return 1.0; }, [](int) { return 3L; }, &Flags);
  EXPECT_EQ((std::vector<Part>{{0, 0, 0},
                               {1, 1, 3},
                               {2, 4, 6},
                               {0, 7, 10},
                               {1, 11, 16},
                               {2, 17, 19},
                               {0, 20, 20}}),
            Parts);
  EXPECT_EQ((std::vector<int>{HETILE_REFINE_FIXED, HETILE_REFINE_FIXED,
                              HETILE_REFINE_FIXED, HETILE_REFINE_FIXED}),
            Flags);
  EXPECT_EQ(1, hetile_profit_end(&C, 0));
  EXPECT_NE(std::string::npos,
            std::string(hetile_profit_describe(&C))
                .find("this call in 7 parts: original 3, tiled on 1 thread "
                      "2, tiled on 2 threads 2"));
}

} // namespace

