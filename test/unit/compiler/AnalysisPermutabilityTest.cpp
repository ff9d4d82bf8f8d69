//===- AnalysisPermutabilityTest.cpp - Permutable bands of hand-built Scops ===//

#include "AnalysisTestUtils.h"
#include "hetile/Analysis/Permutability.h"

#include <gtest/gtest.h>
#include <isl/options.h>
#include <isl/schedule.h>

using namespace hetile;
using namespace hetile::test;

namespace {

using Strings = std::vector<std::string>;

/// Independent check: every dependence, mapped through the band on both
/// sides, has distances in { [d0, ..., dk-1] : all d >= 0 }.
bool bandRespectsAll(const Dependences &D, const PermutableBand &Band) {
  std::string Dims, Cond;
  for (unsigned I = 0; I < Band.Depth; ++I) {
    std::string Name = "d" + std::to_string(I);
    Dims += (I ? ", " : "") + Name;
    Cond += (I ? " and " : "") + Name + " >= 0";
  }
  isl::union_map Deps = D.all();
  isl::set NonNegative(Deps.ctx(), "{ [" + Dims + "] : " + Cond + " }");
  isl::union_set Deltas = Deps.apply_domain(Band.BandSchedule)
                              .apply_range(Band.BandSchedule)
                              .deltas();
  return Deltas.is_subset(isl::union_set(NonNegative)).is_true();
}

/// The number of members of the outermost band node of \p Sched, 0 if the
/// root's child is not a permutable band.
unsigned outerPermutableMembers(const isl::schedule &Sched) {
  if (Sched.is_null())
    return 0;
  isl::schedule_node Node = Sched.root().child(0);
  if (!Node.isa<isl::schedule_node_band>())
    return 0;
  auto Band = Node.as<isl::schedule_node_band>();
  if (!Band.permutable().is_true())
    return 0;
  return Band.n_member().release();
}

Scop oneStmt(isl_ctx *Ctx, unsigned Depth, const std::string &Domain,
             const std::string &Schedule,
             const std::vector<AccessSpec> &Accesses,
             std::vector<long> Steps = {}) {
  std::vector<unsigned> Loops;
  for (unsigned L = 0; L < Depth; ++L)
    Loops.push_back(L);
  return makeScop({makeStmt(Ctx, Loops, Domain, Schedule, Accesses)}, Steps);
}

} // namespace

TEST(AnalysisPermutability, EmptyScopHasNoBand) {
  Scop S;
  PermutableBand Band = findPermutableBand(S, computeDependences(S), true);
  EXPECT_EQ(Band.Depth, 0u);
  EXPECT_FALSE(Band.Transformed);
}

// A[i][j] = (A[i-1][j] + A[i][j-1] + A[i+1][j] + A[i][j+1]) / 4
TEST(AnalysisPermutability, GaussSeidel2DIsPermutableAsWritten) {
  IslContext Ctx;
  Scop S = oneStmt(Ctx.get(), 2,
                   "[N] -> { S0[i, j] : 1 <= i < N - 1 and 1 <= j < N - 1 }",
                   "{ S0[i, j] -> [0, i, 0, j, 0] }",
                   {{'R', "{ S0[i, j] -> A[i - 1, j] }"},
                    {'R', "{ S0[i, j] -> A[i, j - 1] }"},
                    {'R', "{ S0[i, j] -> A[i + 1, j] }"},
                    {'R', "{ S0[i, j] -> A[i, j + 1] }"},
                    {'W', "{ S0[i, j] -> A[i, j] }"}});
  Dependences D = computeDependences(S);
  PermutableBand Band = findPermutableBand(S, D, true);
  EXPECT_EQ(Band.Depth, 2u);
  EXPECT_FALSE(Band.Transformed);
  EXPECT_EQ(Band.Description, (Strings{"S0: (i, j)"}));
  EXPECT_EQ(Band.Note, "");
  EXPECT_EQ(outerPermutableMembers(Band.Schedule), 2u);
  EXPECT_TRUE(bandRespectsAll(D, Band));
}

// D[i][j] = min(D[i-1][j] + 1, D[i][j-1] + 1, D[i-1][j-1] + c) on a
// triangle j <= i.
TEST(AnalysisPermutability, EditDistanceOnTriangleIsPermutable) {
  IslContext Ctx;
  Scop S = oneStmt(Ctx.get(), 2, "[N] -> { S0[i, j] : 1 <= j <= i <= N }",
                   "{ S0[i, j] -> [0, i, 0, j, 0] }",
                   {{'R', "{ S0[i, j] -> D[i - 1, j] }"},
                    {'R', "{ S0[i, j] -> D[i, j - 1] }"},
                    {'R', "{ S0[i, j] -> D[i - 1, j - 1] }"},
                    {'W', "{ S0[i, j] -> D[i, j] }"}});
  Dependences D = computeDependences(S);
  ASSERT_TRUE(D.UniformMatrix.has_value());
  EXPECT_EQ(*D.UniformMatrix,
            (std::vector<std::vector<long>>{{0, 1}, {1, 0}, {1, 1}}));
  PermutableBand Band = findPermutableBand(S, D, true);
  EXPECT_EQ(Band.Depth, 2u);
  EXPECT_FALSE(Band.Transformed);
}

// C[i][j] += A[i][k] * B[k][j]
TEST(AnalysisPermutability, MatmulIsPermutableDepth3) {
  IslContext Ctx;
  Scop S = oneStmt(
      Ctx.get(), 3,
      "[N] -> { S0[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N }",
      "{ S0[i, j, k] -> [0, i, 0, j, 0, k, 0] }",
      {{'R', "{ S0[i, j, k] -> C[i, j] }"},
       {'R', "{ S0[i, j, k] -> A[i, k] }"},
       {'R', "{ S0[i, j, k] -> B[k, j] }"},
       {'W', "{ S0[i, j, k] -> C[i, j] }"}});
  Dependences D = computeDependences(S);
  PermutableBand Band = findPermutableBand(S, D, true);
  EXPECT_EQ(Band.Depth, 3u);
  EXPECT_FALSE(Band.Transformed);
  EXPECT_EQ(Band.Description, (Strings{"S0: (i, j, k)"}));
  EXPECT_EQ(outerPermutableMembers(Band.Schedule), 3u);
}

// A[i][j][k] = A[i-1][j+1][k] + A[i][j-1][k-1] + A[i][j][k-1]:
// (1,-1,0) stops the band at i as written; a skew makes all three permutable.
TEST(AnalysisPermutability, ThreeLevelRecurrenceNeedsSkew) {
  IslContext Ctx;
  Scop S = oneStmt(
      Ctx.get(), 3,
      "[N] -> { S0[i, j, k] : 1 <= i < N and 1 <= j < N - 1 and 1 <= k < N }",
      "{ S0[i, j, k] -> [0, i, 0, j, 0, k, 0] }",
      {{'R', "{ S0[i, j, k] -> A[i - 1, j + 1, k] }"},
       {'R', "{ S0[i, j, k] -> A[i, j - 1, k - 1] }"},
       {'R', "{ S0[i, j, k] -> A[i, j, k - 1] }"},
       {'W', "{ S0[i, j, k] -> A[i, j, k] }"}});
  Dependences D = computeDependences(S);
  PermutableBand AsWritten = findPermutableBand(S, D, false);
  EXPECT_EQ(AsWritten.Depth, 1u);
  EXPECT_FALSE(AsWritten.Transformed);
  EXPECT_EQ(AsWritten.Description, (Strings{"S0: (i)"}));
  PermutableBand Band = findPermutableBand(S, D, true);
  EXPECT_EQ(Band.Depth, 3u);
  EXPECT_TRUE(Band.Transformed);
  EXPECT_TRUE(bandRespectsAll(D, Band));
  EXPECT_EQ(outerPermutableMembers(Band.Schedule), 3u);
  EXPECT_EQ(Band.Description, (Strings{"S0: (i, i + j, k)"}));
  EXPECT_EQ(Band.Note, "isl scheduler: skewed");
}

// for (t) { for (i) B[i] = f(A[i-1], A[i], A[i+1]); for (i) A[i] = B[i]; }
TEST(AnalysisPermutability, Jacobi1DNeedsFusionAndSkew) {
  IslContext Ctx;
  isl_ctx *C = Ctx.get();
  Scop S = makeScop(
      {makeStmt(C, {0, 1},
                "[T, N] -> { S0[t, i] : 0 <= t < T and 1 <= i < N - 1 }",
                "{ S0[t, i] -> [0, t, 0, i, 0] }",
                {{'R', "{ S0[t, i] -> A[i - 1] }"},
                 {'R', "{ S0[t, i] -> A[i] }"},
                 {'R', "{ S0[t, i] -> A[i + 1] }"},
                 {'W', "{ S0[t, i] -> B[i] }"}}),
       makeStmt(C, {0, 2},
                "[T, N] -> { S1[t, i] : 0 <= t < T and 1 <= i < N - 1 }",
                "{ S1[t, i] -> [0, t, 1, i, 0] }",
                {{'R', "{ S1[t, i] -> B[i] }"},
                 {'W', "{ S1[t, i] -> A[i] }"}})});
  Dependences D = computeDependences(S);
  PermutableBand AsWritten = findPermutableBand(S, D, false);
  EXPECT_EQ(AsWritten.Depth, 1u);
  EXPECT_EQ(AsWritten.Description, (Strings{"S0: (t)", "S1: (t)"}));
  // As written, the schedule is the t band over the rest of the 2d+1 order.
  ASSERT_FALSE(AsWritten.Schedule.is_null());
  EXPECT_TRUE(AsWritten.Schedule.get_domain().is_equal(S.getDomains()).is_true());
  EXPECT_EQ(outerPermutableMembers(AsWritten.Schedule), 1u);
  isl::union_map Expected(isl::ctx(C),
                          "{ S0[t, i] -> [t, 0, i, 0]; S1[t, i] -> [t, 1, i, 0] }");
  EXPECT_TRUE(AsWritten.Schedule.get_map()
                  .is_equal(Expected.intersect_domain(S.getDomains()))
                  .is_true())
      << toString(AsWritten.Schedule.get_map());
  PermutableBand Band = findPermutableBand(S, D, true);
  EXPECT_EQ(Band.Depth, 2u);
  EXPECT_TRUE(Band.Transformed);
  EXPECT_TRUE(bandRespectsAll(D, Band));
  EXPECT_EQ(outerPermutableMembers(Band.Schedule), 2u);
  EXPECT_EQ(Band.Description,
            (Strings{"S0: (t, 2 * t + i)", "S1: (t, 2 * t + i + 1)"}));
  EXPECT_EQ(Band.Note, "isl scheduler: fused, skewed, shifted");
}

// for (t) for (i) for (j) A[i][j] = (9-point neighbourhood of A[i][j]) / 9
TEST(AnalysisPermutability, Seidel2DNeedsSkewDepth3) {
  IslContext Ctx;
  std::vector<AccessSpec> Accesses;
  for (int DI = -1; DI <= 1; ++DI)
    for (int DJ = -1; DJ <= 1; ++DJ)
      Accesses.push_back({'R', "{ S0[t, i, j] -> A[i + " + std::to_string(DI) +
                                   ", j + " + std::to_string(DJ) + "] }"});
  Accesses.push_back({'W', "{ S0[t, i, j] -> A[i, j] }"});
  Scop S = oneStmt(Ctx.get(), 3,
                   "[T, N] -> { S0[t, i, j] : 0 <= t < T and 1 <= i < N - 1 "
                   "and 1 <= j < N - 1 }",
                   "{ S0[t, i, j] -> [0, t, 0, i, 0, j, 0] }", Accesses);
  Dependences D = computeDependences(S);
  PermutableBand AsWritten = findPermutableBand(S, D, false);
  EXPECT_EQ(AsWritten.Depth, 1u);
  PermutableBand Band = findPermutableBand(S, D, true);
  EXPECT_EQ(Band.Depth, 3u);
  EXPECT_TRUE(Band.Transformed);
  EXPECT_TRUE(bandRespectsAll(D, Band));
  EXPECT_EQ(Band.Description, (Strings{"S0: (t, t + i, 2 * t + i + j)"}));
  EXPECT_EQ(Band.Note, "isl scheduler: skewed");
}

// A[i][j] = A[j][i] + 1: distances {(d, -d) : d >= 1}; (i, i + j) makes
// them (d, 0).
TEST(AnalysisPermutability, TransposeBecomesPermutableBySkew) {
  IslContext Ctx;
  Scop S = oneStmt(
      Ctx.get(), 2, "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }",
      "{ S0[i, j] -> [0, i, 0, j, 0] }",
      {{'R', "{ S0[i, j] -> A[j, i] }"}, {'W', "{ S0[i, j] -> A[i, j] }"}});
  Dependences D = computeDependences(S);
  EXPECT_EQ(findPermutableBand(S, D, false).Depth, 1u);
  PermutableBand Band = findPermutableBand(S, D, true);
  EXPECT_EQ(Band.Depth, 2u);
  EXPECT_TRUE(Band.Transformed);
  EXPECT_TRUE(bandRespectsAll(D, Band));
  EXPECT_EQ(Band.Description, (Strings{"S0: (i + j, i)"}));
  EXPECT_EQ(Band.Note, "isl scheduler: skewed, permuted");
}

// A[i][j] = A[i-1][N-1-j]: distances (1, 2j - N + 1) span (-N, N); no
// constant skew can make the inner one non-negative.
TEST(AnalysisPermutability, MirroredDependenceIsNotPermutable) {
  IslContext Ctx;
  Scop S = oneStmt(Ctx.get(), 2,
                   "[N] -> { S0[i, j] : 1 <= i < N and 0 <= j < N }",
                   "{ S0[i, j] -> [0, i, 0, j, 0] }",
                   {{'R', "[N] -> { S0[i, j] -> A[i - 1, N - 1 - j] }"},
                    {'W', "{ S0[i, j] -> A[i, j] }"}});
  Dependences D = computeDependences(S);
  PermutableBand Band = findPermutableBand(S, D, true);
  EXPECT_EQ(Band.Depth, 1u);
  EXPECT_FALSE(Band.Transformed);
  EXPECT_EQ(Band.Description, (Strings{"S0: (i)"}));
}

// for (i = N-2; i >= 1; i--) for (j = 1; j < N; j++)
//   A[i][j] = A[i+1][j] + A[i][j-1];
// Iterator distances (-1, 0) and (0, 1); in schedule space (-i, j) both are
// non-negative, so the band is permutable as written.
TEST(AnalysisPermutability, NegativeStepIsCheckedInScheduleSpace) {
  IslContext Ctx;
  Scop S = oneStmt(Ctx.get(), 2,
                   "[N] -> { S0[i, j] : 1 <= i <= N - 2 and 1 <= j < N }",
                   "{ S0[i, j] -> [0, -i, 0, j, 0] }",
                   {{'R', "{ S0[i, j] -> A[i + 1, j] }"},
                    {'R', "{ S0[i, j] -> A[i, j - 1] }"},
                    {'W', "{ S0[i, j] -> A[i, j] }"}},
                   {-1, 1});
  Dependences D = computeDependences(S);
  ASSERT_TRUE(D.UniformMatrix.has_value());
  EXPECT_EQ(*D.UniformMatrix,
            (std::vector<std::vector<long>>{{-1, 0}, {0, 1}}));
  PermutableBand Band = findPermutableBand(S, D, true);
  EXPECT_EQ(Band.Depth, 2u);
  EXPECT_FALSE(Band.Transformed);
  EXPECT_EQ(Band.Description, (Strings{"S0: (-i, j)"}));
}

TEST(AnalysisPermutability, SchedulerLeavesIslOptionsAsFound) {
  IslContext Ctx;
  isl_ctx *C = Ctx.get();
  Scop S = oneStmt(
      C, 2, "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }",
      "{ S0[i, j] -> [0, i, 0, j, 0] }",
      {{'R', "{ S0[i, j] -> A[j, i] }"}, {'W', "{ S0[i, j] -> A[i, j] }"}});
  int Serialize = isl_options_get_schedule_serialize_sccs(C);
  int Outer = isl_options_get_schedule_outer_coincidence(C);
  findPermutableBand(S, computeDependences(S), true);
  EXPECT_EQ(isl_options_get_schedule_serialize_sccs(C), Serialize);
  EXPECT_EQ(isl_options_get_schedule_outer_coincidence(C), Outer);
  EXPECT_EQ(isl_ctx_get_max_operations(C), 0ul);
}
