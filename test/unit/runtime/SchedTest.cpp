//===- SchedTest.cpp - the pipelined columnwise schedule --------------------===//
//
// Threads play the processors of [BDRV98] section 3.2 on a grid of tiles
// with dependences (1,0) and (0,1): every tile must start after its upper
// and left neighbours finished, for every allocation strategy.
//
//===----------------------------------------------------------------------===//
#include "SetVar.h"

#include "hetile_platform.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

struct EnvGuard {
  EnvGuard() { clear(); }
  ~EnvGuard() { clear(); }
  static void clear() {
    for (const char *V : {"HETILE_ALLOC", "HETILE_SPEEDS", "HETILE_PLATFORM",
                          "HETILE_CALIBRATE", "HETILE_EMULATE_SPEEDS",
                          "HETILE_STATS"})
      setVar(V, nullptr);
  }
};

/// Runs the schedule with P threads on Rows x Cols tiles; returns, per tile,
/// the order in which it finished and the order in which it started.
void runGrid(int P, long Rows, long Cols, std::vector<long> &Start,
             std::vector<long> &Finish) {
  hetile_sched *S = nullptr;
  ASSERT_EQ(hetile_sched_create(P, Cols, &S), 0) << hetile_last_error();
  std::vector<std::thread> Threads;
  if (hetile_sched_needs_calibration(S)) {
    for (int Me = 0; Me < P; ++Me)
      Threads.emplace_back([=] { EXPECT_EQ(hetile_sched_calibrate(S, Me), 0); });
    for (auto &T : Threads)
      T.join();
    Threads.clear();
  }
  ASSERT_EQ(hetile_sched_allocate(S), 0) << hetile_last_error();
  std::atomic<long> Clock{0};
  Start.assign(Rows * Cols, -1);
  Finish.assign(Rows * Cols, -1);
  for (int Me = 0; Me < P; ++Me)
    Threads.emplace_back([&, Me] {
      long First, Last;
      for (long B = 0; hetile_sched_block(S, Me, B, &First, &Last); ++B)
        for (long R = 0; R < Rows; ++R) {
          hetile_sched_wait(S, First - 1, R);
          for (long C = First; C <= Last; ++C) {
            EXPECT_EQ(hetile_sched_owner(S, C), Me);
            Start[R * Cols + C] = Clock++;
            Finish[R * Cols + C] = Clock++;
          }
          hetile_sched_post(S, Last, R);
        }
    });
  for (auto &T : Threads)
    T.join();
  hetile_sched_destroy(S);
}

void expectDependencesRespected(long Rows, long Cols,
                                const std::vector<long> &Start,
                                const std::vector<long> &Finish) {
  for (long R = 0; R < Rows; ++R)
    for (long C = 0; C < Cols; ++C) {
      long Me = R * Cols + C;
      ASSERT_GE(Start[Me], 0) << "tile " << R << "," << C << " never ran";
      if (R > 0)
        EXPECT_LT(Finish[Me - Cols], Start[Me]) << R << "," << C;
      if (C > 0)
        EXPECT_LT(Finish[Me - 1], Start[Me]) << R << "," << C;
    }
}

TEST(Sched, EveryStrategyRespectsTheGridDependences) {
  EnvGuard G;
  setVar("HETILE_SPEEDS", "1,3,2");
  for (const char *Alloc : {"auto", "optimal", "bounded:2", "cyclic",
                            "block-cyclic:3", "chunk"}) {
    setVar("HETILE_ALLOC", Alloc);
    for (long Cols : {0L, 1L, 2L, 5L, 17L}) {
      std::vector<long> Start, Finish;
      runGrid(3, 6, Cols, Start, Finish);
      expectDependencesRespected(6, Cols, Start, Finish);
    }
  }
}

TEST(Sched, MoreThreadsThanColumnsAndCalibration) {
  EnvGuard G;
  std::vector<long> Start, Finish;
  runGrid(4, 9, 2, Start, Finish); // calibrates: no speeds given
  expectDependencesRespected(9, 2, Start, Finish);
}

TEST(Sched, CalibrationIsCachedPerProcessorCount) {
  EnvGuard G;
  std::vector<long> Start, Finish;
  runGrid(5, 3, 7, Start, Finish); // calibrates 5 processors, or reuses
  hetile_sched *S = nullptr;
  ASSERT_EQ(hetile_sched_create(5, 7, &S), 0) << hetile_last_error();
  EXPECT_EQ(hetile_sched_needs_calibration(S), 0);
  ASSERT_EQ(hetile_sched_allocate(S), 0);
  std::string D = hetile_sched_describe(S);
  EXPECT_NE(D.find("hetile: 5 processors, cycle times"), std::string::npos);
  EXPECT_NE(D.find("(calibration (cached))"), std::string::npos) << D;
  hetile_sched_destroy(S);
  // Another count calibrates anew.
  ASSERT_EQ(hetile_sched_create(6, 7, &S), 0);
  EXPECT_EQ(hetile_sched_needs_calibration(S), 1);
  hetile_sched_destroy(S);
}

TEST(Sched, SpeedsGiveBlocksProportionalToSpeed) {
  EnvGuard G;
  setVar("HETILE_SPEEDS", "1,3"); // processor 1 three times slower
  hetile_sched *S = nullptr;
  ASSERT_EQ(hetile_sched_create(2, 40, &S), 0);
  EXPECT_EQ(hetile_sched_needs_calibration(S), 0);
  ASSERT_EQ(hetile_sched_allocate(S), 0);
  long Count[2] = {0, 0};
  for (long C = 0; C < 40; ++C)
    ++Count[hetile_sched_owner(S, C)];
  EXPECT_EQ(Count[0], 30); // Proposition 1: chunk 4 = 3 + 1
  EXPECT_EQ(Count[1], 10);
  std::string D = hetile_sched_describe(S);
  EXPECT_NE(D.find("HETILE_SPEEDS"), std::string::npos) << D;
  EXPECT_NE(D.find("30,10"), std::string::npos) << D;
  hetile_sched_destroy(S);
}

// HETILE_ALLOC=chunk ([ZZ16] section 3): speeds 3,1,2 on 12 columns give
// vp = 2/11, 6/11, 3/11, V = 2, 6, 3 plus the column left over to the
// fastest, processor 1, whose block comes first: 7 columns, then 3 for
// processor 2, then 2 for processor 0.
TEST(Sched, ChunkStrategyFromTheEnvironment) {
  EnvGuard G;
  setVar("HETILE_ALLOC", "chunk");
  int Strategy = -1;
  long Param = -1;
  EXPECT_EQ(hetile_env_alloc(&Strategy, &Param), 1);
  EXPECT_EQ(Strategy, HETILE_ALLOC_CHUNK);
  EXPECT_EQ(Param, 0);
  setVar("HETILE_SPEEDS", "3,1,2");
  hetile_sched *S = nullptr;
  ASSERT_EQ(hetile_sched_create(3, 12, &S), 0) << hetile_last_error();
  ASSERT_EQ(hetile_sched_allocate(S), 0) << hetile_last_error();
  long First, Last;
  ASSERT_EQ(hetile_sched_block(S, 1, 0, &First, &Last), 1);
  EXPECT_EQ(First, 0);
  EXPECT_EQ(Last, 6);
  EXPECT_EQ(hetile_sched_block(S, 1, 1, &First, &Last), 0); // one block
  ASSERT_EQ(hetile_sched_block(S, 2, 0, &First, &Last), 1);
  EXPECT_EQ(First, 7);
  EXPECT_EQ(Last, 9);
  ASSERT_EQ(hetile_sched_block(S, 0, 0, &First, &Last), 1);
  EXPECT_EQ(First, 10);
  EXPECT_EQ(Last, 11);
  std::string D = hetile_sched_describe(S);
  EXPECT_NE(D.find("allocation chunk, 12 tile columns; columns per "
                   "processor: 2,7,3"),
            std::string::npos)
      << D;
  hetile_sched_destroy(S);
}

TEST(Sched, EqualTimesWithoutCalibration) {
  EnvGuard G;
  setVar("HETILE_CALIBRATE", "0");
  hetile_sched *S = nullptr;
  ASSERT_EQ(hetile_sched_create(2, 4, &S), 0);
  EXPECT_EQ(hetile_sched_needs_calibration(S), 0);
  ASSERT_EQ(hetile_sched_allocate(S), 0);
  // Equal speeds: Proposition 1's chunk is one column each, i.e. cyclic.
  EXPECT_EQ(hetile_sched_owner(S, 0), 0);
  EXPECT_EQ(hetile_sched_owner(S, 1), 1);
  EXPECT_EQ(hetile_sched_owner(S, 2), 0);
  EXPECT_EQ(hetile_sched_owner(S, 3), 1);
  hetile_sched_destroy(S);
}

TEST(Sched, EmulatedSlowProcessorCalibratesSlower) {
  EnvGuard G;
  setVar("HETILE_EMULATE_SPEEDS", "1,4");
  double Sec[2];
  ASSERT_EQ(hetile_calibrate_run(0, &Sec[0]), 0);
  ASSERT_EQ(hetile_calibrate_run(1, &Sec[1]), 0);
  EXPECT_GT(Sec[1], 2.5 * Sec[0]);
  // In CPU time, so even on a loaded machine the factor stays near 4.
  EXPECT_LT(Sec[1], 6 * Sec[0]);
  double T[2];
  ASSERT_EQ(hetile_calibrate_snap(2, Sec, T), 0);
  EXPECT_GT(T[1], 2.5 * T[0]);
}

TEST(Sched, SnapTreatsNoiseAsEqual) {
  double Sec[3] = {1.0, 1.1, 1.05}, T[3];
  ASSERT_EQ(hetile_calibrate_snap(3, Sec, T), 0);
  EXPECT_EQ(T[0], 1.0);
  EXPECT_EQ(T[1], 1.0);
  EXPECT_EQ(T[2], 1.0);
  double Sec2[2] = {1.0, 2.0}, T2[2];
  ASSERT_EQ(hetile_calibrate_snap(2, Sec2, T2), 0);
  EXPECT_EQ(T2[0], 10.0);
  EXPECT_EQ(T2[1], 20.0);
}

TEST(Sched, BadEnvironmentNamesTheVariable) {
  EnvGuard G;
  hetile_sched *S = nullptr;
  for (const char *Bad : {"fast", "block-cyclic:0", "bounded:x", "cyclic:2",
                          "chunk:2", "Chunk"}) {
    setVar("HETILE_ALLOC", Bad);
    EXPECT_EQ(hetile_sched_create(2, 4, &S), HETILE_ERR_ENV) << Bad;
    EXPECT_EQ(S, nullptr);
    EXPECT_NE(std::string(hetile_last_error()).find("HETILE_ALLOC"),
              std::string::npos);
  }
  setVar("HETILE_ALLOC", nullptr);
  setVar("HETILE_SPEEDS", "1,2,3");
  EXPECT_EQ(hetile_sched_create(2, 4, &S), HETILE_ERR_ENV);
  EXPECT_EQ(hetile_sched_create(0, 4, &S), HETILE_ERR_INVALID);
}

} // namespace

namespace {

/// Seconds hetile_sched_wait took for a post made `delay` seconds after
/// the wait began, and whether it returned before the post.
double waitForLatePost(double Delay, bool &Early) {
  hetile_sched *S = nullptr;
  EXPECT_EQ(0, hetile_sched_create(2, 2, &S));
  EXPECT_EQ(0, hetile_sched_allocate(S));
  std::atomic<bool> Posted{false};
  double Took = 0;
  Early = false;
  std::thread Waiter([&] {
    double Start = hetile_timer_now();
    hetile_sched_wait(S, 0, 0);
    Took = hetile_timer_now() - Start;
    Early = !Posted.load();
  });
  double Until = hetile_timer_now() + Delay;
  while (hetile_timer_now() < Until)
    std::this_thread::yield();
  Posted.store(true);
  hetile_sched_post(S, 0, 0);
  Waiter.join();
  hetile_sched_destroy(S);
  return Took;
}

} // namespace

TEST(Sched, WaitOutlastingTheSpinSleepsUntilThePost) {
  EnvGuard G;
  setVar("HETILE_CALIBRATE", "0");
  // 20 ms: far past the spin budget (200 us at most), so the waiter sleeps
  // on the column's futex and the post wakes it; repeated, so that the
  // budget shrinks and the later waits sleep sooner. None returns early
  // or hangs (a lost wake-up costs at most 1 ms per sleep).
  for (int I = 0; I < 5; ++I) {
    bool Early = true;
    double Took = waitForLatePost(0.02, Early);
    EXPECT_FALSE(Early) << "wait " << I;
    EXPECT_LT(Took, 2.0) << "wait " << I;
  }
}
