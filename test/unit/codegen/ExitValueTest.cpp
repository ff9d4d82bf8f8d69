//===- ExitValueTest.cpp - Final values of C89 iterators ------------------===//

#include "CodeGenTestUtil.h"

#include "hetile/CodeGen/ExitValue.h"

#include <gtest/gtest.h>

using namespace hetile;
using namespace hetile::test;

namespace {

/// The exit value as isl text, or the error message.
std::string exitOf(const LoopExit &E, long Step) {
  auto V = computeExitValue(E, Step);
  if (!V)
    return "error: " + llvm::toString(V.takeError());
  return toString(*V);
}

/// Value at one parameter point ("[N] -> { : N = 5 }"): "none" when the
/// header does not run there.
std::string exitAt(const LoopExit &E, long Step, const std::string &Point) {
  auto V = computeExitValue(E, Step);
  if (!V)
    return "error: " + llvm::toString(V.takeError());
  isl::set P(V->ctx(), Point);
  isl::pw_aff At = V->intersect_params(P);
  if (At.domain().is_empty().is_true())
    return "none";
  return toString(At.max_multi_val().at(0));
}

TEST(ExitValue, RectangularOuterLoop) {
  // for (i = 1; i <= N - 2; i++): i = N - 1 when N >= 3, else 1.
  IslContext Ctx;
  LoopExit E = makeExit(Ctx.get(), 0, "[N] -> { [] }",
                        "[N] -> { [i] : 1 <= i <= N - 2 }", "[N] -> { [] -> [1] }");
  EXPECT_EQ(exitAt(E, 1, "[N] -> { : N = 10 }"), "9");
  EXPECT_EQ(exitAt(E, 1, "[N] -> { : N = 3 }"), "2");
  EXPECT_EQ(exitAt(E, 1, "[N] -> { : N = 2 }"), "1");
  EXPECT_EQ(exitAt(E, 1, "[N] -> { : N = -7 }"), "1");
}

TEST(ExitValue, InnerLoopTakesLastOuterIteration) {
  // for (i = 0; i < N; i++) for (j = 0; j < M; j++): j = M (M >= 0) or 0,
  // and unchanged when N <= 0.
  IslContext Ctx;
  LoopExit E = makeExit(Ctx.get(), 1, "[N, M] -> { [i] : 0 <= i < N }",
                        "[N, M] -> { [i, j] : 0 <= i < N and 0 <= j < M }",
                        "[N, M] -> { [i] -> [0] }");
  EXPECT_EQ(exitAt(E, 1, "[N, M] -> { : N = 4 and M = 6 }"), "6");
  EXPECT_EQ(exitAt(E, 1, "[N, M] -> { : N = 4 and M = -3 }"), "0");
  EXPECT_EQ(exitAt(E, 1, "[N, M] -> { : N = 0 and M = 6 }"), "none");
}

TEST(ExitValue, SharedIteratorOnlyWhereItsLoopRunsLast) {
  // The same inner loop, where another loop of j runs after it for N > 5.
  IslContext Ctx;
  LoopExit E = makeExit(Ctx.get(), 1, "[N, M] -> { [i] : 0 <= i < N }",
                        "[N, M] -> { [i, j] : 0 <= i < N and 0 <= j < M }",
                        "[N, M] -> { [i] -> [0] }");
  E.LastOfShared = isl::set(Ctx.get(), "[N, M] -> { : N <= 5 }");
  EXPECT_EQ(exitAt(E, 1, "[N, M] -> { : N = 4 and M = 6 }"), "6");
  EXPECT_EQ(exitAt(E, 1, "[N, M] -> { : N = 6 and M = 6 }"), "none");
}

TEST(ExitValue, TriangularUsesLastOuterIteration) {
  // for (i = 0; i < N; i++) for (j = i; j < N - 1; j++): at i = N - 1 the
  // inner loop does not run, so j = init(N - 1) = N - 1.
  IslContext Ctx;
  LoopExit E = makeExit(Ctx.get(), 1, "[N] -> { [i] : 0 <= i < N }",
                        "[N] -> { [i, j] : 0 <= i and i <= j < N - 1 }",
                        "[N] -> { [i] -> [i] }");
  EXPECT_EQ(exitAt(E, 1, "[N] -> { : N = 5 }"), "4");
  EXPECT_EQ(exitAt(E, 1, "[N] -> { : N = 1 }"), "0");
  EXPECT_EQ(exitAt(E, 1, "[N] -> { : N = 0 }"), "none");
}

TEST(ExitValue, TriangularLastOuterIterationRuns) {
  // for (i = 0; i < N; i++) for (j = 0; j <= i; j++): j = N at i = N - 1.
  IslContext Ctx;
  LoopExit E = makeExit(Ctx.get(), 1, "[N] -> { [i] : 0 <= i < N }",
                        "[N] -> { [i, j] : 0 <= j <= i < N }",
                        "[N] -> { [i] -> [0] }");
  EXPECT_EQ(exitAt(E, 1, "[N] -> { : N = 7 }"), "7");
}

TEST(ExitValue, StrideAndNegativeStep) {
  // for (i = 0; i <= N; i += 3): last = 3 floor(N/3), exit = last + 3.
  IslContext Ctx;
  LoopExit Up = makeExit(Ctx.get(), 0, "[N] -> { [] }",
                         "[N] -> { [i] : 0 <= i <= N and i mod 3 = 0 }",
                         "[N] -> { [] -> [0] }");
  EXPECT_EQ(exitAt(Up, 3, "[N] -> { : N = 10 }"), "12");
  EXPECT_EQ(exitAt(Up, 3, "[N] -> { : N = 9 }"), "12");
  EXPECT_EQ(exitAt(Up, 3, "[N] -> { : N = -1 }"), "0");
  // for (i = N - 1; i >= 0; i--): exit = -1, or N - 1 when N <= 0.
  LoopExit Down = makeExit(Ctx.get(), 0, "[N] -> { [] }",
                           "[N] -> { [i] : 0 <= i <= N - 1 }",
                           "[N] -> { [] -> [N - 1] }");
  EXPECT_EQ(exitAt(Down, -1, "[N] -> { : N = 10 }"), "-1");
  EXPECT_EQ(exitAt(Down, -1, "[N] -> { : N = -4 }"), "-5");
}

TEST(ExitValue, DownwardOuterLoopEndsAtItsMinimum) {
  // for (i = N - 1; i >= 0; i--) for (j = 0; j < i; j++): the last outer
  // iteration is i = 0, where the inner loop does not run: j = 0.
  IslContext Ctx;
  LoopExit E = makeExit(Ctx.get(), 1, "[N] -> { [i] : 0 <= i < N }",
                        "[N] -> { [i, j] : 0 <= j < i < N }",
                        "[N] -> { [i] -> [0] }", {-1});
  EXPECT_EQ(exitAt(E, 1, "[N] -> { : N = 6 }"), "0");
  // With an upward outer loop it would be i = N - 1: j = N - 1.
  E.OuterSteps = {1};
  EXPECT_EQ(exitAt(E, 1, "[N] -> { : N = 6 }"), "5");
}

TEST(ExitValue, EmptyForSomeParameters) {
  // The header of j runs only when N >= 1 and M >= 2 (a guard).
  IslContext Ctx;
  LoopExit E = makeExit(Ctx.get(), 1, "[N, M] -> { [i] : 0 <= i < N and M >= 2 }",
                        "[N, M] -> { [i, j] : 0 <= i < N and M >= 2 and 0 <= j < M }",
                        "[N, M] -> { [i] -> [0] }");
  EXPECT_EQ(exitAt(E, 1, "[N, M] -> { : N = 3 and M = 1 }"), "none");
  EXPECT_EQ(exitAt(E, 1, "[N, M] -> { : N = 3 and M = 2 }"), "2");
  EXPECT_EQ(exitOf(E, 1), "[N, M] -> { [(M)] : N > 0 and M >= 2 }");
}

TEST(ExitValue, RejectsBadInput) {
  IslContext Ctx;
  LoopExit E = makeExit(Ctx.get(), 0, "[N] -> { [] }", "[N] -> { [i, j] : 0 <= i < N }",
                        "[N] -> { [] -> [0] }");
  EXPECT_NE(exitOf(E, 1).find("error: loop iterations must have"), std::string::npos);
  EXPECT_NE(exitOf(E, 0).find("error: loop step is 0"), std::string::npos);
  // Init undefined where the header runs.
  LoopExit F = makeExit(Ctx.get(), 0, "[N] -> { [] }", "[N] -> { [i] : 0 <= i < N }",
                        "[N] -> { [] -> [0] : N > 5 }");
  EXPECT_NE(exitOf(F, 1).find("error: the initial value"), std::string::npos);
}

} // namespace
