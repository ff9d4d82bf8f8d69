//===- FrontendExitTest.cpp - Exit facts the frontend records for loops ---===//
//
// Each nest is parsed by Clang and built into a Scop; the expected sets are
// derived by hand from the C loops in the source.
//
//===----------------------------------------------------------------------===//

#include "hetile/Frontend/NestFinder.h"
#include "hetile/Frontend/ScopBuilder.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace hetile;

namespace {

/// The Scop of the first nest of \p Code (a C99 file), or the reason it
/// has none.
class NestOf {
public:
  explicit NestOf(const std::string &Code) {
    AST = clang::tooling::buildASTFromCodeWithArgs(Code, {"-std=c99"},
                                                   "input.c");
    if (!AST) {
      Problem = "the code does not parse";
      return;
    }
    std::vector<NestCandidate> Nests = findAllNests(AST->getASTContext());
    if (Nests.empty()) {
      Problem = "no nest";
      return;
    }
    ScopBuildResult R =
        buildScop(AST->getASTContext(), Nests.front(), Isl.get(), Options());
    if (R.Reject)
      Problem = "rejected: " + R.Reject->Message;
    S = std::move(R.S);
  }

  /// The exit facts of loop \p Loop, or null.
  const LoopExit *exitOf(unsigned Loop) const {
    for (const LoopExit &E : S->Exits)
      if (E.Loop == Loop)
        return &E;
    return nullptr;
  }
  isl::set set(const std::string &Text) const {
    return isl::set(isl::ctx(Isl.get()), Text);
  }
  isl::map map(const std::string &Text) const {
    return isl::map(isl::ctx(Isl.get()), Text);
  }

  IslContext Isl; // declared first: outlives the isl objects of S
  std::unique_ptr<clang::ASTUnit> AST;
  std::optional<Scop> S;
  std::string Problem;
};

/// Checks \p Actual against the isl text \p Expected with isl's equality.
template <typename T>
::testing::AssertionResult islEqual(const T &Actual, const T &Expected) {
  if (Actual.is_null() || Expected.is_null())
    return ::testing::AssertionFailure() << "null isl object";
  if (Actual.is_equal(Expected).is_true())
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << toString(Actual) << "\n  differs from\n"
         << toString(Expected);
}

TEST(FrontendExit, RectangularC89Nest) {
  NestOf N(R"(
    void sor(int N, double A[restrict N][N]) {
      int i, j;
      for (i = 1; i < N - 1; i++)
        for (j = 1; j < N - 1; j++)
          A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1]);
    })");
  ASSERT_TRUE(N.S) << N.Problem;
  ASSERT_EQ(N.S->Exits.size(), 2u);
  const LoopExit *I = N.exitOf(0), *J = N.exitOf(1);
  ASSERT_TRUE(I && J);
  EXPECT_TRUE(islEqual(I->EntryDomain, N.set("[N] -> { [] }")));
  const char *Rows = "[N] -> { [i] : 1 <= i <= N - 2 }";
  EXPECT_TRUE(islEqual(I->Iterations, N.set(Rows)));
  EXPECT_TRUE(islEqual(I->Init, N.map("[N] -> { [] -> [1] }")));
  EXPECT_TRUE(I->OuterSteps.empty());
  EXPECT_TRUE(islEqual(J->EntryDomain, N.set(Rows)));
  EXPECT_TRUE(islEqual(
      J->Iterations,
      N.set("[N] -> { [i, j] : 1 <= i <= N - 2 and 1 <= j <= N - 2 }")));
  EXPECT_TRUE(
      islEqual(J->Init, N.map("[N] -> { [i] -> [1] : 1 <= i <= N - 2 }")));
  EXPECT_EQ(J->OuterSteps, std::vector<long>{1});
}

TEST(FrontendExit, DownwardLoopGuardMaxStartAndStride) {
  // The guard limits where j's header runs; j's start is a max; j's stride
  // is 3; the outer loop runs downwards (its step is recorded).
  NestOf N(R"(
    void g(int N, int K, double A[restrict N][N]) {
      int i, j;
      for (i = N - 1; i >= 0; i--)
        if (i <= K)
          for (j = (i > 2 ? i - 2 : 0); j < N; j += 3)
            A[i][j] = 0;
    })");
  ASSERT_TRUE(N.S) << N.Problem;
  const LoopExit *I = N.exitOf(0), *J = N.exitOf(1);
  ASSERT_TRUE(I && J);
  EXPECT_TRUE(islEqual(I->Iterations, N.set("[N, K] -> { [i] : 0 <= i < N }")));
  EXPECT_TRUE(islEqual(I->Init, N.map("[N, K] -> { [] -> [N - 1] }")));
  const char *Entry = "[N, K] -> { [i] : 0 <= i < N and i <= K }";
  EXPECT_TRUE(islEqual(J->EntryDomain, N.set(Entry)));
  EXPECT_TRUE(islEqual(
      J->Iterations,
      N.set("[N, K] -> { [i, j] : 0 <= i < N and i <= K and j < N and "
            "((i > 2 and j >= i - 2 and (j - i + 2) mod 3 = 0) or "
            "(i <= 2 and j >= 0 and j mod 3 = 0)) }")));
  EXPECT_TRUE(islEqual(J->Init, N.map("[N, K] -> { [i] -> [i - 2] : 2 < i < N "
                                      "and i <= K; [i] -> [0] : 0 <= i <= 2 "
                                      "and i < N and i <= K }")));
  EXPECT_EQ(J->OuterSteps, std::vector<long>{-1});
}

TEST(FrontendExit, SharedIteratorEndingInTextualOrderKeepsItsFacts) {
  // Both j loops run at every i, the second after the first.
  NestOf N(R"(
    void h(int N, double A[restrict N][N], double B[restrict N][N]) {
      int i, j;
      for (i = 0; i < N; i++) {
        for (j = 0; j < i; j++)
          A[i][j] = 1;
        for (j = i; j < N; j++)
          B[i][j] = 2;
      }
    })");
  ASSERT_TRUE(N.S) << N.Problem;
  ASSERT_EQ(N.S->Exits.size(), 3u);
  const LoopExit *J2 = N.exitOf(2);
  ASSERT_TRUE(J2);
  EXPECT_TRUE(islEqual(J2->Iterations,
                       N.set("[N] -> { [i, j] : 0 <= i <= j < N }")));
  EXPECT_TRUE(islEqual(J2->Init, N.map("[N] -> { [i] -> [i] : 0 <= i < N }")));
  // The second loop's header always runs last.
  EXPECT_TRUE(islEqual(J2->LastOfShared, N.set("[N] -> { : N >= 1 }")));
  ASSERT_TRUE(N.exitOf(1));
  EXPECT_TRUE(N.exitOf(1)->LastOfShared.is_empty().is_true());
  EXPECT_TRUE(N.exitOf(0)->LastOfShared.is_null());
}

TEST(FrontendExit, SharedIteratorEndingOutOfOrderIsLastWhereItRunsLast) {
  // The second j loop runs only at i = 0: for N >= 2 the first j loop ends
  // last, so "the later loop wins" would be wrong; each loop's value holds
  // where its header runs last.
  NestOf N(R"(
    void u(int N, double A[restrict N][N], double B[restrict N][N]) {
      int i, j;
      for (i = 0; i < N; i++) {
        for (j = 0; j < N; j++)
          A[i][j] = 1;
        if (i == 0)
          for (j = 0; j < N; j++)
            B[i][j] = 2;
      }
    })");
  ASSERT_TRUE(N.S) << N.Problem;
  ASSERT_EQ(N.S->Exits.size(), 3u);
  ASSERT_TRUE(N.exitOf(1) && N.exitOf(2));
  EXPECT_TRUE(islEqual(N.exitOf(1)->LastOfShared, N.set("[N] -> { : N >= 2 }")));
  EXPECT_TRUE(islEqual(N.exitOf(2)->LastOfShared, N.set("[N] -> { : N = 1 }")));
}

TEST(FrontendExit, IteratorDeclaredInTheBodyForItsLoopIsDead) {
  // `int j;` serves only the loop that follows: dead after it, as an
  // iterator declared in the header; i, declared before the nest, is not.
  NestOf N(R"(
    void d(int N, double A[restrict N][N]) {
      int i;
      for (i = 0; i < N; i++) {
        int j;
        for (j = 0; j < N; j++)
          A[i][j] = 1;
      }
    })");
  ASSERT_TRUE(N.S) << N.Problem;
  ASSERT_EQ(N.S->Loops.size(), 2u);
  EXPECT_FALSE(N.S->Loops[0].DeclaredInHeader);
  EXPECT_TRUE(N.S->Loops[1].DeclaredInHeader);
  EXPECT_TRUE(N.exitOf(0));
  ASSERT_EQ(N.S->Stmts.size(), 1u);
}

TEST(FrontendExit, IteratorDeclaredInsideTheNestWithAValueIsRefused) {
  NestOf N(R"(
    void d(int N, double A[restrict N][N]) {
      int i;
      for (i = 0; i < N; i++) {
        int j = 0;
        for (j = 0; j < N; j++)
          A[i][j] = 1;
      }
    })");
  EXPECT_FALSE(N.S);
  EXPECT_EQ(N.Problem, "rejected: iterator 'j' is declared inside the nest "
                       "but outside its loop's header: declare it in the "
                       "header");
}

} // namespace
