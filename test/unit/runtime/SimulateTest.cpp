//===- SimulateTest.cpp - the schedule simulator against [BDRV98] -----------===//
#include "hetile_models.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

// One processor computes everything: N1 * N2 * t, no communication.
TEST(Simulate, SequentialIsSumOfTiles) {
  const double T[] = {3};
  std::vector<int> Owner(5, 0);
  double MS;
  ASSERT_EQ(hetile_sim_makespan(1, T, 4, 5, Owner.data(), 7, &MS, nullptr), 0);
  EXPECT_DOUBLE_EQ(MS, 60);
}

// Section 3.1 of [BDRV98]: two columns, t_1 = 5 t_0, T_com = 0; one column
// each gives a makespan greater than N1 * t_1 (here exactly t_0 + N1 t_1).
TEST(Simulate, TwoColumnsExampleOfSection31) {
  const double T[] = {1, 5};
  const int Owner[] = {0, 1};
  double MS;
  ASSERT_EQ(hetile_sim_makespan(2, T, 6, 2, Owner, 0, &MS, nullptr), 0);
  EXPECT_DOUBLE_EQ(MS, 1 + 6 * 5);
}

// Lemma 2: blocks with c_1 t_1 = c_2 t_2 never wait after the start-up, so
// the makespan is T_com + c_1 t_1 (first row of B1) + N1 c_2 t_2.
TEST(Simulate, Lemma2BalancedBlocksDoNotWait) {
  const double T[] = {2, 3};
  const int Owner[] = {0, 0, 0, 1, 1};
  double MS;
  ASSERT_EQ(hetile_sim_makespan(2, T, 10, 5, Owner, 1.5, &MS, nullptr), 0);
  EXPECT_DOUBLE_EQ(MS, 6 + 1.5 + 10 * 6);
}

// Lemma 3: the optimal heuristic's makespan is within (P-1) T_com +
// (N1 + N2 - 1) lcm of the Lemma 1 lower bound, on random instances.
TEST(Simulate, OptimalHeuristicWithinLemma3) {
  unsigned Seed = 7;
  auto Next = [&Seed]() { return (Seed = Seed * 1103515245u + 12345u) >> 16; };
  for (int Trial = 0; Trial < 40; ++Trial) {
    int P = 1 + Next() % 4;
    std::vector<long> T(P);
    std::vector<double> TD(P);
    for (int I = 0; I < P; ++I)
      TD[I] = (double)(T[I] = 1 + Next() % 9);
    long N1 = 1 + Next() % 30, N2 = 1 + Next() % 300;
    double TCom = (Next() % 50) / 10.0;
    std::vector<long> C(P);
    long Chunk;
    ASSERT_EQ(hetile_alloc_optimal(P, T.data(), C.data(), &Chunk), 0);
    std::vector<int> Owner(N2);
    ASSERT_EQ(hetile_alloc_owners_from_counts(P, C.data(), N2, Owner.data()),
              0);
    double MS, LB, Slack;
    ASSERT_EQ(hetile_sim_makespan(P, TD.data(), N1, N2, Owner.data(), TCom,
                                  &MS, nullptr), 0);
    ASSERT_EQ(hetile_alloc_lower_bound(P, TD.data(), N1, N2, &LB), 0);
    ASSERT_EQ(hetile_alloc_gap_bound(P, T.data(), N1, N2, TCom, &Slack), 0);
    EXPECT_GE(MS, LB - 1e-9) << "trial " << Trial;
    EXPECT_LE(MS - LB, Slack + 1e-9) << "trial " << Trial;
  }
}

// The simulated schedule respects the dependences and the processors.
TEST(Simulate, StartTimesRespectDependences) {
  const double T[] = {3, 5, 8};
  const long C[] = {3, 2, 1};
  const long N1 = 7, N2 = 20;
  std::vector<int> Owner(N2);
  ASSERT_EQ(hetile_alloc_owners_from_counts(3, C, N2, Owner.data()), 0);
  std::vector<double> S(N1 * N2);
  double MS;
  const double TCom = 2;
  ASSERT_EQ(hetile_sim_makespan(3, T, N1, N2, Owner.data(), TCom, &MS,
                                S.data()), 0);
  for (long I = 0; I < N1; ++I)
    for (long J = 0; J < N2; ++J) {
      double Fin = S[I * N2 + J] + T[Owner[J]];
      EXPECT_LE(Fin, MS);
      if (I + 1 < N1)
        EXPECT_LE(Fin, S[(I + 1) * N2 + J]);
      if (J + 1 < N2)
        EXPECT_LE(Fin + (Owner[J] != Owner[J + 1] ? TCom : 0),
                  S[I * N2 + J + 1]);
    }
}

TEST(Simulate, BadOwnerIsAnError) {
  const double T[] = {1, 2};
  const int Owner[] = {0, 2};
  double MS;
  EXPECT_EQ(hetile_sim_makespan(2, T, 3, 2, Owner, 0, &MS, nullptr),
            HETILE_ERR_INVALID);
}

} // namespace
