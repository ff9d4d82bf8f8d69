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

// Heterogeneous grids: each dimension is allocated as [BDRV98] allocates
// columns (Proposition 1's chunk, L / t_i columns to processor i with L =
// lcm(t)), for the cycle times of the grid rows (dimension 0) or columns
// (dimension 1), each the slowest rank's.
TEST(GridOwnerTables, EqualSpeedsAreCyclic) {
  for (double T : {1.0, 2.5})
    for (int P1 = 1; P1 <= 4; ++P1)
      for (int P2 = 1; P2 <= 4; ++P2)
        for (long N1 = 0; N1 <= 9; ++N1)
          for (long N2 = 0; N2 <= 9; ++N2) {
            std::vector<double> Times(size_t(P1 * P2), T);
            std::vector<int> Row(size_t(N1) + 1, -1), Col(size_t(N2) + 1, -1);
            ASSERT_EQ(hetile_grid_owner_tables(P1, P2, Times.data(), N1, N2,
                                               Row.data(), Col.data()),
                      0)
                << hetile_last_error();
            const int P[2] = {P1, P2};
            for (long J1 = 0; J1 < N1; ++J1)
              for (long J2 = 0; J2 < N2; ++J2) {
                const long J[2] = {J1, J2};
                EXPECT_EQ(Row[size_t(J1)] * P2 + Col[size_t(J2)],
                          hetile_grid_owner(2, P, J))
                    << P1 << "x" << P2 << " (" << J1 << ", " << J2 << ")";
              }
          }
}

TEST(GridOwnerTables, HandDerivedOneToTwoAndOneToThree) {
  // 2 x 1, t = 1, 2: rows' times 1, 2; L = 2, counts 2/1 = 2 and 2/2 = 1,
  // chunk 3: rows 0 0 1 repeated.
  const double T12[2] = {1, 2};
  int Row[7], Col[7];
  ASSERT_EQ(hetile_grid_owner_tables(2, 1, T12, 7, 1, Row, Col), 0);
  const int Want12[7] = {0, 0, 1, 0, 0, 1, 0};
  for (int J = 0; J < 7; ++J)
    EXPECT_EQ(Row[J], Want12[J]) << J;
  EXPECT_EQ(Col[0], 0);
  // 1 x 2, t = 1, 3: columns' times 1, 3; L = 3, counts 3 and 1, chunk 4.
  const double T13[2] = {1, 3};
  ASSERT_EQ(hetile_grid_owner_tables(1, 2, T13, 1, 7, Row, Col), 0);
  const int Want13[7] = {0, 0, 0, 1, 0, 0, 0};
  for (int J = 0; J < 7; ++J)
    EXPECT_EQ(Col[J], Want13[J]) << J;
  // 2 x 2, ranks' times 1 3 / 2 1: row 0's slowest is 3, row 1's 2; column
  // 0's is 2, column 1's 3. Rows 3:2: L = 6, counts 2 and 3 (chunk 5);
  // columns 2:3: counts 3 and 2.
  const double T22[4] = {1, 3, 2, 1};
  double RowT[2], ColT[2];
  ASSERT_EQ(hetile_grid_dim_times(2, 2, T22, RowT, ColT), 0);
  EXPECT_EQ(RowT[0], 3);
  EXPECT_EQ(RowT[1], 2);
  EXPECT_EQ(ColT[0], 2);
  EXPECT_EQ(ColT[1], 3);
  ASSERT_EQ(hetile_grid_owner_tables(2, 2, T22, 5, 5, Row, Col), 0);
  const int WantRow[5] = {0, 0, 1, 1, 1}, WantCol[5] = {0, 0, 0, 1, 1};
  for (int J = 0; J < 5; ++J) {
    EXPECT_EQ(Row[J], WantRow[J]) << J;
    EXPECT_EQ(Col[J], WantCol[J]) << J;
  }
}

// Brute force: for cycle times 1..3 on grids up to 3 x 3, each rank's walk
// of its columns (rows of its grid row, then columns of its grid column,
// as the generated code walks them) covers every tile column exactly once
// over all ranks.
TEST(GridOwnerTables, EveryColumnHasExactlyOneOwner) {
  for (int P1 = 1; P1 <= 3; ++P1)
    for (int P2 = 1; P2 <= 3; ++P2)
      for (int Seed = 0; Seed < 27; ++Seed)
        for (long N1 = 1; N1 <= 8; N1 += 3)
          for (long N2 = 1; N2 <= 8; N2 += 2) {
            std::vector<double> T(size_t(P1 * P2));
            for (int R = 0, S = Seed; R < P1 * P2; ++R, S /= 3)
              T[size_t(R)] = 1 + (S + R) % 3;
            std::vector<int> Row((size_t)N1), Col((size_t)N2);
            ASSERT_EQ(hetile_grid_owner_tables(P1, P2, T.data(), N1, N2,
                                               Row.data(), Col.data()),
                      0)
                << hetile_last_error();
            std::vector<int> Seen(size_t(N1 * N2), 0);
            for (int Rank = 0; Rank < P1 * P2; ++Rank)
              for (long J1 = 0; J1 < N1; ++J1) {
                ASSERT_GE(Row[size_t(J1)], 0);
                ASSERT_LT(Row[size_t(J1)], P1);
                if (Row[size_t(J1)] != Rank / P2)
                  continue;
                for (long J2 = 0; J2 < N2; ++J2) {
                  ASSERT_GE(Col[size_t(J2)], 0);
                  ASSERT_LT(Col[size_t(J2)], P2);
                  if (Col[size_t(J2)] == Rank % P2)
                    ++Seen[size_t(J1 * N2 + J2)];
                }
              }
            for (int S : Seen)
              EXPECT_EQ(S, 1);
          }
}

TEST(GridOwnerTables, BadInput) {
  const double T[2] = {1, 0};
  double RowT[2], ColT[1];
  int Row[2], Col[1];
  EXPECT_EQ(hetile_grid_dim_times(2, 1, T, RowT, ColT), HETILE_ERR_INVALID);
  EXPECT_EQ(hetile_grid_owner_tables(2, 1, T, 2, 1, Row, Col),
            HETILE_ERR_INVALID);
  const double One[1] = {1};
  EXPECT_EQ(hetile_grid_owner_tables(1, 1, One, -1, 1, Row, Col),
            HETILE_ERR_INVALID);
  EXPECT_EQ(hetile_grid_owner_tables(0, 1, One, 1, 1, Row, Col),
            HETILE_ERR_INVALID);
}

// The default grid: the factorisation with the fewest tile columns on the
// busiest rank, then the shortest fill p1 + p2, then the larger p1; the
// ring (0) below 4 ranks, for a prime count, or when every factorisation
// leaves a rank without a column.
TEST(GridDefault, HandDerived) {
  int P[2] = {0, 0};
  // 4 ranks, 12 x 7: only 2 x 2 (6 x 4 columns on the busiest rank).
  ASSERT_EQ(hetile_grid_default(4, 12, 7, P), 1);
  EXPECT_EQ(P[0], 2);
  EXPECT_EQ(P[1], 2);
  // 6 ranks, 5 x 5: 3 x 2 gives 2 x 3 = 6, 2 x 3 gives 3 x 2 = 6, same
  // fill 5: the larger p1.
  ASSERT_EQ(hetile_grid_default(6, 5, 5, P), 1);
  EXPECT_EQ(P[0], 3);
  EXPECT_EQ(P[1], 2);
  // 12 ranks, 10 x 30: 6 x 2: 2 x 15 = 30; 4 x 3: 3 x 10 = 30; 3 x 4:
  // 4 x 8 = 32; 2 x 6: 5 x 5 = 25, the least.
  ASSERT_EQ(hetile_grid_default(12, 10, 30, P), 1);
  EXPECT_EQ(P[0], 2);
  EXPECT_EQ(P[1], 6);
  // 8 ranks, 100 x 100: 4 x 2 and 2 x 4 both 1250, fill 6: 4 x 2.
  ASSERT_EQ(hetile_grid_default(8, 100, 100, P), 1);
  EXPECT_EQ(P[0], 4);
  EXPECT_EQ(P[1], 2);
  // 8 ranks, 3 x 100: 4 x 2 has a grid row without a column; 2 x 4.
  ASSERT_EQ(hetile_grid_default(8, 3, 100, P), 1);
  EXPECT_EQ(P[0], 2);
  EXPECT_EQ(P[1], 4);
  // The ring.
  EXPECT_EQ(hetile_grid_default(1, 10, 10, P), 0);
  EXPECT_EQ(hetile_grid_default(2, 10, 10, P), 0);
  EXPECT_EQ(hetile_grid_default(3, 10, 10, P), 0);
  EXPECT_EQ(hetile_grid_default(5, 10, 10, P), 0);
  EXPECT_EQ(hetile_grid_default(7, 10, 10, P), 0);
  EXPECT_EQ(hetile_grid_default(4, 1, 100, P), 0);
  EXPECT_EQ(hetile_grid_default(4, 1, 1, P), 0);
  EXPECT_EQ(hetile_grid_default(4, 0, 0, P), 0);
}

TEST(GridParse, RingIsOneDimension) {
  int N = -1, P[HETILE_GRID_MAX_DIMS];
  ASSERT_EQ(hetile_grid_parse("ring", 6, &N, P), 0);
  EXPECT_EQ(N, 1);
  EXPECT_EQ(P[0], 6);
  ASSERT_EQ(hetile_grid_parse(" ring ", 4, &N, P), 0);
  EXPECT_EQ(N, 1);
  EXPECT_EQ(hetile_grid_parse("rings", 4, &N, P), HETILE_ERR_ENV);
}

// [AY98]'s sizes for a grid, in the runtime's order (the last band
// dimension first): the solver's tiles for band dimensions 0, 1 on the
// grid and the last one projected, moved into that order.
TEST(GridTileSizes, TheSolversTilesInTheRuntimesOrder) {
  // Band extents 200 x 300 x 50 (band order), runtime order 50, 200, 300.
  const long Extents[3] = {50, 200, 300};
  const int P[2] = {2, 3};
  long Sizes[3];
  hetile_tilesize_nd_result R;
  ASSERT_EQ(hetile_grid_tile_sizes(3, Extents, P, 60, 0.01, 1, Sizes, &R), 0)
      << hetile_last_error();
  const long M[3] = {200, 300, 50};
  const long PP[2] = {2, 3};
  hetile_tilesize_nd_problem Prob = {2, M, PP, 60, 1, 0.01,
                                     HETILE_TILESIZE_ND_B_PRINTED};
  hetile_tilesize_nd_result Want;
  ASSERT_EQ(hetile_tilesize_nd_solve(&Prob, &Want), 0);
  EXPECT_EQ(Sizes[0], Want.tile[2]);
  EXPECT_EQ(Sizes[1], Want.tile[0]);
  EXPECT_EQ(Sizes[2], Want.tile[1]);
  // x_i <= floor(m_i / p_i): every grid row and column has a tile column.
  EXPECT_LE(Sizes[1], 100);
  EXPECT_LE(Sizes[2], 100);
  EXPECT_GE(Sizes[1], 1);
  EXPECT_GE(Sizes[2], 1);
  // 4 dimensions: band dimension 2 a grid dimension of one processor.
  const long E4[4] = {40, 64, 64, 30};
  long S4[4];
  ASSERT_EQ(hetile_grid_tile_sizes(4, E4, P, 60, 0.01, 1, S4, &R), 0);
  const long M4[4] = {64, 64, 30, 40};
  const long P4[3] = {2, 3, 1};
  hetile_tilesize_nd_problem Prob4 = {3, M4, P4, 60, 1, 0.01,
                                      HETILE_TILESIZE_ND_B_PRINTED};
  ASSERT_EQ(hetile_tilesize_nd_solve(&Prob4, &Want), 0);
  EXPECT_EQ(S4[0], Want.tile[3]);
  EXPECT_EQ(S4[1], Want.tile[0]);
  EXPECT_EQ(S4[2], Want.tile[1]);
  EXPECT_EQ(S4[3], Want.tile[2]);
}

// By hand: 8 x 8 x 100 on 2 x 2 with a start-up far above the work
// (beta = 1e6, tau_a = 1, tau_t = 0): the optimal volume exceeds
// prod u = 4 x 4, so the tile is u along the grid (one tile column per
// processor, the edge E_{n+1}), and (15) gives x_3 = sqrt(2 n beta W /
// (P prod u^2 sum (p_k - 1)(tau_t / u_k + tau_a))) = sqrt(2 x 2 x 1e6 x
// 6400 / (4 x 256 x 2)) = 3536 > 100: the whole projected axis.
TEST(GridTileSizes, HandDerivedEdge) {
  const long Extents[3] = {100, 8, 8};
  const int P[2] = {2, 2};
  long Sizes[3];
  hetile_tilesize_nd_result R;
  ASSERT_EQ(hetile_grid_tile_sizes(3, Extents, P, 1e6, 0, 1, Sizes, &R), 0)
      << hetile_last_error();
  EXPECT_EQ(R.on_edge, 1);
  EXPECT_EQ(Sizes[0], 100);
  EXPECT_EQ(Sizes[1], 4);
  EXPECT_EQ(Sizes[2], 4);
  // 9 x 7 points: [AY98]'s u = 4 x 3 would leave a third tile column of
  // one point; ceil(9 / 2) = 5 and ceil(7 / 2) = 4 give two per grid
  // dimension.
  const long Odd[3] = {100, 9, 7};
  ASSERT_EQ(hetile_grid_tile_sizes(3, Odd, P, 1e6, 0, 1, Sizes, &R), 0);
  EXPECT_EQ(R.on_edge, 1);
  EXPECT_EQ(Sizes[1], 5);
  EXPECT_EQ(Sizes[2], 4);
  EXPECT_EQ(R.tile[0], 5);
  EXPECT_EQ(R.tile[1], 4);
  // 5 points on 4 processors: ceil(5 / 4) = 2 makes 3 columns; [AY98]'s
  // floor, 1, stays.
  const long Five[3] = {100, 5, 8};
  const int P4[2] = {4, 2};
  ASSERT_EQ(hetile_grid_tile_sizes(3, Five, P4, 1e6, 0, 1, Sizes, &R), 0);
  EXPECT_EQ(R.on_edge, 1);
  EXPECT_EQ(Sizes[1], 1);
  EXPECT_EQ(Sizes[2], 4);
  // A grid larger than an extent has no [AY98] sizes.
  const int Big[2] = {9, 2};
  EXPECT_EQ(hetile_grid_tile_sizes(3, Extents, Big, 1, 0, 1, Sizes, nullptr),
            HETILE_ERR_INVALID);
  EXPECT_EQ(hetile_grid_tile_sizes(2, Extents, P, 1, 0, 1, Sizes, nullptr),
            HETILE_ERR_INVALID);
}
