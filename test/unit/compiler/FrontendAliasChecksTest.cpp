//===- FrontendAliasChecksTest.cpp - Run-time alias checks of a Scop ------===//
//
// Each nest is parsed by Clang and built into a Scop; the expected boxes are
// derived by hand from the subscripts and loop bounds in the source.
//
//===----------------------------------------------------------------------===//

#include "hetile/Frontend/NestFinder.h"
#include "hetile/Frontend/ScopBuilder.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace hetile;

namespace {

struct Built {
  std::unique_ptr<isl_ctx, decltype(&isl_ctx_free)> Isl{isl_ctx_alloc(),
                                                        &isl_ctx_free};
  std::unique_ptr<clang::ASTUnit> AST;
  ScopBuildResult R;

  explicit Built(const std::string &Code, Options O = Options()) {
    AST =
        clang::tooling::buildASTFromCodeWithArgs(Code, {"-std=c99"}, "input.c");
    std::vector<NestCandidate> Nests = findAllNests(AST->getASTContext());
    if (!Nests.empty())
      R = buildScop(AST->getASTContext(), Nests.front(), Isl.get(), O);
  }
  isl::pw_aff pwAff(const std::string &Text) const {
    return isl::pw_aff(isl::ctx(Isl.get()), Text);
  }
};

const char *const Sor = R"(
void sor(int N, int M, double A[N][M], double B[N][M]) {
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++)
      A[i][j] = 0.25 * (A[i-1][j] + A[i][j-1] + B[i+1][j] + B[i][j+1]);
}
)";

TEST(FrontendAliasChecks, BoxOfEachArray) {
  Built B(Sor);
  ASSERT_TRUE(B.R.S) << B.R.Reject->Message;
  const Scop &S = *B.R.S;
  ASSERT_EQ(S.AliasChecks.size(), 1u);
  const ArrayBounds &A = S.Bounds[S.AliasChecks[0].First];
  const ArrayBounds &Bb = S.Bounds[S.AliasChecks[0].Second];
  EXPECT_EQ(A.Array, "A");
  EXPECT_EQ(Bb.Array, "B");
  const char *Dom = " : N >= 3 and M >= 3 }";
  // A[i][j], A[i-1][j], A[i][j-1] for 1 <= i <= N-2, 1 <= j <= M-2.
  EXPECT_TRUE(
      A.Min[0].is_equal(B.pwAff(std::string("[N, M] -> { [(0)]") + Dom)));
  EXPECT_TRUE(
      A.Min[1].is_equal(B.pwAff(std::string("[N, M] -> { [(0)]") + Dom)));
  EXPECT_TRUE(
      A.Max[0].is_equal(B.pwAff(std::string("[N, M] -> { [(N - 2)]") + Dom)));
  EXPECT_TRUE(
      A.Max[1].is_equal(B.pwAff(std::string("[N, M] -> { [(M - 2)]") + Dom)));
  // B[i+1][j], B[i][j+1].
  EXPECT_TRUE(
      Bb.Min[0].is_equal(B.pwAff(std::string("[N, M] -> { [(1)]") + Dom)));
  EXPECT_TRUE(
      Bb.Min[1].is_equal(B.pwAff(std::string("[N, M] -> { [(1)]") + Dom)));
  EXPECT_TRUE(
      Bb.Max[0].is_equal(B.pwAff(std::string("[N, M] -> { [(N - 1)]") + Dom)));
  EXPECT_TRUE(
      Bb.Max[1].is_equal(B.pwAff(std::string("[N, M] -> { [(M - 1)]") + Dom)));
}

TEST(FrontendAliasChecks, NoneWhenRestrictReadOnlyOrAssumed) {
  Built Restrict(R"(
void f(int N, double A[restrict N], double B[restrict N]) {
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i] = A[i - 1] + B[j];
}
)");
  ASSERT_TRUE(Restrict.R.S);
  EXPECT_TRUE(Restrict.R.S->AliasChecks.empty());
  // a and b are only read: D against each, not a against b.
  Built ReadOnly(R"(
void e(int N, int M, const int *a, const int *b, int D[N + 1][M + 1]) {
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++)
      D[i][j] = D[i - 1][j] + D[i][j - 1] + (a[i - 1] != b[j - 1]);
}
)");
  ASSERT_TRUE(ReadOnly.R.S);
  EXPECT_EQ(ReadOnly.R.S->AliasChecks.size(), 2u);
}

} // namespace
