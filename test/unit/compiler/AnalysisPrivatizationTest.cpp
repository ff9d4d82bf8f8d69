//===- AnalysisPrivatizationTest.cpp - Privatized temporaries -------------===//

#include "AnalysisTestUtils.h"
#include "hetile/Analysis/Privatization.h"

#include <gtest/gtest.h>

using namespace hetile;
using namespace hetile::test;

namespace {

ScopArray variable(const std::string &Name, bool Privatizable) {
  ScopArray A;
  A.Name = A.IslName = Name;
  A.ElementType = "double";
  A.ElementBytes = 8;
  A.Storage = ScopArray::StorageKind::Scalar;
  A.Written = true;
  A.Privatizable = Privatizable;
  A.PrivateDecl = "double " + Name + " = 0";
  return A;
}

/// for i for j { s = 0; for k s += A[i][k] * B[k][j]; C[i][j] = s; }
Scop matmulWithScalar(isl_ctx *Ctx, bool Privatizable) {
  const char *Dom2 = "[N] -> { %s[i, j] : 0 <= i < N and 0 <= j < N }";
  auto Fmt = [](const char *F, const char *Name) {
    char Buf[256];
    std::snprintf(Buf, sizeof Buf, F, Name);
    return std::string(Buf);
  };
  Scop S = makeScop(
      {makeStmt(Ctx, {0, 1}, Fmt(Dom2, "S0"),
                "[N] -> { S0[i, j] -> [0, i, 0, j, 0] }",
                {{'W', "[N] -> { S0[i, j] -> s[] }"}}),
       makeStmt(Ctx, {0, 1, 2},
                "[N] -> { S1[i, j, k] : 0 <= i < N and 0 <= j < N and "
                "0 <= k < N }",
                "[N] -> { S1[i, j, k] -> [0, i, 0, j, 1, k, 0] }",
                {{'R', "[N] -> { S1[i, j, k] -> s[] }"},
                 {'W', "[N] -> { S1[i, j, k] -> s[] }"},
                 {'R', "[N] -> { S1[i, j, k] -> A[i, k] }"},
                 {'R', "[N] -> { S1[i, j, k] -> B[k, j] }"}}),
       makeStmt(Ctx, {0, 1}, Fmt(Dom2, "S2"),
                "[N] -> { S2[i, j] -> [0, i, 0, j, 2] }",
                {{'R', "[N] -> { S2[i, j] -> s[] }"},
                 {'W', "[N] -> { S2[i, j] -> C[i, j] }"}})});
  S.Arrays.push_back(variable("s", Privatizable));
  return S;
}

} // namespace

TEST(AnalysisPrivatization, ScalarAccumulatorIsPrivatized) {
  isl_ctx *Ctx = isl_ctx_alloc();
  {
    Scop S = matmulWithScalar(Ctx, true);
    Dependences D = computeDependences(S);
    EXPECT_LT(findPermutableBand(S, D, true).Depth, 2u);
    PermutableBand B = findBandWithPrivatization(S, D, true);
    EXPECT_EQ(B.Depth, 2u);
    ASSERT_EQ(B.Private.size(), 1u);
    EXPECT_EQ(B.Private[0].Array, "s");
    isl::set Want(isl::ctx(Ctx), "[N] -> { [N - 1, N - 1] : N > 0 }");
    EXPECT_TRUE(B.Private[0].LastPoint.is_equal(Want).is_true());
  }
  isl_ctx_free(Ctx);
}

TEST(AnalysisPrivatization, OnlyFrontendCandidates) {
  isl_ctx *Ctx = isl_ctx_alloc();
  {
    Scop S = matmulWithScalar(Ctx, false);
    PermutableBand B =
        findBandWithPrivatization(S, computeDependences(S), true);
    EXPECT_LT(B.Depth, 2u);
    EXPECT_TRUE(B.Private.empty());
  }
  isl_ctx_free(Ctx);
}

TEST(AnalysisPrivatization, RunningSumIsNotPrivatized) {
  isl_ctx *Ctx = isl_ctx_alloc();
  {
    // for i for j { r += A[i][j]; B[i][j] = r; }
    Scop S = makeScop({makeStmt(
        Ctx, {0, 1}, "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }",
        "[N] -> { S0[i, j] -> [0, i, 0, j, 0] }",
        {{'R', "[N] -> { S0[i, j] -> r[] }"},
         {'W', "[N] -> { S0[i, j] -> r[] }"},
         {'R', "[N] -> { S0[i, j] -> A[i, j] }"},
         {'W', "[N] -> { S0[i, j] -> B[i, j] }"}})});
    S.Arrays.push_back(variable("r", true));
    PermutableBand B =
        findBandWithPrivatization(S, computeDependences(S), true);
    EXPECT_LT(B.Depth, 2u);
    EXPECT_TRUE(B.Private.empty());
  }
  isl_ctx_free(Ctx);
}

namespace {

/// for i for j { x[0] = A[i][j]; if (<Rows>) { x[1] = x[0];
///               B[0][j] = x[1]; } B[i][j] += x[0]; }
Scop twoElements(isl_ctx *Ctx, const std::string &Rows) {
  std::string Guarded =
      "[N] -> { %s[i, j] : " + Rows + " and 0 <= i < N and 0 <= j < N }";
  auto Dom = [&](const char *Name) {
    std::string D = Guarded;
    D.replace(D.find("%s"), 2, Name);
    return D;
  };
  Scop S = makeScop(
      {makeStmt(Ctx, {0, 1}, "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }",
                "[N] -> { S0[i, j] -> [0, i, 0, j, 0] }",
                {{'W', "[N] -> { S0[i, j] -> x[0] }"},
                 {'R', "[N] -> { S0[i, j] -> A[i, j] }"}}),
       makeStmt(Ctx, {0, 1}, Dom("S1"), "[N] -> { S1[i, j] -> [0, i, 0, j, 1] }",
                {{'R', "[N] -> { S1[i, j] -> x[0] }"},
                 {'W', "[N] -> { S1[i, j] -> x[1] }"}}),
       makeStmt(Ctx, {0, 1}, Dom("S2"), "[N] -> { S2[i, j] -> [0, i, 0, j, 2] }",
                {{'R', "[N] -> { S2[i, j] -> x[1] }"},
                 {'W', "[N] -> { S2[i, j] -> B[0, j] }"}}),
       makeStmt(Ctx, {0, 1}, "[N] -> { S3[i, j] : 0 <= i < N and 0 <= j < N }",
                "[N] -> { S3[i, j] -> [0, i, 0, j, 3] }",
                {{'R', "[N] -> { S3[i, j] -> x[0] }"},
                 {'R', "[N] -> { S3[i, j] -> B[i, j] }"},
                 {'W', "[N] -> { S3[i, j] -> B[i, j] }"}})});
  ScopArray X = variable("x", true);
  X.Storage = ScopArray::StorageKind::Static;
  X.Extents = {"2"};
  S.Arrays.push_back(X);
  return S;
}

} // namespace

TEST(AnalysisPrivatization, LastWritesInOneBandPoint) {
  isl_ctx *Ctx = isl_ctx_alloc();
  {
    // Every row writes x[0] and x[1]: the last tile holds both final values.
    Scop All = twoElements(Ctx, "i >= 0");
    PermutableBand B =
        findBandWithPrivatization(All, computeDependences(All), true);
    EXPECT_EQ(B.Depth, 2u);
    ASSERT_EQ(B.Private.size(), 1u);
    // x[1] is last written in row 0, x[0] in row N - 1: no one tile holds
    // both final values.
    Scop Row0 = twoElements(Ctx, "i = 0");
    B = findBandWithPrivatization(Row0, computeDependences(Row0), true);
    EXPECT_TRUE(B.Private.empty());
    EXPECT_LT(B.Depth, 2u);
  }
  isl_ctx_free(Ctx);
}
