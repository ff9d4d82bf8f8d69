//===- HierTest.cpp - [BRR99] appendix example, brute force ---------------===//
#include "hetile_models.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

// The least max_i c_i t_i over the vectors c of n >= 0 integers summing to
// Blocks: Definition 1 of [BDRV98], the cost an allocation of Blocks
// blocks to processors of cycle times t can reach, by enumeration.
long bruteCost(const std::vector<long> &T, long Blocks, size_t From = 0) {
  if (From + 1 == T.size())
    return Blocks * T[From];
  long Best = -1;
  for (long C = 0; C <= Blocks; ++C) {
    long Cost = std::max(C * T[From], bruteCost(T, Blocks - C, From + 1));
    if (Best < 0 || Cost < Best)
      Best = Cost;
  }
  return Best;
}

// Appendix, "Static strategy": cluster A (2, 3, 4), cluster B (3, 5, 8),
// B = 5. A: 24232 (read from the right, as the paper says) = 2,3,2,4,2;
// B: 35383 = 3,5,3,8,3 (read from the left: the first block must go to the
// fastest processor, so the paper's direction note cannot hold for both).
// Cycle times 6 and 9; panels ...|BAABA| from the right = A,B,A,A,B.
TEST(Hier, AppendixExample) {
  const int Sizes[] = {3, 3};
  const long T[] = {2, 3, 4, 3, 5, 8};
  long Cycle[2];
  int Inner[6 * 5], Panels[5];
  ASSERT_EQ(hetile_hier_alloc(2, Sizes, T, 5, 5, Cycle, Inner, Panels), 0);
  EXPECT_EQ(Cycle[0], 6);
  EXPECT_EQ(Cycle[1], 9);
  const long WantA[] = {2, 3, 2, 4, 2}, WantB[] = {3, 5, 3, 8, 3};
  for (int K = 0; K < 5; ++K) {
    EXPECT_EQ(T[Inner[K]], WantA[K]) << K;
    EXPECT_EQ(T[3 + Inner[15 + K]], WantB[K]) << K;
  }
  const int WantPanels[] = {0, 1, 0, 0, 1};
  for (int K = 0; K < 5; ++K)
    EXPECT_EQ(Panels[K], WantPanels[K]) << K;
}

// "the time needed to compute the second panel of cluster B is 10 and not 9"
TEST(Hier, ContinuedPanelsOfClusterB) {
  const long T[] = {3, 5, 8};
  long Cycle[2];
  ASSERT_EQ(hetile_hier_panel_cycles(3, T, 5, 2, Cycle), 0);
  EXPECT_EQ(Cycle[0], 9);
  EXPECT_EQ(Cycle[1], 10);
}

// Brute force on small platforms: every cluster's cycle time is the least
// cost of a panel of B blocks over all the ways to share it among the
// cluster's processors, the first panel's owners reach it, and every prefix
// of the period shares its panels among the clusters at the least cost
// (the incremental algorithm is optimal for every number of blocks,
// [BDRV98] section 3.1, at both levels of [BRR99]'s static strategy).
// Platforms: clusters of 1 to 3 processors of cycle times 1..4, two or
// three clusters, every combination of a deterministic sample.
TEST(Hier, AgainstBruteForceOnSmallPlatforms) {
  std::vector<std::vector<long>> Clusters;
  for (int Size = 1; Size <= 3; ++Size) {
    std::vector<long> T(size_t(Size), 1);
    for (;;) {
      Clusters.push_back(T);
      size_t I = 0;
      while (I < T.size() && T[I] == 4)
        T[I++] = 1;
      if (I == T.size())
        break;
      ++T[I];
    }
  }
  ASSERT_EQ(Clusters.size(), 4u + 16u + 64u);
  unsigned Checked = 0;
  for (size_t A = 0; A < Clusters.size(); A += 3)
    for (size_t B2 = A % 7; B2 < Clusters.size(); B2 += 11)
      for (int Three = 0; Three < 2; ++Three) {
        std::vector<std::vector<long>> Platform = {Clusters[A],
                                                   Clusters[B2]};
        if (Three)
          Platform.push_back(Clusters[(A * 5 + B2) % Clusters.size()]);
        const int K = int(Platform.size());
        std::vector<int> Sizes;
        std::vector<long> T;
        for (const auto &C : Platform) {
          Sizes.push_back(int(C.size()));
          T.insert(T.end(), C.begin(), C.end());
        }
        for (long Panel = 1; Panel <= 5; ++Panel) {
          const long Period = 7;
          std::vector<long> Cycle(static_cast<size_t>(K));
          std::vector<int> Inner(T.size() * size_t(Panel)), Panels(Period);
          ASSERT_EQ(hetile_hier_alloc(K, Sizes.data(), T.data(), Panel,
                                      Period, Cycle.data(), Inner.data(),
                                      Panels.data()),
                    0);
          size_t First = 0;
          for (int C = 0; C < K; ++C) {
            const std::vector<long> &TC = Platform[size_t(C)];
            EXPECT_EQ(Cycle[size_t(C)], bruteCost(TC, Panel))
                << "cluster " << C << " panel " << Panel;
            std::vector<long> Count(TC.size(), 0);
            for (long J = 0; J < Panel; ++J) {
              int Local = Inner[First * size_t(Panel) + size_t(J)];
              ASSERT_GE(Local, 0);
              ASSERT_LT(Local, int(TC.size()));
              ++Count[size_t(Local)];
            }
            long Reached = 0;
            for (size_t I = 0; I < TC.size(); ++I)
              Reached = std::max(Reached, Count[I] * TC[I]);
            EXPECT_EQ(Reached, Cycle[size_t(C)]);
            First += TC.size();
          }
          std::vector<long> Got(size_t(K), 0);
          for (long M = 1; M <= Period; ++M) {
            ASSERT_GE(Panels[size_t(M - 1)], 0);
            ASSERT_LT(Panels[size_t(M - 1)], K);
            ++Got[size_t(Panels[size_t(M - 1)])];
            long Cost = 0;
            for (int C = 0; C < K; ++C)
              Cost = std::max(Cost, Got[size_t(C)] * Cycle[size_t(C)]);
            EXPECT_EQ(Cost, bruteCost(Cycle, M))
                << "panels " << M << " panel " << Panel;
          }
          ++Checked;
        }
      }
  EXPECT_GT(Checked, 500u);
}

TEST(Hier, BadInput) {
  const int Sizes[] = {0};
  const long T[] = {1};
  long Cycle[1];
  int Inner[1], Panels[1];
  EXPECT_EQ(hetile_hier_alloc(1, Sizes, T, 5, 1, Cycle, Inner, Panels),
            HETILE_ERR_INVALID);
}

} // namespace
