//===- SupportIsolationTest.cpp - Work in a child process -----------------===//

#include "hetile/Support/Isolation.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <string>

using namespace hetile;

namespace {

TEST(Isolation, HandsBackTheChildsText) {
  IsolatedResult R = runIsolated([] { return std::string("tiled block"); });
  EXPECT_TRUE(R.Finished);
  EXPECT_EQ(R.Text, "tiled block");
}

TEST(Isolation, HandsBackLongAndEmptyTexts) {
  // Larger than a pipe's buffer: the parent reads while the child writes.
  std::string Long(3 << 20, 'x');
  for (size_t I = 0; I < Long.size(); I += 4093)
    Long[I] = char('a' + I % 26);
  IsolatedResult R = runIsolated([&] { return Long; });
  EXPECT_TRUE(R.Finished);
  EXPECT_EQ(R.Text, Long);
  IsolatedResult E = runIsolated([] { return std::string(); });
  EXPECT_TRUE(E.Finished);
  EXPECT_EQ(E.Text, "");
}

TEST(Isolation, SideEffectsStayInTheChild) {
  int Counter = 0;
  IsolatedResult R = runIsolated([&] {
    ++Counter;
    return std::to_string(Counter);
  });
  EXPECT_TRUE(R.Finished);
  EXPECT_EQ(R.Text, "1");
  EXPECT_EQ(Counter, 0);
}

TEST(Isolation, ReportsTheSignalThatKilledTheChild) {
  IsolatedResult R = runIsolated([] {
    std::raise(SIGSEGV);
    return std::string("not reached");
  });
  EXPECT_FALSE(R.Finished);
  EXPECT_EQ(R.Signal, SIGSEGV);
  EXPECT_EQ(R.describeFailure(), "signal 11 (SIGSEGV)");
  IsolatedResult A = runIsolated([] {
    std::abort();
    return std::string();
  });
  EXPECT_FALSE(A.Finished);
  EXPECT_EQ(A.Signal, SIGABRT);
}

TEST(Isolation, AChildThatExitsEarlyHasNotFinished) {
  IsolatedResult R = runIsolated([] {
    std::exit(3);
    return std::string("not reached");
  });
  EXPECT_FALSE(R.Finished);
  EXPECT_EQ(R.Signal, 0);
  EXPECT_EQ(R.describeFailure(), "an unknown failure");
}

TEST(Isolation, TheChildPrintsNothing) {
  // The child's output is discarded: what it prints does not reach the
  // parent's stdout, whose buffer is not flushed twice either.
  testing::internal::CaptureStdout();
  std::printf("parent ");
  IsolatedResult R = runIsolated([] {
    std::printf("child\n");
    std::fflush(stdout);
    return std::string("ok");
  });
  std::fflush(stdout);
  std::string Out = testing::internal::GetCapturedStdout();
  EXPECT_TRUE(R.Finished);
  EXPECT_EQ(Out, "parent ");
}

} // namespace
