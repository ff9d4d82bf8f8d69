//===- SupportIslBudgetTest.cpp - One time budget per nest ----------------===//

#include "hetile/Support/IslBudget.h"
#include "hetile/Support/IslUtils.h"

#include <gtest/gtest.h>

#include <pthread.h>
#include <time.h>

using namespace hetile;

namespace {

double threadCpuSeconds() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
}

/// One small isl computation (a few simplex pivots); false when isl failed.
bool someIslWork(isl_ctx *Ctx) {
  isl::set S(Ctx, "[n] -> { [x, y] : 0 <= x <= n and 0 <= y <= x + 3 and "
                  "x + y >= 4 and 3x - 2y <= 7 }");
  isl::set Min = S.lexmin();
  return !Min.is_null();
}

/// Runs isl work until \p Budget runs out or \p MaxCpu seconds of this
/// thread's CPU passed; the CPU seconds spent.
double workUntilExhausted(IslBudget &Budget, isl_ctx *Ctx, double MaxCpu) {
  double Start = threadCpuSeconds();
  while (threadCpuSeconds() - Start < MaxCpu) {
    someIslWork(Ctx);
    if (Budget.exhausted())
      break;
  }
  return threadCpuSeconds() - Start;
}

std::string messageOf(llvm::Error Err) {
  std::string Message;
  llvm::handleAllErrors(std::move(Err), [&](const llvm::ErrorInfoBase &E) {
    Message = E.message();
  });
  return Message;
}

} // namespace

TEST(IslBudget, FreshBudgetLetsWorkThrough) {
  IslContext Ctx;
  Options Opts;
  Opts.NestTimeBudgetSeconds = 30;
  IslBudget Budget(Ctx.get(), Opts);
  Budget.enter(IslStage::Dependences);
  EXPECT_TRUE(someIslWork(Ctx.get()));
  llvm::Error Err = Budget.check();
  EXPECT_FALSE(bool(Err));
  llvm::consumeError(std::move(Err));
  EXPECT_GE(Budget.spentSeconds(), 0.0);
  EXPECT_LT(Budget.spentSeconds(), 5.0);
}

// The later stages of a nest get what its analysis left: a nest whose
// analysis spent the whole budget fails its first code generation stage.
TEST(IslBudget, SpentSecondsCountAgainstTheDeadline) {
  IslContext Ctx;
  Options Opts;
  Opts.NestTimeBudgetSeconds = 2;
  IslBudget Budget(Ctx.get(), Opts, /*SpentSeconds=*/2.5);
  Budget.enter(IslStage::CodeGen);
  double Spent = workUntilExhausted(Budget, Ctx.get(), 1.0);
  EXPECT_LT(Spent, 0.5);
  llvm::Error Err = Budget.check();
  ASSERT_TRUE(bool(Err));
  ASSERT_TRUE(Err.isA<TooComplexError>());
  EXPECT_EQ(messageOf(std::move(Err)),
            "the code generation stage ran past the time budget of the nest "
            "(2 s of CPU for all its stages, --nest-time-budget)");
}

// With part of the budget spent, the deadline comes after the rest (0.3 s
// of the 2 s here), not after a fresh budget.
TEST(IslBudget, DeadlineIsTheBudgetLessTheSpentSeconds) {
  IslContext Ctx;
  Options Opts;
  Opts.NestTimeBudgetSeconds = 2;
  IslBudget Budget(Ctx.get(), Opts, /*SpentSeconds=*/1.7);
  Budget.enter(IslStage::Tiling);
  double Spent = workUntilExhausted(Budget, Ctx.get(), 3.0);
  EXPECT_GT(Spent, 0.25);
  EXPECT_LT(Spent, 1.0);
  EXPECT_GT(Budget.spentSeconds(), 1.95);
  llvm::Error Err = Budget.check();
  ASSERT_TRUE(bool(Err));
  EXPECT_NE(messageOf(std::move(Err)).find("the tiling stage ran past"),
            std::string::npos);
}

// The operation bound stays per stage: entering a stage starts a new count.
TEST(IslBudget, OperationBoundIsPerStage) {
  IslContext Ctx;
  Options Opts;
  Opts.IslMaxOperations = 1;
  Opts.NestTimeBudgetSeconds = 0;
  IslBudget Budget(Ctx.get(), Opts);
  Budget.enter(IslStage::Scheduling);
  EXPECT_FALSE(someIslWork(Ctx.get()));
  llvm::Error Err = Budget.check();
  ASSERT_TRUE(bool(Err));
  EXPECT_EQ(messageOf(std::move(Err)),
            "the scheduling stage exceeded its isl operation bound "
            "(--isl-max-operations)");
}
