//===- TileSizePipelineTest.cpp - sizes and block widths from the models ---===//
//
// The costs of [AY98] (fixed under HETILE_CALIBRATE=0, bounded when
// measured; a ping-pong's fastest round trips fitted), the block width of [BDRV98] with T_com, and the pipelined
// OpenMP tile sizes, against cases derived by hand in the comments from the
// formulas of hetile_models.h ([AY98] (15), (16), (8)-(10); [BDRV98]
// section 3.2, Lemmas 2-3).
//
//===----------------------------------------------------------------------===//
#include "SetVar.h"

#include "hetile_models.h"
#include "hetile_rt.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

namespace {

struct EnvGuard {
  EnvGuard() { clear(); }
  ~EnvGuard() { clear(); }
  static void clear() {
    for (const char *V : {"HETILE_ALLOC", "HETILE_SPEEDS", "HETILE_PLATFORM",
                          "HETILE_CALIBRATE", "HETILE_EMULATE_SPEEDS",
                          "HETILE_STATS", "HETILE_ITERATION_SECONDS"})
      setVar(V, nullptr);
  }
};

TEST(Costs, FixedUnderCalibrateOff) {
  EnvGuard G;
  setVar("HETILE_CALIBRATE", "0");
  hetile_costs C;
  ASSERT_EQ(hetile_costs_shared(&C), 0) << hetile_last_error();
  EXPECT_EQ(C.beta, 1e-6);
  EXPECT_EQ(C.tau_t, 1e-9);
  EXPECT_EQ(C.tau_a, 1e-9);
  EXPECT_EQ(C.measured, 0);
  // tau_a follows HETILE_ITERATION_SECONDS, the others stay fixed.
  setVar("HETILE_ITERATION_SECONDS", "2.5e-9");
  ASSERT_EQ(hetile_costs_shared(&C), 0);
  EXPECT_EQ(C.tau_a, 2.5e-9);
  EXPECT_EQ(C.beta, 1e-6);
}

TEST(Costs, MeasuredWithinBudget) {
  EnvGuard G;
  auto T0 = std::chrono::steady_clock::now();
  hetile_costs C;
  ASSERT_EQ(hetile_costs_measure(0.01, &C), 0) << hetile_last_error();
  double Took = std::chrono::duration<double>(
                    std::chrono::steady_clock::now() - T0)
                    .count();
  // The ping-pongs stop at the budget; the last round trip of each, the
  // tau_a sweep and the thread starts come on top: a fraction of a second
  // even where a round trip waits for a time slice (0.3 s seen on a
  // 2-core machine with a load of 20).
  EXPECT_LT(Took, 5.0);
  // A round trip slower than a transfer between caches (the threads never
  // ran at once: a loaded machine) keeps the fixed beta, unmeasured.
  if (C.measured)
    EXPECT_LE(C.beta, 20e-6);
  else
    EXPECT_EQ(C.beta, 1e-6);
  EXPECT_GT(C.beta, 0);
  // No new round starts after the budget; one round may outlast it when
  // the machine deschedules a thread, but not the whole measurement.
  EXPECT_LT(2 * C.beta, Took);
  EXPECT_GE(C.tau_t, 0);
  EXPECT_TRUE(std::isfinite(C.tau_t));
  EXPECT_GT(C.tau_a, 0);
  EXPECT_LT(C.tau_a, 1e-6);
  // HETILE_ITERATION_SECONDS replaces the measured tau_a.
  setVar("HETILE_ITERATION_SECONDS", "3e-9");
  ASSERT_EQ(hetile_costs_measure(0.002, &C), 0);
  EXPECT_EQ(C.tau_a, 3e-9);
  EXPECT_NE(hetile_costs_measure(0, &C), 0);
}

// The network's costs from a ping-pong (hetile_mpi_pingpong): a transfer
// of b bytes takes 2 us + b x 1e-10 s one way, so round trips of 4 us,
// 4.2048 us (1 KiB) and 213.7152 us (1 MiB). Of 5 round trips per size,
// 3 also waited for a time slice of 5-6 ms (a rank not running), one 1 us
// more: the median is a time slice (2.5 ms one way at 0 B), the fastest
// the transfer. The three points (b, fastest / 2) lie on the line: startup
// 2e-6 s, per byte 1e-10 s exactly.
TEST(Costs, PingPongTakesTheFastestRoundTrip) {
  const double Bytes[3] = {0, 1024, 1048576};
  double RT[15];
  for (int S = 0; S < 3; ++S) {
    double T = 4e-6 + 2e-10 * Bytes[S];
    const double Extra[5] = {5e-3, 0, 5e-3, 1e-6, 6e-3};
    for (int R = 0; R < 5; ++R)
      RT[S * 5 + R] = T + Extra[R];
  }
  double Startup, PerByte;
  ASSERT_EQ(hetile_pingpong_fit(3, Bytes, 5, RT, &Startup, &PerByte), 0)
      << hetile_last_error();
  EXPECT_NEAR(Startup, 2e-6, 1e-15);
  EXPECT_NEAR(PerByte, 1e-10, 1e-19);
  // A slope below 0 is noise: per byte 0, startup the mean one-way time
  // (3 us and 1 us: 2 us). One size: its time, no slope.
  const double Two[2] = {0, 1000}, Down[2] = {6e-6, 2e-6};
  ASSERT_EQ(hetile_pingpong_fit(2, Two, 1, Down, &Startup, &PerByte), 0);
  EXPECT_EQ(PerByte, 0);
  EXPECT_NEAR(Startup, 2e-6, 1e-15);
  ASSERT_EQ(hetile_pingpong_fit(1, Two, 1, Down, &Startup, &PerByte), 0);
  EXPECT_EQ(PerByte, 0);
  EXPECT_NEAR(Startup, 3e-6, 1e-15);
  const double Negative[2] = {-1e-6, 2e-6};
  EXPECT_NE(hetile_pingpong_fit(2, Two, 1, Negative, &Startup, &PerByte), 0);
  EXPECT_NE(hetile_pingpong_fit(0, Two, 1, Down, &Startup, &PerByte), 0);
  EXPECT_NE(hetile_pingpong_fit(2, Two, 0, Down, &Startup, &PerByte), 0);
}

// p = 2, t = 1,1: L = 1, C = 2. n1 = 10 rows, n2 = 8 columns, a tile 1 s.
// beta = T_com = 0: block rows take R = k; nb = ceil(8 / 2k);
//   k = 1: nb 4, period max(10 * 1, 2 * 1) = 10, 3*10 + 10 + 1 = 41
//   k = 2: nb 2, period 20, 20 + 20 + 2 = 42
//   k = 3: nb 2, period 30, 30 + 30 + 3 = 63
//   k = 4: nb 1, 40 + 4 = 44          -> k = 1 (Proposition 1's cyclic)
// beta = 1 s: R = k + 2;
//   k = 1: nb 4, period 30, 90 + 30 + 3 = 123
//   k = 2: nb 2, period 40, 40 + 40 + 4 = 84
//   k = 3: nb 2, period 50, 50 + 50 + 5 = 105
//   k = 4: nb 1, 60 + 6 = 66          -> k = 4 (one block per processor)
TEST(BlockWidth, SyncCostWidensBlocks) {
  long T[2] = {1, 1};
  double M;
  const double Free[4] = {41, 42, 63, 44}, Sync[4] = {123, 84, 105, 66};
  for (long K = 1; K <= 4; ++K) {
    ASSERT_EQ(hetile_alloc_block_makespan(2, T, 10, 8, K, 1, 0, 0, &M), 0);
    EXPECT_DOUBLE_EQ(M, Free[K - 1]) << "k = " << K;
    ASSERT_EQ(hetile_alloc_block_makespan(2, T, 10, 8, K, 1, 1, 0, &M), 0);
    EXPECT_DOUBLE_EQ(M, Sync[K - 1]) << "k = " << K;
  }
  long K;
  ASSERT_EQ(hetile_alloc_block_width(2, T, 10, 8, 1, 0, 0, 1, &K), 0);
  EXPECT_EQ(K, 1);
  ASSERT_EQ(hetile_alloc_block_width(2, T, 10, 8, 1, 1, 0, 1, &K), 0);
  EXPECT_EQ(K, 4);
}

// One row (n1 = 1), p = 2, t = 1,1, 8 columns, tile 1 s, beta 0, T_com 1:
// the ring stalls ([AY98] (8): period p (R + T_com) > n1 R).
//   k = 1: nb 4, period max(1, 2*2) = 4, 12 + 1 + 2 = 15
//   k = 2: nb 2, period max(2, 2*3) = 6, 6 + 2 + 3 = 11
//   k = 3: nb 2, period max(3, 2*4) = 8, 8 + 3 + 4 = 15
//   k = 4: nb 1, 4 + 5 = 9            -> k = 4
TEST(BlockWidth, StallingRingWidensBlocks) {
  long T[2] = {1, 1}, K;
  double M;
  const double Want[4] = {15, 11, 15, 9};
  for (long K = 1; K <= 4; ++K) {
    ASSERT_EQ(hetile_alloc_block_makespan(2, T, 1, 8, K, 1, 0, 1, &M), 0);
    EXPECT_DOUBLE_EQ(M, Want[K - 1]) << "k = " << K;
  }
  ASSERT_EQ(hetile_alloc_block_width(2, T, 1, 8, 1, 0, 1, 1, &K), 0);
  EXPECT_EQ(K, 4);
}

// t = 1,2: L = 2, Proposition 1's counts 2,1, C = 3; 4 rows, 6 columns,
// tile 1 s on the fast processor, beta 0, T_com 1. Lemma 2: a block row
// takes k L tile / min t = 2k on both.
//   k = 1: nb 2, period max(4*2, 2*(2+1)) = 8, 8 + 8 + 3 = 19
//   k = 2: nb 1, 16 + 5 = 21          -> k = 1
TEST(BlockWidth, KeepsProposition1Proportions) {
  long T[2] = {1, 2}, K;
  double M;
  ASSERT_EQ(hetile_alloc_block_makespan(2, T, 4, 6, 1, 1, 0, 1, &M), 0);
  EXPECT_DOUBLE_EQ(M, 19);
  ASSERT_EQ(hetile_alloc_block_makespan(2, T, 4, 6, 2, 1, 0, 1, &M), 0);
  EXPECT_DOUBLE_EQ(M, 21);
  ASSERT_EQ(hetile_alloc_block_width(2, T, 4, 6, 1, 0, 1, 1, &K), 0);
  EXPECT_EQ(K, 1);
  EXPECT_NE(hetile_alloc_block_width(2, T, 0, 6, 1, 0, 1, 1, &K), 0);
  EXPECT_NE(hetile_alloc_block_makespan(2, T, 4, 6, 0, 1, 0, 1, &M), 0);
}

hetile_pipeline_choice solve(std::vector<long> Ext, int P, int LongDim,
                             double Beta, double TauT, double TauA,
                             int Flags = 0) {
  hetile_pipeline_problem Prob{(int)Ext.size(), Ext.data(), P, LongDim,
                               {Beta, TauT, TauA, 1}, Flags};
  hetile_pipeline_choice C;
  EXPECT_EQ(hetile_tilesize_pipeline_solve(&Prob, &C), 0)
      << hetile_last_error();
  return C;
}

// 1200 x 1200, p = 2, beta 1 us, tau_t 0, tau_a 1 ns. The cache tile is
// floor(4096^(1/2)) = 64 square; 1200 / 64 = 18 >= 4p columns: no cap.
// [AY98] n = 1: W = 1.44e6, A = 2 beta W / P = 1.44, B = tau_a (p - 1) =
// 1e-9, v = sqrt(A / B) = 37947 > u_1 = 600: the edge E_2, x_1 = u_1 = 600
// and (15) x_2 = sqrt(2 beta W / (P u_1^2 (p - 1) tau_a)) = sqrt(4000) =
// 63.2 -> 63, thinner than the tile's 64 rows: sizes 64 x 64.
// n1 = n2 = ceil(1200 / 64) = 19; tile 4096 ns; T_com = beta.
// Block width, L = 1, C = 2, k <= 10, R = 4.096 k + 2 us, period 19 R:
//   k = 10: nb 1, 19 * 42.96 + 43.96 = 860.2 us
//   k = 5:  nb 2, 38 * 22.48 + 23.48 = 877.7 us
//   k = 4:  nb 3, 57 * 18.384 + 19.384 = 1067.3 us  -> k = 10
TEST(PipelineSizes, EdgeOneBlockPerProcessor) {
  hetile_pipeline_choice C = solve({1200, 1200}, 2, -1, 1e-6, 0, 1e-9);
  EXPECT_EQ(C.sizes[0], 64);
  EXPECT_EQ(C.sizes[1], 64);
  EXPECT_EQ(C.on_edge, 1);
  EXPECT_NEAR(C.volume, 37947.3, 0.1);
  EXPECT_EQ(C.block_points, 600);
  EXPECT_EQ(C.row_points, 63);
  EXPECT_EQ(C.n1, 19);
  EXPECT_EQ(C.n2, 19);
  EXPECT_NEAR(C.tile_s, 4.096e-6, 1e-15);
  EXPECT_NEAR(C.tcom, 1e-6, 1e-15);
  EXPECT_EQ(C.block, 10);
  long T[2] = {1, 1};
  double M10, M5;
  ASSERT_EQ(hetile_alloc_block_makespan(2, T, 19, 19, 10, C.tile_s, 1e-6,
                                        C.tcom, &M10), 0);
  ASSERT_EQ(hetile_alloc_block_makespan(2, T, 19, 19, 5, C.tile_s, 1e-6,
                                        C.tcom, &M5), 0);
  EXPECT_NEAR(M10, 860.2e-6, 1e-9);
  EXPECT_NEAR(M5, 877.72e-6, 1e-9);
}

// The case above with a skewed band: at least 4 blocks per processor, so
// k <= floor(19 / (4 x 2)) = 2. With R = 4.096 k + 2 us, period 19 R:
//   k = 1: nb 10, R 6.096, 10 x 19 x 6.096 + 7.096 = 1165.336 us
//   k = 2: nb 5, R 10.192, 5 x 19 x 10.192 + 11.192 = 979.432 us  -> k = 2
TEST(PipelineSizes, SkewedKeepsFourBlocksPerProcessor) {
  hetile_pipeline_choice C =
      solve({1200, 1200}, 2, -1, 1e-6, 0, 1e-9, HETILE_PIPELINE_SKEWED);
  EXPECT_EQ(C.sizes[0], 64);
  EXPECT_EQ(C.min_blocks, 4);
  EXPECT_EQ(C.block, 2);
  long T[2] = {1, 1};
  double M1, M2;
  ASSERT_EQ(hetile_alloc_block_makespan(2, T, 19, 19, 1, C.tile_s, 1e-6,
                                        C.tcom, &M1), 0);
  ASSERT_EQ(hetile_alloc_block_makespan(2, T, 19, 19, 2, C.tile_s, 1e-6,
                                        C.tcom, &M2), 0);
  EXPECT_NEAR(M1, 1165.336e-6, 1e-12);
  EXPECT_NEAR(M2, 979.432e-6, 1e-12);
  EXPECT_EQ(solve({1200, 1200}, 2, -1, 1e-6, 0, 1e-9).min_blocks, 1);
}

// beta 100 us: A = 144, v = sqrt(1.44e11) = 379473 > 600: edge, and
// x_2 = sqrt(2e-4 * 1.44e6 / (2 * 360000 * 1e-9)) = sqrt(4e5) = 632.5 ->
// 632 > 64 rows, and (12) on the edge (SmallSavingKeepsTheCacheTile)
// gives 4.6 ms at 64 against 1.9 ms at 256: the row dimension thickens by
// min(4, 632 / 64) = 4, to 256. With dimension 1 long (hetile_tilesize_for: 64 x 512), the long
// dimension keeps its 512.
// In 3D, 1200^3 (cache tile 16^3): W = 1.728e9, x_2 = sqrt(2e-4 * 1.728e9 /
// (2 * 360000 * 1e-9)) = sqrt(4.8e8) = 21909 > 256 row points: the factor
// 4 again, shared by the two row dimensions: 16 x 2 = 32 each.
TEST(PipelineSizes, ExpensiveSyncThickensRows) {
  hetile_pipeline_choice C = solve({1200, 1200}, 2, -1, 1e-4, 0, 1e-9);
  EXPECT_EQ(C.on_edge, 1);
  EXPECT_EQ(C.row_points, 632);
  EXPECT_EQ(C.sizes[0], 64);
  EXPECT_EQ(C.sizes[1], 256);
  C = solve({1200, 1200}, 2, 1, 1e-4, 0, 1e-9);
  EXPECT_EQ(C.sizes[0], 64);
  EXPECT_EQ(C.sizes[1], 512);
  C = solve({1200, 1200, 1200}, 2, -1, 1e-4, 0, 1e-9);
  EXPECT_EQ(C.row_points, 21909);
  EXPECT_EQ(C.sizes[0], 16);
  EXPECT_EQ(C.sizes[1], 32);
  EXPECT_EQ(C.sizes[2], 32);
}

// 4000 columns x 100000 rows, beta 2 us, tau_a 1 ns: W = 4e8, u_1 = 2000,
// (15) x_2 = sqrt(2 * 2e-6 * 4e8 / (2 * 2000^2 * 1e-9)) = sqrt(2e5) = 447
// > 64 rows, but (12) on the edge, T(x_2) = (m_2 / x_2)(2 beta + tau_a u_1
// x_2) + (p - 1)(beta + tau_a u_1 x_2), gives T(64) = 1562.5 x 132 us +
// 130 us = 0.20638 s and T(256) = 390.6 x 516 us + 514 us = 0.20208 s:
// 2.1% saved, under 5%: the cache tile's 64 x 64 stays.
TEST(PipelineSizes, SmallSavingKeepsTheCacheTile) {
  hetile_pipeline_choice C = solve({4000, 100000}, 2, -1, 2e-6, 0, 1e-9);
  EXPECT_EQ(C.on_edge, 1);
  EXPECT_EQ(C.row_points, 447);
  EXPECT_EQ(C.sizes[0], 64);
  EXPECT_EQ(C.sizes[1], 64);
}

// 1000 rows, 4 columns, p = 2, tile 1 s, beta = T_com = 0:
//   k = 1: R 1, nb 2, period 1000: 1000 + 1000 + 1 = 2001
//   k = 2: R 2, nb 1: 2000 + 2 = 2002, within 1% of 2001 -> k = 2
TEST(BlockWidth, NearTiesTakeTheWiderBlocks) {
  long T[2] = {1, 1}, K;
  double M;
  ASSERT_EQ(hetile_alloc_block_makespan(2, T, 1000, 4, 1, 1, 0, 0, &M), 0);
  EXPECT_DOUBLE_EQ(M, 2001);
  ASSERT_EQ(hetile_alloc_block_makespan(2, T, 1000, 4, 2, 1, 0, 0, &M), 0);
  EXPECT_DOUBLE_EQ(M, 2002);
  ASSERT_EQ(hetile_alloc_block_width(2, T, 1000, 4, 1, 0, 0, 1, &K), 0);
  EXPECT_EQ(K, 2);
}

// 12000 columns x 100 rows, beta = tau_a = 1 ns, tau_t 0: W = 1.2e6,
// A = 2e-9 * 1.2e6 / 2 = 1.2e-3, B = 1e-9, v = sqrt(1.2e6) = 1095.4 <
// u_1 = 6000: the facet x_2 = 1 ((16)); rows of the cache tile (64 of the
// 100) give x_1 = 1095.4 / 64 = 17, raised to one tile's 64 columns.
TEST(PipelineSizes, FacetCheapSync) {
  hetile_pipeline_choice C = solve({12000, 100}, 2, -1, 1e-9, 0, 1e-9);
  EXPECT_EQ(C.on_edge, 0);
  EXPECT_NEAR(C.volume, 1095.45, 0.01);
  EXPECT_EQ(C.row_points, 1);
  EXPECT_EQ(C.block_points, 64);
  EXPECT_EQ(C.sizes[0], 64);
  EXPECT_EQ(C.sizes[1], 64);
}

// The columns along the long dimension (long_dim 0). The cache tile of
// {1200, 1200} is 512 x 64, cut to 1200 / 4 = 300 (4 tiles), then to
// 1200 / (4 p) = 150 (4 columns per processor). The model is that of
// EdgeOneBlockPerProcessor (the extents and costs alike): the edge, x_1 =
// u_1 = 600, rounded up ceil(1200 / 2) = 600; the tile takes min(512,
// 600) = 512 columns: n2 = ceil(1200 / 512) = 3.
TEST(PipelineSizes, LongColumnsTakeTheModelsBlockWidth) {
  hetile_pipeline_choice C = solve({1200, 1200}, 2, 0, 1e-6, 0, 1e-9);
  EXPECT_EQ(C.on_edge, 1);
  EXPECT_EQ(C.sizes[0], 512);
  EXPECT_EQ(C.sizes[1], 64);
  EXPECT_EQ(C.n2, 3);
  // The long dimension a row dimension: the 4 columns per processor stay
  // (1200 / 64 = 18 >= 8), and the rows' 512 points, thicker than (15)'s
  // 63, too.
  C = solve({1200, 1200}, 2, 1, 1e-6, 0, 1e-9);
  EXPECT_EQ(C.sizes[0], 64);
  EXPECT_EQ(C.sizes[1], 512);
  // heat-3d 150 x 60 skewed: 267 columns, rows 60 x 267 x 267, the cache
  // tile 6x6x6 rows (256^(1/3)) and 33 columns (267 / (4 p)). W = 267 x
  // 4277340 = 1.142e9, v = sqrt(2 beta W / (P tau_a (p - 1))) = 1.07e6 >
  // u_1 = 133: the edge; the columns ceil(267 / 2) = 134: 2 of them, one
  // per processor (skewed: k <= max(1, 2 / 8) = 1).
  C = solve({267, 60, 267, 267}, 2, 0, 1e-6, 0, 1e-9, HETILE_PIPELINE_SKEWED);
  EXPECT_EQ(C.on_edge, 1);
  EXPECT_NEAR(C.volume, 1.0687e6, 1e3);
  EXPECT_EQ(C.sizes[0], 134);
  EXPECT_EQ(C.n2, 2);
  EXPECT_EQ(C.block, 1);
  // The facet (FacetCheapSync's problem): x_1 = max(17, 512) = 512, the
  // cache tile's already.
  C = solve({12000, 100}, 2, 0, 1e-9, 0, 1e-9);
  EXPECT_EQ(C.on_edge, 0);
  EXPECT_EQ(C.block_points, 512);
  EXPECT_EQ(C.sizes[0], 512);
}

TEST(PipelineSizes, OneProcessorIsTheCacheRule) {
  EnvGuard G;
  setVar("HETILE_CALIBRATE", "0");
  long Ext[3] = {300, 200, 100}, Want[3], Got[3];
  ASSERT_EQ(hetile_tilesize_for(3, Ext, 1, 2, Want), 0);
  ASSERT_EQ(hetile_tilesize_pipeline(3, Ext, 1, 2, 0, Got), 0);
  for (int I = 0; I < 3; ++I)
    EXPECT_EQ(Got[I], Want[I]);
  EXPECT_NE(hetile_tilesize_pipeline(0, Ext, 2, -1, 0, Got), 0);
  long Bad[2] = {0, 5};
  EXPECT_NE(hetile_tilesize_pipeline(2, Bad, 2, -1, 0, Got), 0);
}

/// Allocates a schedule of P threads and NCols columns (times equal under
/// HETILE_CALIBRATE=0); returns the owners and the describe line.
std::vector<int> owners(int P, long NCols, std::string &Line) {
  hetile_sched *S = nullptr;
  EXPECT_EQ(hetile_sched_create(P, NCols, &S), 0) << hetile_last_error();
  EXPECT_EQ(hetile_sched_allocate(S), 0) << hetile_last_error();
  std::vector<int> O;
  for (long C = 0; C < NCols; ++C)
    O.push_back(hetile_sched_owner(S, C));
  Line = hetile_sched_describe(S);
  hetile_sched_destroy(S);
  return O;
}

// Under HETILE_CALIBRATE=0 the fixed costs (beta 1 us, tau_t 1 ns, tau_a
// 1 ns) on 1200 x 1200 give the case of EdgeOneBlockPerProcessor with
// T_com = 1 us + 64 ns: k = 10 still (the T_com term is the same 1.064 us
// on both sides of 860 vs 878 us). The next allocation of 2 threads and
// 19 (or 20) columns deals 10 then 9 columns; a second one (the note is
// taken) and HETILE_ALLOC=cyclic deal single columns.
TEST(PipelineSizes, SchedTakesTheBlockWidth) {
  EnvGuard G;
  setVar("HETILE_CALIBRATE", "0");
  long Ext[2] = {1200, 1200}, Sizes[2];
  ASSERT_EQ(hetile_tilesize_pipeline(2, Ext, 2, -1, 0, Sizes), 0);
  EXPECT_EQ(Sizes[0], 64);
  EXPECT_EQ(Sizes[1], 64);
  std::string Line;
  std::vector<int> O = owners(2, 19, Line);
  for (long C = 0; C < 19; ++C)
    EXPECT_EQ(O[C], C < 10 ? 0 : 1) << "column " << C;
  EXPECT_NE(Line.find("; blocks x10 of"), std::string::npos) << Line;
  EXPECT_NE(Line.find("beta 1e-06 s"), std::string::npos) << Line;
  EXPECT_NE(Line.find("costs fixed"), std::string::npos) << Line;
  O = owners(2, 19, Line);
  for (long C = 0; C < 19; ++C)
    EXPECT_EQ(O[C], C % 2) << "column " << C;
  // A note for other columns is not taken.
  ASSERT_EQ(hetile_tilesize_pipeline(2, Ext, 2, -1, 0, Sizes), 0);
  O = owners(2, 40, Line);
  EXPECT_EQ(O[1], 1);
  O = owners(2, 20, Line);
  EXPECT_EQ(O[9], 0);
  EXPECT_EQ(O[10], 1);
  // Skewed: blocks of 2 columns (SkewedKeepsFourBlocksPerProcessor; the
  // T_com of 64 ns more changes neither makespan's order).
  ASSERT_EQ(hetile_tilesize_pipeline(2, Ext, 2, -1, HETILE_PIPELINE_SKEWED,
                                     Sizes), 0);
  O = owners(2, 19, Line);
  for (long C = 0; C < 19; ++C)
    EXPECT_EQ(O[C], (C / 2) % 2) << "column " << C;
  EXPECT_NE(Line.find("blocks x2 of"), std::string::npos) << Line;
  EXPECT_NE(Line.find("skewed"), std::string::npos) << Line;
  setVar("HETILE_ALLOC", "cyclic");
  ASSERT_EQ(hetile_tilesize_pipeline(2, Ext, 2, -1, 0, Sizes), 0);
  O = owners(2, 19, Line);
  EXPECT_EQ(O[1], 1);
  EXPECT_EQ(Line.find("blocks x"), std::string::npos) << Line;
  // Take the note left, so that no later allocation sees it.
  setVar("HETILE_ALLOC", nullptr);
  owners(2, 19, Line);
}

} // namespace
