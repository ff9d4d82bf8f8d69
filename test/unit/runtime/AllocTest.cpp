//===- AllocTest.cpp - [BDRV98] allocation against the paper ----------------===//
#include "hetile_rt.h"

#include <gtest/gtest.h>

#include <climits>
#include <vector>

namespace {

const long T358[] = {3, 5, 8};

// Table 2 of [BDRV98]: t = 3, 5, 8, chunk sizes 0..7, row by row.
TEST(AllocTable2, ReproducesEveryRow) {
  struct Row {
    long C[3];
    long Num, Den; // cost as printed: 3, 2.5, 2, 2, 1.8, 1.67, 1.71
    int Selected;  // -1: blank in the paper
  };
  const Row Paper[] = {
      {{0, 0, 0}, 0, 0, 0},  {{1, 0, 0}, 3, 1, 1},  {{1, 1, 0}, 5, 2, 0},
      {{2, 1, 0}, 6, 3, 2},  {{2, 1, 1}, 8, 4, 0},  {{3, 1, 1}, 9, 5, 1},
      {{3, 2, 1}, 10, 6, 0}, {{4, 2, 1}, 12, 7, -1}};
  std::vector<long> Rows(8 * 3);
  std::vector<int> Sel(8);
  ASSERT_EQ(hetile_alloc_table(3, T358, 7, Rows.data(), Sel.data()), 0);
  for (int S = 0; S < 8; ++S) {
    SCOPED_TRACE(S);
    for (int I = 0; I < 3; ++I)
      EXPECT_EQ(Rows[S * 3 + I], Paper[S].C[I]);
    if (Paper[S].Selected >= 0)
      EXPECT_EQ(Sel[S], Paper[S].Selected);
    if (S == 0)
      continue;
    long Num, Den;
    ASSERT_EQ(hetile_alloc_cost(3, T358, &Rows[S * 3], &Num, &Den), 0);
    EXPECT_EQ(Num * Paper[S].Den, Paper[S].Num * Den);
  }
}

// Section 4.2.2: "If we allow chunks of size not greater than 7, the best
// solution is obtained with the chunk (3, 2, 1) of size 6."
TEST(AllocBounded, BestUpToSevenIsChunkSix) {
  long C[3], Chunk;
  ASSERT_EQ(hetile_alloc_bounded(3, T358, 7, C, &Chunk), 0);
  EXPECT_EQ(Chunk, 6);
  EXPECT_EQ(C[0], 3);
  EXPECT_EQ(C[1], 2);
  EXPECT_EQ(C[2], 1);
}

// Equal costs: the smallest chunk wins (rows 3 and 4 both cost 2).
TEST(AllocBounded, TiesGoToSmallestChunk) {
  long C[3], Chunk;
  ASSERT_EQ(hetile_alloc_bounded(3, T358, 4, C, &Chunk), 0);
  EXPECT_EQ(Chunk, 3);
}

// Section 4.2.2: the algorithm converges to the optimal heuristic; cost_opt
// = L / C = (sum 1/t_i)^-1. For 3, 5, 8: L = 120, C = 40 + 24 + 15 = 79.
TEST(AllocOptimal, Proposition1Chunk) {
  long C[3], Chunk, L;
  ASSERT_EQ(hetile_alloc_lcm(3, T358, &L), 0);
  EXPECT_EQ(L, 120);
  ASSERT_EQ(hetile_alloc_optimal(3, T358, C, &Chunk), 0);
  EXPECT_EQ(C[0], 40);
  EXPECT_EQ(C[1], 24);
  EXPECT_EQ(C[2], 15);
  EXPECT_EQ(Chunk, 79);
  long Num, Den, BC[3], BChunk;
  ASSERT_EQ(hetile_alloc_cost(3, T358, C, &Num, &Den), 0);
  EXPECT_EQ(Num, 120);
  EXPECT_EQ(Den, 79);
  // The bounded algorithm reaches the same cost at the same chunk.
  ASSERT_EQ(hetile_alloc_bounded(3, T358, 200, BC, &BChunk), 0);
  long BNum, BDen;
  ASSERT_EQ(hetile_alloc_cost(3, T358, BC, &BNum, &BDen), 0);
  EXPECT_EQ(BNum * Den, Num * BDen);
  EXPECT_LE(BChunk, 79);
}

// Section 4.1 / 4.3.3: Table 1 times give L = 34,560,240, C = 8,469,789.
TEST(AllocOptimal, Table1Workstations) {
  const long T[] = {11, 26, 33, 33, 38, 40, 528, 530};
  long C[8], Chunk, L;
  ASSERT_EQ(hetile_alloc_lcm(8, T, &L), 0);
  EXPECT_EQ(L, 34560240);
  ASSERT_EQ(hetile_alloc_optimal(8, T, C, &Chunk), 0);
  EXPECT_EQ(Chunk, 8469789);
}

// Table 3 of [BDRV98]: the bounded heuristic on the Table 1 machines.
TEST(AllocBounded, Table3Rows) {
  const long T[] = {11, 26, 33, 33, 38, 40, 528, 530};
  struct Row {
    long Bound, Chunk, C[8];
  };
  const Row Paper[] = {{25, 18, {7, 3, 2, 2, 2, 2, 0, 0}},
                       {50, 39, {15, 6, 5, 5, 4, 4, 0, 0}},
                       {100, 87, {33, 14, 11, 11, 9, 9, 0, 0}},
                       {150, 139, {52, 22, 17, 17, 15, 14, 1, 1}}};
  for (const Row &R : Paper) {
    SCOPED_TRACE(R.Bound);
    long C[8], Chunk;
    ASSERT_EQ(hetile_alloc_bounded(8, T, R.Bound, C, &Chunk), 0);
    EXPECT_EQ(Chunk, R.Chunk);
    for (int I = 0; I < 8; ++I)
      EXPECT_EQ(C[I], R.C[I]);
  }
}

// Lemma 4: each row of the incremental algorithm is optimal for its chunk
// size; check against every allocation of s columns for small P and s.
void bruteBest(int P, const long *T, long S, std::vector<long> &C, int I,
               long Left, long &BestMax) {
  if (I == P - 1) {
    C[I] = Left;
    long Max = 0;
    for (int K = 0; K < P; ++K)
      Max = std::max(Max, C[K] * T[K]);
    BestMax = std::min(BestMax, Max);
    return;
  }
  for (long V = 0; V <= Left; ++V) {
    C[I] = V;
    bruteBest(P, T, S, C, I + 1, Left - V, BestMax);
  }
}

TEST(AllocTable, Lemma4AgainstBruteForce) {
  unsigned Seed = 12345;
  auto Next = [&Seed]() { return (Seed = Seed * 1103515245u + 12345u) >> 16; };
  for (int Trial = 0; Trial < 60; ++Trial) {
    int P = 1 + Next() % 4;
    std::vector<long> T(P);
    for (long &V : T)
      V = 1 + Next() % 12;
    const long MaxS = 9;
    std::vector<long> Rows((MaxS + 1) * P);
    ASSERT_EQ(hetile_alloc_table(P, T.data(), MaxS, Rows.data(), nullptr), 0);
    for (long S = 1; S <= MaxS; ++S) {
      long Max = 0, Sum = 0;
      for (int I = 0; I < P; ++I) {
        Max = std::max(Max, Rows[S * P + I] * T[I]);
        Sum += Rows[S * P + I];
      }
      EXPECT_EQ(Sum, S);
      std::vector<long> C(P);
      long BestMax = LONG_MAX;
      bruteBest(P, T.data(), S, C, 0, S, BestMax);
      EXPECT_EQ(Max, BestMax) << "trial " << Trial << " s " << S;
    }
  }
}

TEST(AllocOwners, PeriodicChunksLastIncomplete) {
  const long C[] = {3, 2, 1};
  int Owner[14];
  ASSERT_EQ(hetile_alloc_owners_from_counts(3, C, 14, Owner), 0);
  const int Want[] = {0, 0, 0, 1, 1, 2, 0, 0, 0, 1, 1, 2, 0, 0};
  for (int J = 0; J < 14; ++J)
    EXPECT_EQ(Owner[J], Want[J]) << J;
}

TEST(AllocOwners, CyclicAndBlockCyclic) {
  int Owner[7];
  ASSERT_EQ(hetile_alloc_block_cyclic(3, 2, 7, Owner), 0);
  const int Want[] = {0, 0, 1, 1, 2, 2, 0};
  for (int J = 0; J < 7; ++J)
    EXPECT_EQ(Owner[J], Want[J]);
  const double T[] = {1, 1, 1};
  ASSERT_EQ(hetile_alloc_owners(3, T, 7, HETILE_ALLOC_CYCLIC, 0, Owner), 0);
  EXPECT_EQ(Owner[4], 1);
}

TEST(AllocOwners, DecimalSpeedsScaleExactly) {
  const double T[] = {1.5, 3, 0.75};
  long I[3];
  ASSERT_EQ(hetile_alloc_times_to_integers(3, T, I), 0);
  EXPECT_EQ(I[0], 2);
  EXPECT_EQ(I[1], 4);
  EXPECT_EQ(I[2], 1);
  int Owner[7];
  // AUTO with C = 2 + 1 + 4 = 7 <= 7 columns: the optimal heuristic.
  ASSERT_EQ(hetile_alloc_owners(3, T, 7, HETILE_ALLOC_AUTO, 0, Owner), 0);
  const int Want[] = {0, 0, 1, 2, 2, 2, 2};
  for (int J = 0; J < 7; ++J)
    EXPECT_EQ(Owner[J], Want[J]);
}

TEST(AllocErrors, BadInputsAreErrorsWithMessages) {
  const long Bad[] = {3, 0, 8};
  long C[3], Chunk, L;
  EXPECT_EQ(hetile_alloc_bounded(3, Bad, 7, C, &Chunk), HETILE_ERR_INVALID);
  EXPECT_NE(std::string(hetile_last_error()).find("t_1"), std::string::npos);
  EXPECT_EQ(hetile_alloc_bounded(0, T358, 7, C, &Chunk), HETILE_ERR_INVALID);
  EXPECT_EQ(hetile_alloc_bounded(3, T358, 0, C, &Chunk), HETILE_ERR_INVALID);
  const long Primes[] = {1000003, 1000033, 1000037, 1000039};
  EXPECT_EQ(hetile_alloc_lcm(4, Primes, &L), HETILE_ERR_OVERFLOW);
  EXPECT_EQ(hetile_alloc_optimal(4, Primes, C, &Chunk), HETILE_ERR_OVERFLOW);
  // The generated code's entry point falls back to the bounded algorithm.
  const double PT[] = {1000003, 1000033, 1000037, 1000039};
  int Owner[8];
  EXPECT_EQ(hetile_alloc_owners(4, PT, 8, HETILE_ALLOC_OPTIMAL, 0, Owner), 0);
  const double Neg[] = {1, -2};
  EXPECT_EQ(hetile_alloc_owners(2, Neg, 8, HETILE_ALLOC_AUTO, 0, Owner),
            HETILE_ERR_INVALID);
}

} // namespace
