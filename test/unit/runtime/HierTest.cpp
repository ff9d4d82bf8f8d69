//===- HierTest.cpp - [BRR99] appendix example -------------------------------===//
#include "hetile_models.h"

#include <gtest/gtest.h>

namespace {

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

TEST(Hier, BadInput) {
  const int Sizes[] = {0};
  const long T[] = {1};
  long Cycle[1];
  int Inner[1], Panels[1];
  EXPECT_EQ(hetile_hier_alloc(1, Sizes, T, 5, 1, Cycle, Inner, Panels),
            HETILE_ERR_INVALID);
}

} // namespace
