//===- GridTest.cpp - processor grids of [AY98] section 2 ------------------===//
//
// Tile column [j1, ..., jn] on processor [j1 mod p1, ..., jn mod pn]
// (Andonov & Yanev 1998, section 2, tiles numbered from 0), processors
// numbered row-major as MPI ranks; HETILE_GRID's text. The expected values
// are derived by hand in the comments, and the mapping is checked against
// a brute-force enumeration of the passes.
//
//===----------------------------------------------------------------------===//
#include "hetile_grid.h"
#include "hetile_rt.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

bool mentions(const char *Word) {
  return std::string(hetile_last_error()).find(Word) != std::string::npos;
}

TEST(GridParse, GivesTheDimensions) {
  int N = -1, P[HETILE_GRID_MAX_DIMS] = {};
  ASSERT_EQ(hetile_grid_parse("2,2", 4, &N, P), 0);
  EXPECT_EQ(N, 2);
  EXPECT_EQ(P[0], 2);
  EXPECT_EQ(P[1], 2);
  ASSERT_EQ(hetile_grid_parse(" 3 , 2 ", 6, &N, P), 0);
  EXPECT_EQ(N, 2);
  EXPECT_EQ(P[0], 3);
  EXPECT_EQ(P[1], 2);
  // One entry: the ring's rank count.
  ASSERT_EQ(hetile_grid_parse("4", 4, &N, P), 0);
  EXPECT_EQ(N, 1);
  EXPECT_EQ(P[0], 4);
  ASSERT_EQ(hetile_grid_parse("1,1", 1, &N, P), 0);
  EXPECT_EQ(N, 2);
  // Unset or empty: no grid.
  ASSERT_EQ(hetile_grid_parse(nullptr, 4, &N, P), 0);
  EXPECT_EQ(N, 0);
  ASSERT_EQ(hetile_grid_parse("", 4, &N, P), 0);
  EXPECT_EQ(N, 0);
}

TEST(GridParse, RejectsMalformedTextNamingTheVariable) {
  int N = -1, P[HETILE_GRID_MAX_DIMS] = {};
  for (const char *Bad : {"2x2", "0,4", "2,-2", "2,2,", ",2", "a", "2,,2",
                          "1.5,2"}) {
    N = -1;
    EXPECT_EQ(hetile_grid_parse(Bad, 4, &N, P), HETILE_ERR_ENV) << Bad;
    EXPECT_TRUE(mentions("HETILE_GRID")) << hetile_last_error();
    EXPECT_EQ(N, 0) << Bad;
  }
  EXPECT_EQ(hetile_grid_parse("1,1,1,1,1,1,1,1,1", 1, &N, P),
            HETILE_ERR_ENV);
  EXPECT_TRUE(mentions("more than 8 dimensions")) << hetile_last_error();
}

TEST(GridParse, TheProductMustBeTheRankCount) {
  int N = -1, P[HETILE_GRID_MAX_DIMS] = {};
  EXPECT_EQ(hetile_grid_parse("3,2", 4, &N, P), HETILE_ERR_ENV);
  EXPECT_TRUE(mentions("HETILE_GRID")) << hetile_last_error();
  EXPECT_TRUE(mentions("6 processors, but the job has 4 ranks"))
      << hetile_last_error();
  EXPECT_EQ(hetile_grid_parse("3", 4, &N, P), HETILE_ERR_ENV);
  // No overflow of the product.
  EXPECT_EQ(hetile_grid_parse("1048576,1048576,1048576", 8, &N, P),
            HETILE_ERR_ENV);
}

TEST(GridOwner, HandDerivedOnTwoByThree) {
  // p = (2, 3): rank = (j1 mod 2) * 3 + (j2 mod 3).
  const int P[2] = {2, 3};
  struct Case {
    long J1, J2;
    int Rank;
  } Cases[] = {
      {0, 0, 0}, {0, 1, 1}, {0, 2, 2}, {1, 0, 3}, {1, 2, 5},
      // The second pass along each dimension wraps around the grid.
      {2, 0, 0}, {0, 3, 0}, {3, 4, 4}, {5, 7, 4}, {4, 5, 2},
  };
  for (const Case &C : Cases) {
    const long J[2] = {C.J1, C.J2};
    EXPECT_EQ(hetile_grid_owner(2, P, J), C.Rank) << C.J1 << "," << C.J2;
  }
  int R[2];
  ASSERT_EQ(hetile_grid_coords(2, P, 5, R), 0);
  EXPECT_EQ(R[0], 1);
  EXPECT_EQ(R[1], 2);
  ASSERT_EQ(hetile_grid_coords(2, P, 2, R), 0);
  EXPECT_EQ(R[0], 0);
  EXPECT_EQ(R[1], 2);
}

TEST(GridOwner, BadInput) {
  const int P[2] = {2, 3};
  const long Neg[2] = {-1, 0};
  EXPECT_EQ(hetile_grid_owner(2, P, Neg), -1);
  EXPECT_EQ(hetile_grid_owner(0, P, Neg), -1);
  int R[2];
  EXPECT_EQ(hetile_grid_coords(2, P, 6, R), -1); // only 6 ranks, 0..5
  EXPECT_EQ(hetile_grid_coords(2, P, -1, R), -1);
}

// Brute force: walk the passes of [AY98] section 2 (pass (k1, k2) covers
// tile columns k1 p1 .. k1 p1 + p1 - 1 by k2 p2 .. k2 p2 + p2 - 1, the
// processor at offset (r1, r2) of the pass taking column (k1 p1 + r1,
// k2 p2 + r2)) and check that every column of an M1 x M2 tile space goes
// to the processor at its offset, each processor getting one column per
// pass that reaches it, and that coords inverts the numbering.
TEST(GridOwner, MatchesThePassesByBruteForce) {
  for (int P1 = 1; P1 <= 4; ++P1)
    for (int P2 = 1; P2 <= 4; ++P2)
      for (long M1 = 1; M1 <= 7; ++M1)
        for (long M2 = 1; M2 <= 7; ++M2) {
          const int P[2] = {P1, P2};
          std::vector<long> Columns(size_t(P1 * P2), 0);
          long Passes1 = hetile_grid_passes(M1, P1),
               Passes2 = hetile_grid_passes(M2, P2);
          for (long K1 = 0; K1 < Passes1; ++K1)
            for (long K2 = 0; K2 < Passes2; ++K2)
              for (int R1 = 0; R1 < P1; ++R1)
                for (int R2 = 0; R2 < P2; ++R2) {
                  const long J[2] = {K1 * P1 + R1, K2 * P2 + R2};
                  if (J[0] >= M1 || J[1] >= M2)
                    continue;
                  int Rank = hetile_grid_owner(2, P, J);
                  ASSERT_EQ(Rank, R1 * P2 + R2);
                  ++Columns[size_t(Rank)];
                }
          long Total = 0;
          for (int Rank = 0; Rank < P1 * P2; ++Rank) {
            int R[2];
            ASSERT_EQ(hetile_grid_coords(2, P, Rank, R), 0);
            ASSERT_EQ(R[0] * P2 + R[1], Rank);
            // Columns along each dimension: those j = r mod p below M.
            long Along1 = (M1 - R[0] + P1 - 1) / P1,
                 Along2 = (M2 - R[1] + P2 - 1) / P2;
            EXPECT_EQ(Columns[size_t(Rank)],
                      (Along1 > 0 ? Along1 : 0) * (Along2 > 0 ? Along2 : 0));
            Total += Columns[size_t(Rank)];
          }
          EXPECT_EQ(Total, M1 * M2);
        }
}

TEST(GridPasses, CeilOfTheColumnsOverTheProcessors) {
  EXPECT_EQ(hetile_grid_passes(0, 4), 0);
  EXPECT_EQ(hetile_grid_passes(4, 4), 1);
  EXPECT_EQ(hetile_grid_passes(5, 4), 2);
  // [AY98] section 5, Fig. 1: m1 = 30000, p1 = 5, x1 = 142 gives
  // M1 = 212 tiles (the last one partial): 43 passes, 42.25 in the
  // paper's real-valued count prod M_i / p_i (it reports 42).
  EXPECT_EQ(hetile_grid_passes((30000 + 141) / 142, 5), 43);
  // m2 = 2000, p2 = 4, x2 = 500: one pass.
  EXPECT_EQ(hetile_grid_passes(2000 / 500, 4), 1);
}

} // namespace
