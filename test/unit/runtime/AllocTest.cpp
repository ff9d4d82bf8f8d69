//===- AllocTest.cpp - [BDRV98] allocation against the paper ----------------===//
#include "hetile_models.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <numeric>
#include <random>
#include <string>
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

// ---- HETILE_ALLOC_CHUNK: [ZZ16] section 3, Algorithm 1, on tile columns:
// U_c = n2, vp_i = 1/t_i, one block of V_i = U_c vp_i (vp normalised to sum
// 1) contiguous columns per processor, blocks laid out fastest first.

/// Owners of n2 columns under CHUNK; -7 marks a column never written.
std::vector<int> chunkOwners(std::vector<double> T, long N2) {
  std::vector<int> Owner(N2 + 1, -7);
  EXPECT_EQ(hetile_alloc_owners((int)T.size(), T.data(), N2,
                                HETILE_ALLOC_CHUNK, 0, Owner.data()),
            0)
      << hetile_last_error();
  EXPECT_EQ(Owner[N2], -7) << "wrote past owner[n2 - 1]";
  Owner.pop_back();
  return Owner;
}

/// Runs[k] = {owner, length} of the k-th maximal run of equal owners.
std::vector<std::pair<int, long>> runsOf(const std::vector<int> &Owner) {
  std::vector<std::pair<int, long>> Runs;
  for (int O : Owner)
    if (!Runs.empty() && Runs.back().first == O)
      ++Runs.back().second;
    else
      Runs.push_back({O, 1});
  return Runs;
}

using Runs = std::vector<std::pair<int, long>>;

// t = 1,2,4,8: vp = 8/15, 4/15, 2/15, 1/15 of 30 columns, exactly
// V = 16, 8, 4, 2 (no rounding); node 1 of the paper is processor 0.
TEST(AllocChunk, PowersOfTwoDivideExactly) {
  EXPECT_EQ(runsOf(chunkOwners({1, 2, 4, 8}, 30)),
            (Runs{{0, 16}, {1, 8}, {2, 4}, {3, 2}}));
}

// t = 3,1: processor 1 is three times faster, vp = 1/4, 3/4 of 8 columns:
// V_1 = 6 comes first (the leftmost chunk is the fastest node's), V_0 = 2.
TEST(AllocChunk, FastestProcessorFirstWhereverListed) {
  EXPECT_EQ(chunkOwners({3, 1}, 8), (std::vector<int>{1, 1, 1, 1, 1, 1, 0, 0}));
  // t = 2,1,2 on 7: vp = 1/4, 1/2, 1/4, floors 1, 3, 1, the two columns
  // left over to the fastest (1) then the first of the tie (0).
  EXPECT_EQ(runsOf(chunkOwners({2, 1, 2}, 7)), (Runs{{1, 4}, {0, 2}, {2, 1}}));
  // Decimal times scale exactly: 1.5, 3, 0.75 are 2, 4, 1, vp = 2/7, 1/7,
  // 4/7 of 7 columns.
  EXPECT_EQ(runsOf(chunkOwners({1.5, 3, 0.75}, 7)),
            (Runs{{2, 4}, {0, 2}, {1, 1}}));
}

// Equal speeds (Fig. 3.1(b): equal chunks): 10 / 3 = 3 each, the column
// left over to the first node; input order kept.
TEST(AllocChunk, EqualSpeedsEqualChunks) {
  EXPECT_EQ(runsOf(chunkOwners({2, 2, 2}, 10)), (Runs{{0, 4}, {1, 3}, {2, 3}}));
  EXPECT_EQ(runsOf(chunkOwners({1, 1, 1, 1}, 8)),
            (Runs{{0, 2}, {1, 2}, {2, 2}, {3, 2}}));
}

// Fewer columns than processors: one column each to the n2 fastest, in
// the same order; the others own nothing. No column at all is no error.
TEST(AllocChunk, FewerColumnsThanProcessors) {
  EXPECT_EQ(chunkOwners({4, 1, 2}, 2), (std::vector<int>{1, 2}));
  EXPECT_EQ(chunkOwners({4, 1, 2}, 1), (std::vector<int>{1}));
  EXPECT_EQ(chunkOwners({5, 5, 5}, 2), (std::vector<int>{0, 1}));
  EXPECT_EQ(chunkOwners({1, 2, 4}, 0), (std::vector<int>{}));
  EXPECT_EQ(chunkOwners({3}, 0), (std::vector<int>{}));
  // More than one column per processor on average is the paper's rule
  // again: 3 columns, vp = 4/7, 2/7, 1/7, floors 1, 0, 0, the two left over
  // to processors 0 and 1.
  EXPECT_EQ(chunkOwners({1, 2, 4}, 3), (std::vector<int>{0, 0, 1}));
}

// hetile_tilesize_3d_chunks refuses a node whose share rounds to nothing even
// when U_c >= P; the column allocation gives it no column instead: t = 1,2,4,8
// on 4 columns, shares 2.13, 1.07, 0.53, 0.27, floors 2, 1, 0, 0, the
// column left over to processor 0.
TEST(AllocChunk, ShareBelowOneColumnOwnsNothing) {
  const double Vp[] = {8, 4, 2, 1};
  long V[4];
  EXPECT_EQ(hetile_tilesize_3d_chunks(4, Vp, 4, V), HETILE_ERR_INVALID);
  EXPECT_EQ(chunkOwners({1, 2, 4, 8}, 4), (std::vector<int>{0, 0, 0, 1}));
}

// Table 4.4 of [ZZ16], U_c = 1024, experiments 2 and 3: node types 3 (vp
// 0.0920) and 8 (0.1438) of Table 4.1 against type 1 (0.0529). Cycle times
// inverse to the powers: 0.0920 : 0.0529 = 920 : 529, so t = 529 (type 3)
// and 920 (type 1); 0.1438 : 0.0529 gives t = 529 (type 8) and 1438 (type
// 1). The slow nodes are listed first: their chunks still come last.
TEST(AllocChunk, Table44ChunkRows) {
  std::vector<double> Exp2 = {920, 920, 920, 920, 529, 529, 529, 529};
  EXPECT_EQ(runsOf(chunkOwners(Exp2, 1024)),
            (Runs{{4, 163}, {5, 163}, {6, 163}, {7, 163},
                  {0, 93}, {1, 93}, {2, 93}, {3, 93}}));
  std::vector<double> Exp3 = {1438, 1438, 1438, 1438, 529, 529, 529, 529};
  EXPECT_EQ(runsOf(chunkOwners(Exp3, 1024)),
            (Runs{{4, 188}, {5, 188}, {6, 188}, {7, 188},
                  {0, 68}, {1, 68}, {2, 68}, {3, 68}}));
}

// lcm(t) past 2^52: the powers 1/t_i are rounded in long double. Shares of
// 8 columns are 2 +- 3e-5 here, far from any rounding doubt: floors 2, 1,
// 1, 1, the three columns left over to processors 0, 1, 2.
TEST(AllocChunk, HugeLcmStillRoundsRight) {
  EXPECT_EQ(runsOf(chunkOwners({1000003, 1000033, 1000037, 1000039}, 8)),
            (Runs{{0, 3}, {1, 2}, {2, 2}, {3, 1}}));
}

TEST(AllocChunk, UnknownStrategiesAreErrors) {
  const double T[] = {1, 2};
  int Owner[4];
  EXPECT_EQ(hetile_alloc_owners(2, T, 4, HETILE_ALLOC_CHUNK + 1, 0, Owner),
            HETILE_ERR_INVALID);
  EXPECT_NE(std::string(hetile_last_error()).find("unknown strategy"),
            std::string::npos);
  EXPECT_EQ(hetile_alloc_owners(2, T, 4, -1, 0, Owner), HETILE_ERR_INVALID);
  const double Bad[] = {1, 0};
  EXPECT_EQ(hetile_alloc_owners(2, Bad, 4, HETILE_ALLOC_CHUNK, 0, Owner),
            HETILE_ERR_INVALID);
}

// Over random platforms: each processor owns one contiguous run or none;
// the runs follow the order t ascending, ties by index, and the owning
// processors are the first ones of that order; with n2 >= p the run
// lengths are hetile_tilesize_3d_chunks's V_i for vp_i = lcm(t)/t_i when it
// accepts them, and otherwise still at most one column off n2 vp_i (the floor
// loses less than one, the leftover adds at most one; exact rationals).
// Returns 1 when hetile_tilesize_3d_chunks refused although n2 >= p.
int checkChunkProperties(const std::vector<long> &T, long N2) {
  int P = (int)T.size();
  std::vector<double> TD(T.begin(), T.end());
  std::vector<int> Owner = chunkOwners(TD, N2);
  std::vector<int> Order(P);
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(), [&](int L, int R) {
    return T[L] < T[R] || (T[L] == T[R] && L < R);
  });
  Runs R = runsOf(Owner);
  EXPECT_LE(R.size(), (size_t)P);
  if (R.size() > (size_t)P)
    return 0;
  std::vector<long> Count(P, 0);
  for (size_t K = 0; K < R.size(); ++K) {
    EXPECT_EQ(R[K].first, Order[K]) << "run " << K;
    Count[R[K].first] = R[K].second;
  }
  if (N2 < P) {
    EXPECT_EQ(R.size(), (size_t)N2);
    for (auto &Run : R)
      EXPECT_EQ(Run.second, 1);
    return 0;
  }
  long L = 1;
  for (long X : T)
    L = std::lcm(L, X);
  std::vector<double> Vp(P);
  long W = 0;
  for (int I = 0; I < P; ++I) {
    Vp[I] = (double)(L / T[I]);
    W += L / T[I];
  }
  std::vector<long> V(P);
  if (hetile_tilesize_3d_chunks(P, Vp.data(), N2, V.data()) == HETILE_OK) {
    EXPECT_EQ(Count, V);
    return 0;
  }
  for (int I = 0; I < P; ++I) // |V_i W - n2 w_i| <= W
    EXPECT_LE(std::labs(Count[I] * W - N2 * (L / T[I])), W) << "p" << I;
  return 1;
}

TEST(AllocChunk, RandomPlatformsProperties) {
  std::mt19937 Rng(20160917);
  int Refused = 0;
  for (int Trial = 0; Trial < 2000; ++Trial) {
    int P = 1 + (int)(Rng() % 8);
    std::vector<long> T(P);
    for (long &X : T)
      X = 1 + (long)(Rng() % 12);
    long N2 = (long)(Rng() % 70);
    SCOPED_TRACE("trial " + std::to_string(Trial));
    Refused += checkChunkProperties(T, N2);
  }
  EXPECT_GT(Refused, 0) << "no trial reached a share below one column";
}

// hetile_alloc_counts gives the counts behind hetile_alloc_owners (what
// hetile-plan prints): the owners they repeat are the owners.
TEST(AllocCounts, AgreeWithOwners) {
  const long T[] = {3, 5, 8};
  const double D[] = {3, 5, 8};
  for (int K = HETILE_ALLOC_AUTO; K <= HETILE_ALLOC_CHUNK; ++K)
    for (long N2 : {1L, 3L, 10L, 79L, 200L}) {
      long Param = K == HETILE_ALLOC_BLOCK_CYCLIC ? 2 : 0;
      long Counts[3], Chunk;
      int FellBack;
      ASSERT_EQ(hetile_alloc_counts(3, T, N2, K, Param, Counts, &Chunk,
                                    &FellBack), 0)
          << hetile_last_error();
      EXPECT_EQ(FellBack, K == HETILE_ALLOC_AUTO && N2 < 79 ? 1 : 0);
      std::vector<int> Owners(N2), Repeated(N2);
      ASSERT_EQ(hetile_alloc_owners(3, D, N2, K, Param, Owners.data()), 0);
      if (K == HETILE_ALLOC_CHUNK) {
        // One block each, fastest first: the counts are the block sizes.
        std::vector<long> Seen(3, 0);
        for (int O : Owners)
          ++Seen[O];
        EXPECT_EQ(Seen, std::vector<long>(Counts, Counts + 3)) << N2;
        continue;
      }
      ASSERT_EQ(hetile_alloc_owners_from_counts(3, Counts, N2,
                                                Repeated.data()), 0);
      EXPECT_EQ(Owners, Repeated) << "strategy " << K << ", " << N2;
    }
  EXPECT_EQ(hetile_alloc_default_bound(3, 10), 3);
  EXPECT_EQ(hetile_alloc_default_bound(3, 100), 25);
}

} // namespace
