//===- AnalysisInnerBandsTest.cpp - Sequential loops around inner bands ---===//

#include "AnalysisTestUtils.h"
#include "hetile/Analysis/InnerBands.h"

#include <gtest/gtest.h>

using namespace hetile;
using namespace hetile::test;

namespace {

using Strings = std::vector<std::string>;

/// Independent check of the whole schedule "outer loops in order, then the
/// band": every dependence of the full nest \p S, mapped through \p Full
/// (the outer iterators followed by the band, as a map of the full
/// domains), is lexicographically positive in the outer dimensions
/// 0..Outer-1 or zero there and non-negative in every band dimension.
bool legalBelowOuter(const Scop &S, const std::string &Full, unsigned Outer,
                     unsigned Depth) {
  std::string Dims, Zero, NonNeg, LexPos;
  for (unsigned I = 0; I < Outer + Depth; ++I)
    Dims += (I ? ", " : "") + std::string("d") + std::to_string(I);
  for (unsigned I = 0; I < Outer; ++I) {
    std::string Prefix;
    for (unsigned J = 0; J < I; ++J)
      Prefix += "d" + std::to_string(J) + " = 0 and ";
    LexPos += (I ? " or " : "") + std::string("(") + Prefix + "d" +
              std::to_string(I) + " > 0)";
    Zero += (I ? " and " : "") + std::string("d") + std::to_string(I) + " = 0";
  }
  for (unsigned I = Outer; I < Outer + Depth; ++I)
    NonNeg += (I > Outer ? " and " : "") + std::string("d") +
              std::to_string(I) + " >= 0";
  Dependences D = computeDependences(S);
  isl::union_map Sched(isl::ctx(D.all().ctx()), Full);
  isl::set Ok(D.all().ctx(), "{ [" + Dims + "] : " + LexPos + " or (" +
                                 Zero + " and " + NonNeg + ") }");
  isl::union_set Deltas =
      D.all().apply_domain(Sched).apply_range(Sched).deltas();
  return Deltas.is_subset(isl::union_set(Ok)).is_true();
}

// for (k = 0; k < N; k++) for (i ..) for (j ..)
//   P[i][j] = min(P[i][j], P[i][k] + P[k][j]);
Scop floydWarshall(isl_ctx *Ctx) {
  return makeScop({makeStmt(
      Ctx, {0, 1, 2},
      "[N] -> { S0[k, i, j] : 0 <= k < N and 0 <= i < N and 0 <= j < N }",
      "{ S0[k, i, j] -> [0, k, 0, i, 0, j, 0] }",
      {{'R', "{ S0[k, i, j] -> P[i, j] }"},
       {'R', "{ S0[k, i, j] -> P[i, k] }"},
       {'R', "{ S0[k, i, j] -> P[k, j] }"},
       {'W', "{ S0[k, i, j] -> P[i, j] }"}})});
}

} // namespace

TEST(AnalysisInnerBands, FloydWarshallKeepsKSequential) {
  IslContext Ctx;
  Scop S = floydWarshall(Ctx.get());
  S.Params = {"N"};
  std::optional<InnerBands> IB = findInnerBands(S, computeDependences(S), true);
  ASSERT_TRUE(IB.has_value());
  EXPECT_EQ(IB->Outer, 1u);
  EXPECT_EQ(IB->Iterators, (Strings{"k"}));
  ASSERT_EQ(IB->Bands.size(), 1u);
  const InnerBand &B = IB->Bands.front();
  EXPECT_EQ(B.Band.Depth, 2u);
  EXPECT_EQ(B.Band.Description, (Strings{"S0: (i, j)"}));
  EXPECT_EQ(B.S.Params, (Strings{"N", "k"}));
  EXPECT_EQ(B.S.Stmts.front().Iterators, (Strings{"i", "j"}));
  EXPECT_TRUE(IB->OuterDomain.is_equal(
      isl::set(isl::ctx(Ctx.get()), "[N] -> { [k] : 0 <= k < N }")).is_true());
  EXPECT_TRUE(legalBelowOuter(S, "{ S0[k, i, j] -> [k, i, j] }", 1, 2));
}

// Statement directly below k beside a 2-d loop: no band for it.
TEST(AnalysisInnerBands, LoneStatementBelowOuterLoopFails) {
  IslContext Ctx;
  Scop S = makeScop(
      {makeStmt(Ctx.get(), {0}, "[N] -> { S0[k] : 0 <= k < N }",
                "{ S0[k] -> [0, k, 0, 0, 0, 0, 0] }",
                {{'R', "[N] -> { S0[k] -> P[N - 1 - k, k] }"},
                 {'W', "{ S0[k] -> P[k, k] }"}}),
       makeStmt(Ctx.get(), {0, 1, 2},
                "[N] -> { S1[k, i, j] : 0 <= k < N and 0 <= i < N and "
                "0 <= j < N }",
                "{ S1[k, i, j] -> [0, k, 1, i, 0, j, 0] }",
                {{'R', "[N] -> { S1[k, i, j] -> P[N - 1 - i, N - 1 - j] }"},
                 {'R', "{ S1[k, i, j] -> P[i, j - 1] }"},
                 {'W', "{ S1[k, i, j] -> P[i, j] }"}})});
  EXPECT_FALSE(findInnerBands(S, computeDependences(S), false).has_value());
}

// for (t ..) { for (i ..) for (j ..) X[i][j] = Y[i][j] - X[i][j-1];
//              for (j ..) for (i ..) Y[i][j] = X[N-1-i][N-1-j] - Y[i-1][j]; }
TEST(AnalysisInnerBands, SweepsBecomeTwoBandsInSequence) {
  IslContext Ctx;
  Scop S = makeScop(
      {makeStmt(Ctx.get(), {0, 1, 2},
                "[T, N] -> { S0[t, i, j] : 0 <= t < T and 0 <= i < N and "
                "1 <= j < N }",
                "{ S0[t, i, j] -> [0, t, 0, i, 0, j, 0] }",
                {{'R', "{ S0[t, i, j] -> Y[i, j] }"},
                 {'R', "{ S0[t, i, j] -> X[i, j - 1] }"},
                 {'W', "{ S0[t, i, j] -> X[i, j] }"}}),
       makeStmt(Ctx.get(), {0, 3, 4},
                "[T, N] -> { S1[t, j, i] : 0 <= t < T and 0 <= j < N and "
                "1 <= i < N }",
                "{ S1[t, j, i] -> [0, t, 1, j, 0, i, 0] }",
                {{'R', "[N] -> { S1[t, j, i] -> X[N - 1 - i, N - 1 - j] }"},
                 {'R', "{ S1[t, j, i] -> Y[i - 1, j] }"},
                 {'W', "{ S1[t, j, i] -> Y[i, j] }"}})});
  std::optional<InnerBands> IB = findInnerBands(S, computeDependences(S), false);
  ASSERT_TRUE(IB.has_value());
  EXPECT_EQ(IB->Outer, 1u);
  ASSERT_EQ(IB->Bands.size(), 2u);
  EXPECT_EQ(IB->Bands[0].Band.Description, (Strings{"S0: (i, j)"}));
  EXPECT_EQ(IB->Bands[1].Band.Description, (Strings{"S1: (j, i)"}));
  EXPECT_EQ(IB->Bands[1].S.Stmts.size(), 1u);
  EXPECT_EQ(IB->Bands[1].S.Stmts.front().Name, "S1");
}

// Mirrored reads across t and across s: both stay sequential.
TEST(AnalysisInnerBands, TwoOuterLoopsWhenTheSecondCannotJoin) {
  IslContext Ctx;
  Scop S = makeScop({makeStmt(
      Ctx.get(), {0, 1, 2, 3},
      "[P, N] -> { S0[t, s, i, j] : 1 <= t < P and 1 <= s < P and "
      "1 <= i < N and 1 <= j < N }",
      "{ S0[t, s, i, j] -> [0, t, 0, s, 0, i, 0, j, 0] }",
      {{'R', "[P, N] -> { S0[t, s, i, j] -> A[t - 1, P - 1 - s, N - 1 - i, "
             "N - 1 - j] }"},
       {'R', "[N] -> { S0[t, s, i, j] -> A[t, s - 1, N - 1 - i, N - 1 - j] }"},
       {'R', "{ S0[t, s, i, j] -> A[t, s, i - 1, j] }"},
       {'R', "{ S0[t, s, i, j] -> A[t, s, i, j - 1] }"},
       {'W', "{ S0[t, s, i, j] -> A[t, s, i, j] }"}})});
  std::optional<InnerBands> IB = findInnerBands(S, computeDependences(S), true);
  ASSERT_TRUE(IB.has_value());
  EXPECT_EQ(IB->Outer, 2u);
  EXPECT_EQ(IB->Iterators, (Strings{"t", "s"}));
  ASSERT_EQ(IB->Bands.size(), 1u);
  EXPECT_EQ(IB->Bands.front().Band.Depth, 2u);
  EXPECT_TRUE(legalBelowOuter(S, "{ S0[t, s, i, j] -> [t, s, i, j] }", 2, 2));
}

// Two loops: nothing is left below one sequential loop to tile.
TEST(AnalysisInnerBands, TwoLoopNestHasNoInnerBand) {
  IslContext Ctx;
  Scop S = makeScop({makeStmt(
      Ctx.get(), {0, 1}, "[N] -> { S0[i, j] : 1 <= i < N and 0 <= j < N }",
      "{ S0[i, j] -> [0, i, 0, j, 0] }",
      {{'R', "[N] -> { S0[i, j] -> A[i - 1, N - 1 - j] }"},
       {'W', "{ S0[i, j] -> A[i, j] }"}})});
  EXPECT_FALSE(findInnerBands(S, computeDependences(S), true).has_value());
}
