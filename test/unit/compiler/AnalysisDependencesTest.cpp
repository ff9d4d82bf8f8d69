//===- AnalysisDependencesTest.cpp - Dependences of hand-built Scops -------===//
//
// Each expected edge list is derived by hand from the C loop in the comment.
//
//===----------------------------------------------------------------------===//

#include "AnalysisTestUtils.h"
#include "hetile/Analysis/Dependences.h"

#include <gtest/gtest.h>

using namespace hetile;
using namespace hetile::test;

namespace {

using Vectors = std::vector<std::vector<long>>;

/// "flow S0->S1 A (0,1)" per edge; a non-uniform edge shows its polyhedron.
std::vector<std::string> edgeStrings(const Dependences &D) {
  std::vector<std::string> Result;
  for (const DependenceEdge &E : D.Edges) {
    std::string Line = std::string(getDepKindName(E.Kind)) + " " + E.Source +
                       "->" + E.Sink + " " + E.Array + " ";
    if (!E.Distance) {
      Result.push_back(Line + toString(E.DistanceSet));
      continue;
    }
    Line += "(";
    for (size_t I = 0; I < E.Distance->size(); ++I)
      Line += (I ? "," : "") + std::to_string((*E.Distance)[I]);
    Result.push_back(Line + ")");
  }
  return Result;
}

using Strings = std::vector<std::string>;

// for (i = 1; i < N-1; i++) for (j = 1; j < N-1; j++)
//   A[i][j] = (A[i-1][j] + A[i][j-1] + A[i+1][j] + A[i][j+1]) / 4;
Scop sor2d(isl_ctx *Ctx) {
  return makeScop({makeStmt(
      Ctx, {0, 1}, "[N] -> { S0[i, j] : 1 <= i < N - 1 and 1 <= j < N - 1 }",
      "{ S0[i, j] -> [0, i, 0, j, 0] }",
      {{'R', "{ S0[i, j] -> A[i - 1, j] }"},
       {'R', "{ S0[i, j] -> A[i, j - 1] }"},
       {'R', "{ S0[i, j] -> A[i + 1, j] }"},
       {'R', "{ S0[i, j] -> A[i, j + 1] }"},
       {'W', "{ S0[i, j] -> A[i, j] }"}})});
}

} // namespace

TEST(AnalysisDependences, EmptyScopHasNoEdges) {
  Dependences D = computeDependences(Scop());
  EXPECT_TRUE(D.Edges.empty());
  EXPECT_FALSE(D.UniformMatrix.has_value());
  EXPECT_TRUE(D.all().is_null());
}

TEST(AnalysisDependences, GaussSeidel2DInPlace) {
  IslContext Ctx;
  Dependences D = computeDependences(sor2d(Ctx.get()));
  EXPECT_EQ(edgeStrings(D), (Strings{"flow S0->S0 A (0,1)",
                                     "flow S0->S0 A (1,0)",
                                     "anti S0->S0 A (0,1)",
                                     "anti S0->S0 A (1,0)"}));
  ASSERT_TRUE(D.UniformMatrix.has_value());
  EXPECT_EQ(*D.UniformMatrix, (Vectors{{0, 1}, {1, 0}}));
  EXPECT_TRUE(D.Output.is_empty().is_true());
}

TEST(AnalysisDependences, UniformEdgeRelationIsRestrictedToItsDistance) {
  IslContext Ctx;
  Dependences D = computeDependences(sor2d(Ctx.get()));
  ASSERT_FALSE(D.Edges.empty());
  isl::map Expected(isl::ctx(Ctx.get()),
                    "[N] -> { S0[i, j] -> S0[i, 1 + j] : 1 <= i <= -2 + N and "
                    "1 <= j <= -3 + N }");
  EXPECT_TRUE(D.Edges[0].Relation.is_equal(Expected).is_true())
      << toString(D.Edges[0].Relation);
  EXPECT_EQ(D.Edges[0].CommonDepth, 2u);
}

// D[i][j] = min(D[i-1][j] + 1, D[i][j-1] + 1, D[i-1][j-1] + c)
TEST(AnalysisDependences, EditDistance) {
  IslContext Ctx;
  Scop S = makeScop({makeStmt(
      Ctx.get(), {0, 1}, "[N, M] -> { S0[i, j] : 1 <= i <= N and 1 <= j <= M }",
      "{ S0[i, j] -> [0, i, 0, j, 0] }",
      {{'R', "{ S0[i, j] -> D[i - 1, j] }"},
       {'R', "{ S0[i, j] -> D[i, j - 1] }"},
       {'R', "{ S0[i, j] -> D[i - 1, j - 1] }"},
       {'W', "{ S0[i, j] -> D[i, j] }"}})});
  Dependences D = computeDependences(S);
  EXPECT_EQ(edgeStrings(D),
            (Strings{"flow S0->S0 D (0,1)", "flow S0->S0 D (1,0)",
                     "flow S0->S0 D (1,1)"}));
  ASSERT_TRUE(D.UniformMatrix.has_value());
  EXPECT_EQ(*D.UniformMatrix, (Vectors{{0, 1}, {1, 0}, {1, 1}}));
}

// A[i][j][k] = A[i-1][j+1][k] + A[i][j-1][k-1] + A[i][j][k-1]
TEST(AnalysisDependences, ThreeLevelUniformRecurrence) {
  IslContext Ctx;
  Scop S = makeScop({makeStmt(
      Ctx.get(), {0, 1, 2},
      "[N] -> { S0[i, j, k] : 1 <= i < N and 1 <= j < N - 1 and 1 <= k < N }",
      "{ S0[i, j, k] -> [0, i, 0, j, 0, k, 0] }",
      {{'R', "{ S0[i, j, k] -> A[i - 1, j + 1, k] }"},
       {'R', "{ S0[i, j, k] -> A[i, j - 1, k - 1] }"},
       {'R', "{ S0[i, j, k] -> A[i, j, k - 1] }"},
       {'W', "{ S0[i, j, k] -> A[i, j, k] }"}})});
  Dependences D = computeDependences(S);
  EXPECT_EQ(edgeStrings(D),
            (Strings{"flow S0->S0 A (0,0,1)", "flow S0->S0 A (0,1,1)",
                     "flow S0->S0 A (1,-1,0)"}));
  ASSERT_TRUE(D.UniformMatrix.has_value());
  EXPECT_EQ(*D.UniformMatrix, (Vectors{{0, 0, 1}, {0, 1, 1}, {1, -1, 0}}));
}

// C[i][j] += A[i][k] * B[k][j]: the reduction on C is carried by k only;
// anti/output are reduced to the nearest write, so everything is (0,0,1).
TEST(AnalysisDependences, MatmulReduction) {
  IslContext Ctx;
  Scop S = makeScop({makeStmt(
      Ctx.get(), {0, 1, 2},
      "[N] -> { S0[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N }",
      "{ S0[i, j, k] -> [0, i, 0, j, 0, k, 0] }",
      {{'R', "{ S0[i, j, k] -> C[i, j] }"},
       {'R', "{ S0[i, j, k] -> A[i, k] }"},
       {'R', "{ S0[i, j, k] -> B[k, j] }"},
       {'W', "{ S0[i, j, k] -> C[i, j] }"}})});
  Dependences D = computeDependences(S);
  EXPECT_EQ(edgeStrings(D),
            (Strings{"flow S0->S0 C (0,0,1)", "output S0->S0 C (0,0,1)"}));
  ASSERT_TRUE(D.UniformMatrix.has_value());
  EXPECT_EQ(*D.UniformMatrix, (Vectors{{0, 0, 1}}));
  EXPECT_TRUE(D.Anti.is_empty().is_true());
}

// for (t) { for (i) B[i] = f(A[i-1], A[i], A[i+1]); for (i) A[i] = B[i]; }
// The statements share only t, but have equal depth: distances compare
// (t, i) position by position, giving the papers' (1,-1), (1,0), (1,1).
TEST(AnalysisDependences, Jacobi1DSiblingLoopsShareOnlyTime) {
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
  EXPECT_EQ(edgeStrings(D),
            (Strings{"flow S0->S1 B (0,0)", "flow S1->S0 A (1,-1)",
                     "flow S1->S0 A (1,0)", "flow S1->S0 A (1,1)",
                     "anti S0->S1 A (0,-1)", "anti S0->S1 A (0,0)",
                     "anti S0->S1 A (0,1)", "anti S1->S0 B (1,0)",
                     "output S0->S0 B (1,0)", "output S1->S1 A (1,0)"}));
  for (const DependenceEdge &E : D.Edges)
    EXPECT_EQ(E.CommonDepth, E.Source == E.Sink ? 2u : 1u);
  EXPECT_FALSE(D.UniformMatrix.has_value());
}

// s = s + A[i]: a scalar (0-d array) reduction.
TEST(AnalysisDependences, ScalarReduction) {
  IslContext Ctx;
  Scop S = makeScop({makeStmt(Ctx.get(), {0}, "[N] -> { S0[i] : 0 <= i < N }",
                              "{ S0[i] -> [0, i, 0] }",
                              {{'R', "{ S0[i] -> s[] }"},
                               {'R', "{ S0[i] -> A[i] }"},
                               {'W', "{ S0[i] -> s[] }"}})});
  Dependences D = computeDependences(S);
  EXPECT_EQ(edgeStrings(D),
            (Strings{"flow S0->S0 s (1)", "output S0->S0 s (1)"}));
}

// if (c[i]) A[0] = i;  x = A[0];  -- a may-write does not kill.
TEST(AnalysisDependences, MayWriteDoesNotKill) {
  IslContext Ctx;
  isl_ctx *C = Ctx.get();
  Scop S = makeScop(
      {makeStmt(C, {}, "{ S0[] }", "{ S0[] -> [0] }",
                {{'W', "{ S0[] -> A[0] }"}}),
       makeStmt(C, {}, "{ S1[] }", "{ S1[] -> [1] }",
                {{'M', "{ S1[] -> A[0] }"}}),
       makeStmt(C, {}, "{ S2[] }", "{ S2[] -> [2] }",
                {{'R', "{ S2[] -> A[0] }"}})});
  Dependences D = computeDependences(S);
  EXPECT_EQ(edgeStrings(D),
            (Strings{"flow S0->S2 A ()", "flow S1->S2 A ()",
                     "output S0->S1 A ()"}));
  // The statements share their (zero) loops; zero vectors are not in D.
  ASSERT_TRUE(D.UniformMatrix.has_value());
  EXPECT_TRUE(D.UniformMatrix->empty());
}

// A[i][j] = A[j][i] + 1: transposed access, distances (d, -d).
TEST(AnalysisDependences, TransposeIsNotUniform) {
  IslContext Ctx;
  Scop S = makeScop({makeStmt(
      Ctx.get(), {0, 1}, "[N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }",
      "{ S0[i, j] -> [0, i, 0, j, 0] }",
      {{'R', "{ S0[i, j] -> A[j, i] }"}, {'W', "{ S0[i, j] -> A[i, j] }"}})});
  Dependences D = computeDependences(S);
  ASSERT_EQ(D.Edges.size(), 2u);
  isl::set Expected(isl::ctx(Ctx.get()),
                    "[N] -> { [d0, d1] : d1 = -d0 and 0 < d0 < N }");
  for (const DependenceEdge &E : D.Edges) {
    EXPECT_FALSE(E.Distance.has_value());
    EXPECT_TRUE(E.DistanceSet.is_equal(Expected).is_true())
        << toString(E.DistanceSet);
  }
  EXPECT_EQ(D.Edges[0].Kind, DepKind::Flow);
  EXPECT_EQ(D.Edges[1].Kind, DepKind::Anti);
  EXPECT_FALSE(D.UniformMatrix.has_value());
}

// for (i = N-1; i >= 1; i--) A[i] = A[i+1]: schedule -i; distance in the
// iterator as written is sink - source = i - (i+1) = -1.
TEST(AnalysisDependences, NegativeStepDistanceIsInIteratorsAsWritten) {
  IslContext Ctx;
  Scop S = makeScop({makeStmt(Ctx.get(), {0}, "[N] -> { S0[i] : 1 <= i < N }",
                              "{ S0[i] -> [0, -i, 0] }",
                              {{'R', "{ S0[i] -> A[i + 1] }"},
                               {'W', "{ S0[i] -> A[i] }"}})},
                    {-1});
  Dependences D = computeDependences(S);
  EXPECT_EQ(edgeStrings(D), (Strings{"flow S0->S0 A (-1)"}));
}

// A broken access (null relation) is skipped, not a crash.
TEST(AnalysisDependences, NullAccessRelationIsSkipped) {
  IslContext Ctx;
  Scop S = makeScop({makeStmt(Ctx.get(), {0}, "[N] -> { S0[i] : 0 <= i < N }",
                              "{ S0[i] -> [0, i, 0] }",
                              {{'W', "{ S0[i] -> A[i] }"}})});
  MemoryAccess Broken;
  Broken.Array = "B";
  S.Stmts[0].Accesses.push_back(Broken);
  Dependences D = computeDependences(S);
  EXPECT_TRUE(D.Edges.empty());
  ASSERT_FALSE(D.all().is_null());
  EXPECT_TRUE(D.all().is_empty().is_true());
}

// for (c = 0; c < N; c++) for (q = 1; q < T; q++) {
//   A[q + 1] = ...; A[q] = ...; }   (one statement, two writes)
// Every element is written at every c; at c = N - 1, A[q] for q < T - 1 is
// last written by (N - 1, q) (its second write), although (N - 1, q + 1)
// overwrites that instance's other element, A[q + 1]; A[T] by (N - 1, T - 1).
TEST(AnalysisDependences, LastWritesArePerElementAcrossWrites) {
  IslContext Ctx;
  Scop S = makeScop({makeStmt(
      Ctx.get(), {0, 1}, "[N, T] -> { S0[c, q] : 0 <= c < N and 1 <= q < T }",
      "{ S0[c, q] -> [0, c, 0, q, 0] }",
      {{'W', "{ S0[c, q] -> A[q + 1] }"}, {'W', "{ S0[c, q] -> A[q] }"}})});
  Dependences D = computeDependences(S);
  ASSERT_EQ(D.LastWriteByArray.count("A"), 1u);
  isl::union_map Expected(
      isl::ctx(Ctx.get()),
      "[N, T] -> { S0[c = N - 1, q] -> A[q] : N >= 1 and 1 <= q < T; "
      "S0[c = N - 1, q = T - 1] -> A[T] : N >= 1 and T >= 2 }");
  EXPECT_TRUE(D.LastWriteByArray["A"].is_equal(Expected).is_true())
      << toString(D.LastWriteByArray["A"]);
}

// for (j = 3; j < N; j++) { Y[j] = Y[j - 1] ...; Y[j + 2] = Y[j - 1] ...; }
// S[j] reads Y[j - 1], written last by S[j - 1] (as its Y[j]); S[j - 3]
// wrote it earlier (as its Y[j + 2]). The flow carries Y[j - 1] only, not
// S[j - 1]'s other element Y[j + 1], which S[j] does not read.
TEST(AnalysisDependences, FlowElementsOfATwoWriteStatement) {
  IslContext Ctx;
  Scop S = makeScop({makeStmt(
      Ctx.get(), {0}, "[N] -> { S0[j] : 3 <= j < N }", "{ S0[j] -> [0, j, 0] }",
      {{'R', "{ S0[j] -> Y[j - 1] }"},
       {'W', "{ S0[j] -> Y[j] }"},
       {'W', "{ S0[j] -> Y[j + 2] }"}})});
  std::map<std::string, isl::union_map> E = computeFlowElements(S);
  ASSERT_EQ(E.count("Y"), 1u);
  isl::union_map Expected(
      isl::ctx(Ctx.get()),
      "[N] -> { S0[j] -> [S0[j + 1] -> Y[j]] : 3 <= j and j + 1 < N }");
  EXPECT_TRUE(E["Y"].is_equal(Expected).is_true()) << toString(E["Y"]);
}

namespace {

/// The same relations, array by array, with isl's dataflow analysis asked
/// jointly and once per may-source statement (DataflowForm).
void expectSameUnderBothForms(const Scop &S) {
  Dependences Joint = computeDependences(S);
  Dependences Split;
  {
    DataflowFormScope Form(DataflowForm::PerMaySource);
    Split = computeDependences(S);
  }
  EXPECT_EQ(edgeStrings(Joint), edgeStrings(Split));
  auto Same = [](const std::map<std::string, isl::union_map> &A,
                 const std::map<std::string, isl::union_map> &B,
                 const char *What) {
    ASSERT_EQ(A.size(), B.size()) << What;
    for (const auto &[Array, M] : A) {
      ASSERT_EQ(B.count(Array), 1u) << What << " " << Array;
      EXPECT_TRUE(M.is_equal(B.at(Array)).is_true())
          << What << " " << Array << ": " << toString(M) << " vs "
          << toString(B.at(Array));
    }
  };
  Same(Joint.FlowByArray, Split.FlowByArray, "flow");
  Same(Joint.AntiByArray, Split.AntiByArray, "anti");
  Same(Joint.OutputByArray, Split.OutputByArray, "output");
  Same(Joint.LiveInByArray, Split.LiveInByArray, "live-in");
  Same(Joint.LastWriteByArray, Split.LastWriteByArray, "last-write");
  std::map<std::string, isl::union_map> JointElements = computeFlowElements(S);
  DataflowFormScope Form(DataflowForm::PerMaySource);
  Same(JointElements, computeFlowElements(S), "flow elements");
}

} // namespace

TEST(AnalysisDependences, PerMaySourceFormGivesTheSameRelations) {
  IslContext Ctx;
  isl_ctx *C = Ctx.get();
  expectSameUnderBothForms(sor2d(C));
  // Jacobi 1D as two sibling loops: reads of A and B by both statements.
  expectSameUnderBothForms(makeScop(
      {makeStmt(C, {0, 1},
                "[T, N] -> { S0[t, i] : 0 <= t < T and 1 <= i < N - 1 }",
                "{ S0[t, i] -> [0, t, 0, i, 0] }",
                {{'R', "{ S0[t, i] -> A[i - 1] }"},
                 {'R', "{ S0[t, i] -> A[i + 1] }"},
                 {'W', "{ S0[t, i] -> B[i] }"}}),
       makeStmt(C, {0, 2},
                "[T, N] -> { S1[t, i] : 0 <= t < T and 1 <= i < N - 1 }",
                "{ S1[t, i] -> [0, t, 1, i, 0] }",
                {{'R', "{ S1[t, i] -> B[i] }"},
                 {'W', "{ S1[t, i] -> A[i] }"}})}));
  // Guarded (may) writes of two statements between a write and a read, and
  // a statement writing two elements (flow elements).
  expectSameUnderBothForms(makeScop(
      {makeStmt(C, {0}, "[N] -> { S0[i] : 0 <= i < N }",
                "{ S0[i] -> [0, i, 0] }",
                {{'W', "{ S0[i] -> A[i] }"}, {'W', "{ S0[i] -> A[i + 1] }"},
                 {'R', "{ S0[i] -> A[i - 1] }"}}),
       makeStmt(C, {1}, "[N] -> { S1[i] : 0 <= i < N and i mod 2 = 0 }",
                "{ S1[i] -> [1, i, 0] }", {{'M', "{ S1[i] -> A[i] }"}}),
       makeStmt(C, {2}, "[N] -> { S2[i] : 0 <= i < N }",
                "{ S2[i] -> [2, i, 0] }",
                {{'M', "[N] -> { S2[i] -> A[N - 1 - i] }"},
                 {'R', "{ S2[i] -> A[i] }"}}),
       makeStmt(C, {3}, "[N] -> { S3[i] : 0 <= i < N }",
                "{ S3[i] -> [3, i, 0] }", {{'R', "{ S3[i] -> A[i] }"}})}));
}

// The may-write of MayWriteDoesNotKill, with the dataflow analysis asked
// once per may-source statement: the same edges, derived by hand.
TEST(AnalysisDependences, PerMaySourceFormMayWriteDoesNotKill) {
  IslContext Ctx;
  isl_ctx *C = Ctx.get();
  Scop S = makeScop(
      {makeStmt(C, {}, "{ S0[] }", "{ S0[] -> [0] }",
                {{'W', "{ S0[] -> A[0] }"}}),
       makeStmt(C, {}, "{ S1[] }", "{ S1[] -> [1] }",
                {{'M', "{ S1[] -> A[0] }"}}),
       makeStmt(C, {}, "{ S2[] }", "{ S2[] -> [2] }",
                {{'R', "{ S2[] -> A[0] }"}})});
  DataflowFormScope Form(DataflowForm::PerMaySource);
  EXPECT_EQ(edgeStrings(computeDependences(S)),
            (Strings{"flow S0->S2 A ()", "flow S1->S2 A ()",
                     "output S0->S1 A ()"}));
}
