//===- PlatformTest.cpp - environment, platform file, emulation -------------===//
#include "SetVar.h"

#include "hetile_platform.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

namespace {

bool mentions(const char *Word) {
  return std::string(hetile_last_error()).find(Word) != std::string::npos;
}

TEST(Env, TileSizesFirstEntriesThenRepeatLast) {
  long S[4] = {0, 0, 0, 0};
  setVar("HETILE_TILE_SIZES", nullptr);
  EXPECT_EQ(hetile_env_tile_sizes(3, S), 0);
  EXPECT_EQ(S[0], 0);
  setVar("HETILE_TILE_SIZES", "32,16");
  EXPECT_EQ(hetile_env_tile_sizes(4, S), 1);
  EXPECT_EQ(S[0], 32);
  EXPECT_EQ(S[1], 16);
  EXPECT_EQ(S[2], 16);
  EXPECT_EQ(S[3], 16);
  EXPECT_EQ(hetile_env_tile_sizes(1, S), 1);
  EXPECT_EQ(S[0], 32);
  for (const char *Bad : {"0", "8,x", "4.5", "", "8,,8", "-3"}) {
    setVar("HETILE_TILE_SIZES", Bad);
    EXPECT_EQ(hetile_env_tile_sizes(2, S), HETILE_ERR_ENV) << Bad;
    EXPECT_TRUE(mentions("HETILE_TILE_SIZES")) << Bad;
  }
  setVar("HETILE_TILE_SIZES", nullptr);
}

TEST(Env, SpeedsMustMatchProcessors) {
  double T[3];
  setVar("HETILE_SPEEDS", nullptr);
  EXPECT_EQ(hetile_env_speeds(3, T), 0);
  setVar("HETILE_SPEEDS", "11,26,33");
  EXPECT_EQ(hetile_env_speeds(3, T), 1);
  EXPECT_EQ(T[2], 33);
  EXPECT_EQ(hetile_env_speeds(2, T), HETILE_ERR_ENV);
  EXPECT_TRUE(mentions("HETILE_SPEEDS"));
  for (const char *Bad : {"1,0,2", "1,-2,3", "a,b,c", "1,,2"}) {
    setVar("HETILE_SPEEDS", Bad);
    EXPECT_EQ(hetile_env_speeds(3, T), HETILE_ERR_ENV) << Bad;
    EXPECT_TRUE(mentions("HETILE_SPEEDS")) << Bad;
  }
  setVar("HETILE_SPEEDS", nullptr);
}

TEST(Platform, FileAndPrecedence) {
  std::string Path = ::testing::TempDir() + "hetile_platform.json";
  FILE *F = std::fopen(Path.c_str(), "w");
  std::fputs("{ \"names\": [\"nala\", \"zazu\"], \"times\": [11, 528],\n"
             "  \"startup\": 1e-4, \"per_byte\": 2e-9 }\n", F);
  std::fclose(F);
  double T[2], S, B;
  ASSERT_EQ(hetile_platform_read(Path.c_str(), 2, T, &S, &B), 0);
  EXPECT_EQ(T[0], 11);
  EXPECT_EQ(T[1], 528);
  EXPECT_DOUBLE_EQ(S, 1e-4);
  EXPECT_DOUBLE_EQ(B, 2e-9);
  EXPECT_EQ(hetile_platform_read(Path.c_str(), 3, T, &S, &B),
            HETILE_ERR_INVALID);
  setVar("HETILE_PLATFORM", Path.c_str());
  setVar("HETILE_SPEEDS", "1,2");
  ASSERT_EQ(hetile_platform_times(2, T), 1);
  EXPECT_EQ(T[1], 528);
  setVar("HETILE_PLATFORM", nullptr);
  ASSERT_EQ(hetile_platform_times(2, T), 1);
  EXPECT_EQ(T[1], 2);
  setVar("HETILE_SPEEDS", nullptr);
  EXPECT_EQ(hetile_platform_times(2, T), 0);
  F = std::fopen(Path.c_str(), "w");
  std::fputs("{ \"times\": [11, 528], \"speed\": 3 }", F);
  std::fclose(F);
  EXPECT_EQ(hetile_platform_read(Path.c_str(), 2, T, &S, &B),
            HETILE_ERR_INVALID);
  EXPECT_TRUE(mentions("unknown key \"speed\""));
  EXPECT_EQ(hetile_platform_read("/nonexistent.json", 2, T, &S, &B),
            HETILE_ERR_IO);
}

TEST(Env, ReadOnceUntilReload) {
  long S[2] = {0, 0};
  setVar("HETILE_TILE_SIZES", "8");
  ASSERT_EQ(hetile_env_tile_sizes(2, S), 1);
  EXPECT_EQ(S[1], 8);
  // Changed behind the runtime's back: the snapshot still holds 8.
  setenv("HETILE_TILE_SIZES", "16", 1);
  setenv("HETILE_STATS", "1", 1);
  ASSERT_EQ(hetile_env_tile_sizes(2, S), 1);
  EXPECT_EQ(S[1], 8);
  EXPECT_EQ(hetile_env_stats(), 0);
  ASSERT_EQ(hetile_env_reload(), 0);
  ASSERT_EQ(hetile_env_tile_sizes(2, S), 1);
  EXPECT_EQ(S[1], 16);
  EXPECT_EQ(hetile_env_stats(), 1);
  setVar("HETILE_STATS", nullptr);
  setVar("HETILE_TILE_SIZES", nullptr);
}

TEST(Env, MalformedVariableFailsOnlyItsCallsAndKeepsTheLastError) {
  long S[1];
  double T[2];
  setVar("HETILE_SPEEDS", "1,2");
  // Reading the environment leaves the thread's last error alone.
  EXPECT_EQ(hetile_env_tile_sizes(0, S), 0);
  EXPECT_EQ(hetile_alloc_owners(0, T, 1, HETILE_ALLOC_AUTO, 0, nullptr),
            HETILE_ERR_INVALID);
  setVar("HETILE_TILE_SIZES", "x");
  EXPECT_TRUE(mentions("owners:"));
  EXPECT_EQ(hetile_env_speeds(2, T), 1);
  EXPECT_EQ(hetile_env_tile_sizes(1, S), HETILE_ERR_ENV);
  EXPECT_TRUE(mentions("HETILE_TILE_SIZES: entry 1 'x'"));
  // Every call that needs it reports it again.
  EXPECT_EQ(hetile_env_tile_sizes(1, S), HETILE_ERR_ENV);
  setVar("HETILE_TILE_SIZES", nullptr);
  setVar("HETILE_SPEEDS", nullptr);
}

TEST(Env, AllocGrammar) {
  int St;
  long Param;
  setVar("HETILE_ALLOC", "bounded:12");
  ASSERT_EQ(hetile_env_alloc(&St, &Param), 1);
  EXPECT_EQ(St, HETILE_ALLOC_BOUNDED);
  EXPECT_EQ(Param, 12);
  setVar("HETILE_ALLOC", "auto");
  EXPECT_EQ(hetile_env_alloc(&St, &Param), 0);
  setVar("HETILE_ALLOC", "block-cyclic:0");
  EXPECT_EQ(hetile_env_alloc(&St, &Param), HETILE_ERR_ENV);
  EXPECT_TRUE(mentions("HETILE_ALLOC: 'block-cyclic:0' is not one of"));
  setVar("HETILE_ALLOC", nullptr);
  // The same parser, for hetile-plan: an error naming the flag.
  EXPECT_EQ(hetile_alloc_parse("cyclic", "--strategy", &St, &Param), 0);
  EXPECT_EQ(St, HETILE_ALLOC_CYCLIC);
  EXPECT_EQ(hetile_alloc_parse("greedy", "--strategy", &St, &Param),
            HETILE_ERR_INVALID);
  EXPECT_TRUE(mentions("--strategy: 'greedy'"));
  // Every name the describe lines print parses back (block-cyclic needs
  // its B).
  for (int K = HETILE_ALLOC_AUTO; K <= HETILE_ALLOC_CHUNK; ++K) {
    std::string Name = hetile_alloc_strategy_name(K);
    if (K == HETILE_ALLOC_BLOCK_CYCLIC)
      Name += ":3";
    ASSERT_EQ(hetile_alloc_parse(Name.c_str(), "x", &St, &Param), 0) << Name;
    EXPECT_EQ(St, K);
  }
}

TEST(Emulate, SleepsByTheFactor) {
  setVar("HETILE_EMULATE_SPEEDS", nullptr);
  EXPECT_EQ(hetile_emulate_delay(0, 1.0), 0);
  setVar("HETILE_EMULATE_SPEEDS", "1,3");
  EXPECT_EQ(hetile_emulate_delay(0, 1.0), 0); // factor 1: no delay
  double Before = hetile_timer_now();
  EXPECT_EQ(hetile_emulate_delay(1, 0.01), 1);
  double Slept = hetile_timer_now() - Before;
  EXPECT_GE(Slept, 0.02 * 0.99);
  EXPECT_EQ(hetile_emulate_delay(2, 0.01), HETILE_ERR_ENV);
  setVar("HETILE_EMULATE_SPEEDS", nullptr);
}

TEST(Emulate, WorkIsCpuTimeNotWallTime) {
  // A sleeping thread uses no CPU time: on a loaded machine, the time a
  // thread waits for a core is no more work than this sleep is.
  double Cpu0 = hetile_timer_thread_cpu(), Wall0 = hetile_timer_now();
  struct timespec Nap = {0, 50000000};
  nanosleep(&Nap, nullptr);
  EXPECT_GE(hetile_timer_now() - Wall0, 0.05 * 0.99);
  EXPECT_LT(hetile_timer_thread_cpu() - Cpu0, 0.01);
  // Spinning does.
  volatile double X = 1;
  Cpu0 = hetile_timer_thread_cpu();
  while (hetile_timer_thread_cpu() - Cpu0 < 0.02)
    X = X * 1.0000001;
  EXPECT_GE(hetile_timer_thread_cpu() - Cpu0, 0.02);
}

TEST(Calibrate, RelativeIntegerTimes) {
  const double Sec[] = {0.5, 1.2, 5.0};
  long T[3];
  ASSERT_EQ(hetile_calibrate_times(3, Sec, 10, T), 0);
  EXPECT_EQ(T[0], 10);
  EXPECT_EQ(T[1], 24);
  EXPECT_EQ(T[2], 100);
}

TEST(DefaultTileSizes, CacheSizedAndEnoughColumns) {
  const long E[] = {1000, 1000, 1000};
  long S[3];
  ASSERT_EQ(hetile_tilesize_default(2, E, 1, S), 0);
  EXPECT_EQ(S[0], 64);
  EXPECT_EQ(S[1], 64);
  ASSERT_EQ(hetile_tilesize_default(3, E, 8, S), 0);
  EXPECT_EQ(S[0], 16); // 1000 / 16 = 62 >= 32 tiles
  EXPECT_EQ(S[2], 16);
  const long Small[] = {40, 3};
  ASSERT_EQ(hetile_tilesize_default(2, Small, 4, S), 0);
  EXPECT_EQ(S[0], 2); // 40 / 16 tiles wanted
  EXPECT_EQ(S[1], 3);
}

} // namespace

TEST(DefaultTileSizes, LongInnermostWhenItVectorizes) {
  const long E[] = {2480, 240, 2480};
  long S[3];
  // Innermost (last) dimension long, the others 256^(1/2) = 16.
  ASSERT_EQ(hetile_tilesize_for(3, E, 1, 2, S), 0);
  EXPECT_EQ(S[0], 16);
  EXPECT_EQ(S[1], 16);
  EXPECT_EQ(S[2], 512);
  // The parallel backends hand the column dimension (the innermost) first:
  // 2 threads want 8 tiles of it, 2480 / 8 = 310.
  const long P[] = {2480, 240, 2480};
  ASSERT_EQ(hetile_tilesize_for(3, P, 2, 0, S), 0);
  EXPECT_EQ(S[0], 310);
  EXPECT_EQ(S[1], 16);
  // Capped by short extents; depth 4: floor(256^(1/3)) = 6.
  const long Q[] = {300, 750, 750, 100};
  long S4[4];
  ASSERT_EQ(hetile_tilesize_for(4, Q, 1, 3, S4), 0);
  EXPECT_EQ(S4[0], 6);
  EXPECT_EQ(S4[2], 6);
  EXPECT_EQ(S4[3], 100);
  // No long dimension: the cube of hetile_tilesize_default.
  long D[3];
  ASSERT_EQ(hetile_tilesize_for(3, E, 1, -1, S), 0);
  ASSERT_EQ(hetile_tilesize_default(3, E, 1, D), 0);
  for (int I = 0; I < 3; ++I)
    EXPECT_EQ(S[I], D[I]);
  EXPECT_LT(hetile_tilesize_for(0, E, 1, 0, S), 0);
}
