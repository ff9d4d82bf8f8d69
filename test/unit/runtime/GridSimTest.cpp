//===- GridSimTest.cpp - the grid simulator, by hand and brute force ------===//
#include "hetile_models.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <tuple>
#include <vector>

namespace {

std::vector<int> cyclic(long N, int P) {
  std::vector<int> V(N);
  for (long J = 0; J < N; ++J)
    V[J] = (int)(J % P);
  return V;
}

double gridMakespan(int P1, int P2, const std::vector<double> &T, long N0,
                    long N1, long N2, const std::vector<int> &Row,
                    const std::vector<int> &Col, double C0, double C1) {
  const double TCom[] = {C0, C1};
  double MS = -1;
  EXPECT_EQ(hetile_sim_grid_makespan(P1, P2, T.data(), N0, N1, N2, Row.data(),
                                     Col.data(), TCom, &MS),
            0);
  return MS;
}

// A 1 x 1 grid computes every tile in turn: the sum of all tiles, whatever
// the message costs.
TEST(GridSim, OneProcessorIsSumOfTiles) {
  EXPECT_DOUBLE_EQ(gridMakespan(1, 1, {3}, 2, 3, 4, {0, 0}, {0, 0, 0}, 5, 7),
                   3 * 2 * 3 * 4);
}

// 2 x 1 grid, two tile columns (0,0) on rank 0 (t = 1) and (1,0) on rank 1
// (t = 2), N2 = 5 tiles each, T_com = c along dimension 0. Rank 0 finishes
// (0,0,k) at k + 1; rank 1 starts (1,0,0) at 1 + c and is then never
// starved (its tiles take 2, rank 0's arrive every 1): 1 + c + 2 x 5.
TEST(GridSim, TwoByOneTwoColumns) {
  EXPECT_DOUBLE_EQ(gridMakespan(2, 1, {1, 2}, 2, 1, 5, {0, 1}, {0}, 0.5, 9),
                   1 + 0.5 + 10);
  // The faster one second: rank 1 waits for every tile of rank 0 (t = 2),
  // finishing its last at 2 x 5 + c + 1.
  EXPECT_DOUBLE_EQ(gridMakespan(2, 1, {2, 1}, 2, 1, 5, {0, 1}, {0}, 0.5, 9),
                   10 + 0.5 + 1);
}

// 2 x 2 grid, 2 x 2 x 2 tiles, t = 1, T_com = 1, one column per rank:
//   r0 (0,0,0) [0,1] (0,0,1) [1,2]
//   r1 (0,1,0) [2,3] (0,1,1) [3,4]   (from r0: 1 + 1, 2 + 1)
//   r2 (1,0,0) [2,3] (1,0,1) [3,4]
//   r3 (1,1,0) [4,5] (1,1,1) [5,6]   (from r1 and r2: 3 + 1, 4 + 1)
// and a multiple-pass case: 3 x 3 x 1 tiles cyclic on 2 x 2, T_com = 0,
// rank 0 owning (0,0), (0,2), (2,0), (2,2) and running them in that order:
//   (0,0) r0 [0,1]  (0,1) r1 [1,2]  (0,2) r0 [2,3]
//   (1,0) r2 [1,2]  (1,1) r3 [2,3]  (1,2) r2 [3,4]
//   (2,0) r0 [3,4]  (2,1) r1 [4,5]  (2,2) r0 [5,6]
TEST(GridSim, TwoByTwoByHand) {
  std::vector<double> T(4, 1.0);
  EXPECT_DOUBLE_EQ(gridMakespan(2, 2, T, 2, 2, 2, {0, 1}, {0, 1}, 1, 1), 6);
  EXPECT_DOUBLE_EQ(
      gridMakespan(2, 2, T, 3, 3, 1, cyclic(3, 2), cyclic(3, 2), 0, 0), 6);
  // The same with T_com = 1 on dimension 1 only: (0,1) [2,3], (0,2) r0
  // [4,5] (from (0,1) at 3 + 1), (1,0) [1,2], (1,1) [3,4], (1,2) r2 [5,6],
  // (2,0) r0 [5,6], (2,1) r1 [7,8] (from (2,0) 6 + 1), (2,2) r0 [9,10].
  EXPECT_DOUBLE_EQ(
      gridMakespan(2, 2, T, 3, 3, 1, cyclic(3, 2), cyclic(3, 2), 0, 1), 10);
}

// The longest path of the schedule's graph, found recursively: a tile's
// start is the latest of its predecessors' messages' arrival and of the
// moment its processor is done with the tile it ran before (its sends
// included). With Clusters, a message to another cluster costs the sender
// Link after the tile, dimension 1's message first, and arrives when paid.
double bruteForce(int P1, int P2, const std::vector<double> &T, long N0,
                  long N1, long N2, const std::vector<int> &Row,
                  const std::vector<int> &Col, double C0, double C1,
                  const std::vector<int> &Clusters = {}, double Link = 0) {
  using Tile = std::tuple<long, long, long>;
  struct Times {
    double Done, Down, Right; // free again; arrival along dims 0 and 1
  };
  auto RankOf = [&](long A, long B) { return Row[A] * P2 + Col[B]; };
  std::map<Tile, Tile> Before; // the processor's previous tile
  std::map<int, Tile> Last;
  for (long A = 0; A < N0; ++A)
    for (long B = 0; B < N1; ++B)
      for (long C = 0; C < N2; ++C) {
        Tile X{A, B, C};
        int Q = RankOf(A, B);
        if (Last.count(Q))
          Before[X] = Last[Q];
        Last[Q] = X;
      }
  std::map<Tile, Times> Memo;
  std::function<Times(const Tile &)> Run = [&](const Tile &X) -> Times {
    auto It = Memo.find(X);
    if (It != Memo.end())
      return It->second;
    auto [A, B, C] = X;
    int Q = RankOf(A, B);
    double S = 0;
    if (Before.count(X))
      S = std::max(S, Run(Before[X]).Done);
    if (A > 0)
      S = std::max(S, Run(Tile{A - 1, B, C}).Down);
    if (B > 0)
      S = std::max(S, Run(Tile{A, B - 1, C}).Right);
    double F = S + T[Q], Busy = F;
    auto Send = [&](bool Exists, int Dest, double Cost) {
      if (!Exists || Dest == Q)
        return F;
      if (!Clusters.empty() && Clusters[Dest] != Clusters[Q])
        return Busy += Link;
      return F + Cost;
    };
    double Right = Send(B + 1 < N1, B + 1 < N1 ? RankOf(A, B + 1) : -1, C1);
    double Down = Send(A + 1 < N0, A + 1 < N0 ? RankOf(A + 1, B) : -1, C0);
    return Memo[X] = Times{Busy, Down, Right};
  };
  double MS = 0;
  for (long A = 0; A < N0; ++A)
    for (long B = 0; B < N1; ++B)
      for (long C = 0; C < N2; ++C)
        MS = std::max(MS, Run(Tile{A, B, C}).Done);
  return MS;
}

// Random small grids, spaces, speeds, costs and owner tables (cyclic and
// arbitrary, as a heterogeneous mapping may give), against brute force;
// and on random clusters of the ranks with a link.
TEST(GridSim, MatchesBruteForce) {
  unsigned Seed = 11;
  auto Next = [&Seed]() { return (Seed = Seed * 1103515245u + 12345u) >> 16; };
  for (int Trial = 0; Trial < 400; ++Trial) {
    int P1 = 1 + Next() % 3, P2 = 1 + Next() % 3;
    long N0 = 1 + Next() % 5, N1 = 1 + Next() % 5, N2 = 1 + Next() % 4;
    std::vector<double> T(P1 * P2);
    for (double &X : T)
      X = 1 + Next() % 7;
    std::vector<int> Row = cyclic(N0, P1), Col = cyclic(N1, P2);
    if (Trial % 2) {
      for (int &R : Row)
        R = (int)(Next() % P1);
      for (int &C : Col)
        C = (int)(Next() % P2);
    }
    double C0 = (Next() % 5) / 2.0, C1 = (Next() % 5) / 2.0;
    if (Trial < 200) {
      EXPECT_DOUBLE_EQ(gridMakespan(P1, P2, T, N0, N1, N2, Row, Col, C0, C1),
                       bruteForce(P1, P2, T, N0, N1, N2, Row, Col, C0, C1))
          << "trial " << Trial;
      continue;
    }
    std::vector<int> Clusters(P1 * P2);
    for (int &K : Clusters)
      K = (int)(Next() % 3);
    double Link = (Next() % 9) / 2.0, MS = -1;
    const double TCom[] = {C0, C1};
    ASSERT_EQ(hetile_sim_grid_makespan_links(P1, P2, T.data(), N0, N1, N2,
                                             Row.data(), Col.data(), TCom,
                                             Clusters.data(), Link, &MS),
              0);
    EXPECT_DOUBLE_EQ(MS, bruteForce(P1, P2, T, N0, N1, N2, Row, Col, C0, C1,
                                    Clusters, Link))
        << "trial " << Trial;
  }
}

// 1 x 2 grid in clusters {0} and {1}, 1 x 2 x 2 tiles of 1, link 3: rank
// 0 runs (0,0,0) [0,1], pays the link to 4, (0,0,1) [4,5], pays to 8;
// rank 1 runs (0,1,0) [4,5] and (0,1,1) [8,9]. The same ranks in one
// cluster with T_com 3: (0,1,0) [4,5], (0,1,1) from 2 + 3 = 5: [5,6].
TEST(GridSim, LinkPaidBySender) {
  const double T[] = {1, 1}, TCom[] = {3, 3};
  const int Row[] = {0}, Col[] = {0, 1}, Two[] = {0, 1}, One[] = {0, 0};
  double MS;
  ASSERT_EQ(hetile_sim_grid_makespan_links(1, 2, T, 1, 2, 2, Row, Col, TCom,
                                           Two, 3, &MS),
            0);
  EXPECT_DOUBLE_EQ(MS, 9);
  ASSERT_EQ(hetile_sim_grid_makespan_links(1, 2, T, 1, 2, 2, Row, Col, TCom,
                                           One, 100, &MS),
            0);
  EXPECT_DOUBLE_EQ(MS, 6);
  EXPECT_NE(hetile_sim_grid_makespan_links(1, 2, T, 1, 2, 2, Row, Col, TCom,
                                           nullptr, 3, &MS),
            0);
}

TEST(GridSim, RejectsBadInput) {
  const double T[] = {1, 1};
  const int Row[] = {0, 2}, Col[] = {0};
  const double TCom[] = {0, 0}, Neg[] = {-1, 0};
  double MS;
  EXPECT_NE(hetile_sim_grid_makespan(2, 1, T, 2, 1, 1, Row, Col, TCom, &MS),
            0); // grid row 2 on a 2 x 1 grid
  const int Good[] = {0, 1};
  EXPECT_NE(hetile_sim_grid_makespan(2, 1, T, 2, 1, 1, Good, Col, Neg, &MS),
            0);
  EXPECT_NE(hetile_sim_grid_makespan(2, 1, T, 0, 1, 1, Good, Col, TCom, &MS),
            0);
  EXPECT_NE(hetile_sim_grid_makespan(0, 1, T, 2, 1, 1, Good, Col, TCom, &MS),
            0);
}

} // namespace
