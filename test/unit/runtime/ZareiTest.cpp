//===- ZareiTest.cpp - [ZZ16] 3D tile sizes: Table 4.4, exact, GA -----------===//
#include "hetile_models.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

namespace {

// Normalized computational powers of Table 4.1, node types 1..9.
const double Type[10] = {0,      0.0529, 0.0531, 0.0920, 0.1029,
                         0.1197, 0.1383, 0.1405, 0.1438, 0.1568};

std::vector<double> nodes(std::initializer_list<std::pair<int, int>> Groups) {
  std::vector<double> Vp;
  for (auto [T, N] : Groups)
    Vp.insert(Vp.end(), N, Type[T]);
  return Vp;
}

std::vector<long> chunks(const std::vector<double> &Vp, long Uc = 1024) {
  std::vector<long> V(Vp.size());
  EXPECT_EQ(hetile_tilesize_3d_chunks((int)Vp.size(), Vp.data(), Uc, V.data()),
            0)
      << hetile_last_error();
  return V;
}

using Longs = std::vector<long>;

// Table 4.4, every V_i row of the 3D columns, U_c = 1024. "Without
// heterogeneity" = equal powers; experiments 6 and 7 use the weakest node
// of each group of Table 4.7 for the whole group.
TEST(Zarei, Table44ChunkSizes) {
  EXPECT_EQ(chunks(nodes({{1, 8}})), Longs(8, 128));                  // Exp.1
  EXPECT_EQ(chunks(nodes({{3, 4}, {1, 4}})),
            (Longs{163, 163, 163, 163, 93, 93, 93, 93}));            // Exp.2
  EXPECT_EQ(chunks(nodes({{8, 4}, {1, 4}})),
            (Longs{188, 188, 188, 188, 68, 68, 68, 68}));            // Exp.3
  EXPECT_EQ(chunks(nodes({{7, 4}, {4, 4}, {1, 4}})),
            (Longs{122, 122, 122, 122, 89, 89, 89, 89, 45, 45, 45, 45}));
  EXPECT_EQ(chunks(nodes({{9, 1}, {8, 1}, {7, 1}, {6, 1}, {5, 1}, {4, 1},
                          {3, 1}, {2, 1}, {1, 1}})),
            (Longs{161, 148, 144, 142, 122, 105, 94, 54, 54}));      // Exp.5
  EXPECT_EQ(chunks(nodes({{5, 5}, {1, 4}})),
            (Longs{152, 152, 152, 152, 152, 66, 66, 66, 66}));       // Exp.6
  EXPECT_EQ(chunks(nodes({{6, 4}, {3, 3}, {1, 2}})),
            (Longs{152, 152, 152, 152, 101, 101, 100, 57, 57}));     // Exp.7
  // Without heterogeneity: 12 nodes (Exp.4) and 9 nodes (Exp.5 to 7).
  EXPECT_EQ(chunks(std::vector<double>(12, 1.0)),
            (Longs{86, 86, 86, 86, 85, 85, 85, 85, 85, 85, 85, 85}));
  EXPECT_EQ(chunks(std::vector<double>(9, 1.0)),
            (Longs{114, 114, 114, 114, 114, 114, 114, 113, 113}));
}

// The leftover planes go to the fastest nodes wherever they are listed.
TEST(Zarei, ChunksInInputOrder) {
  std::vector<double> Vp = {0.0529, 0.0920, 0.0529, 0.0920};
  EXPECT_EQ(chunks(Vp), (Longs{186, 326, 186, 326}));
  EXPECT_EQ(chunks({1, 1, 1}, 10), (Longs{4, 3, 3}));
}

// Experiment 1: eight type-1 nodes, 1024^3, c_d = 300e-6, c_c = 0.8e-6,
// L2 = 2048 KB, doubles. M of (3.6) = 2097152 / (128 * 8) = 2048.
struct Exp1 {
  std::vector<double> Vp = std::vector<double>(8, 0.125);
  std::vector<long> Cache = std::vector<long>(8, 2048L * 1024);
  double Cp;
  hetile_tilesize_3d_problem Prob;
  explicit Exp1(double Cp) : Cp(Cp) {
    Prob = hetile_tilesize_3d_problem{
        8,      Vp.data(), 1024, 1024, 1024,    Cache.data(), 8,        300e-6,
        0.8e-6, 0,         1,    1,    nullptr, nullptr,      &this->Cp};
  }
};

// With a constant c_p, (3.4) at P = 8 and 512 tiles of 128 x 16 is
// 519 t_p + 1036 t_s: the TT = 6.0560 of Table 4.3 gives c_p = 2.975e-8 s.
// The unconstrained optimum h1 h2 ~ 4120 violates the cache, so the exact
// optimum lies on h1 h2 = M = 2048, where the paper's <128, 16> is.
// (The paper's measured c_p(h1, h2) table, which singles out <128, 16>
// among the points of that hyperbola, is not published.)
TEST(Zarei, Experiment1CacheBoundBinds) {
  double Ts = 300e-6 + 2048 * 0.8e-6;
  Exp1 E((6.0560 - 1036 * Ts) / 519 / (128.0 * 2048));
  long V[8], M;
  ASSERT_EQ(hetile_tilesize_3d_chunks(8, E.Vp.data(), 1024, V), 0);
  ASSERT_EQ(hetile_tilesize_3d_cache_bound(8, V, E.Cache.data(), 8, &M), 0);
  EXPECT_EQ(M, 2048);
  double T128x16;
  ASSERT_EQ(hetile_tilesize_3d_time(&E.Prob, 128, 16, &T128x16), 0);
  EXPECT_NEAR(T128x16, 6.0560, 1e-9);
  hetile_tilesize_3d_result R;
  ASSERT_EQ(hetile_tilesize_3d_solve_exact(&E.Prob, &R), 0)
      << hetile_last_error();
  EXPECT_EQ(R.h1 * R.h2, 2048);
  EXPECT_EQ(R.time, T128x16);
  EXPECT_EQ(R.bound, 2048);
  EXPECT_EQ(R.h1, 32); // the squarest point of the hyperbola (tie rule)
  hetile_tilesize_3d_ga_params Par{};
  Par.seed = 1;
  hetile_tilesize_3d_result G;
  ASSERT_EQ(hetile_tilesize_3d_solve_ga(&E.Prob, &Par, &G), 0)
      << hetile_last_error();
  EXPECT_LE(G.h1 * G.h2, 2048);
  EXPECT_LE(G.time, R.time * 1.01);
}

// (3.4) by hand for P = 3: (t_p + t_s) + (t_r + t_p + t_s) + n (t_r + t_p)
// + (n - 1) t_idle + T_wa with t_p = max_i V_i h1 h2 c_p_i.
TEST(Zarei, TimeByHand) {
  const double Vp[] = {2, 1, 1}; // V = 2, 1, 1 of U_c = 4
  const double Cp[] = {1e-3, 3e-3, 1e-3};
  hetile_tilesize_3d_problem P{3,    Vp, 4, 6, 10,      nullptr, 0, 0.5,
                               0.01, 7,  1, 1, nullptr, nullptr, Cp};
  // One grid point per node: cp has 3 values. h1 = 2, h2 = 5: area 10.
  double Tp = std::max(2 * 10 * 1e-3, 1 * 10 * 3e-3); // 0.03
  double Ts = 0.5 + 10 * 0.01, N = 60.0 / 10;
  double Want = (Tp + Ts) + (Ts + Tp + Ts) + N * (Ts + Tp) + (N - 1) * Ts + 7;
  double T;
  ASSERT_EQ(hetile_tilesize_3d_time(&P, 2, 5, &T), 0) << hetile_last_error();
  EXPECT_DOUBLE_EQ(T, Want);
  // One node: no messages, n t_p + T_wa.
  hetile_tilesize_3d_problem One = P;
  One.p = 1;
  ASSERT_EQ(hetile_tilesize_3d_time(&One, 2, 5, &T), 0);
  EXPECT_DOUBLE_EQ(T, 6 * (4 * 10 * 1e-3) + 7);
}

// Bilinear interpolation is exact on a bilinear function; constant
// beyond the grid's edges.
TEST(Zarei, BilinearCostTable) {
  const long G1[] = {1, 4, 16, 64}, G2[] = {1, 8, 32};
  auto F = [](double A, double B) { return 1 + 0.5 * A + 2 * B + 0.25 * A * B; };
  std::vector<double> Cp;
  for (long A : G1)
    for (long B : G2)
      Cp.push_back(F((double)A, (double)B));
  const double Vp[] = {1};
  hetile_tilesize_3d_problem P{1, Vp, 4, 64, 32, nullptr, 0,        0,
                               0, 0,  4, 3,  G1, G2,      Cp.data()};
  double C;
  for (double A : {1.0, 2.5, 4.0, 13.0, 40.0, 64.0})
    for (double B : {1.0, 3.0, 8.0, 31.5}) {
      ASSERT_EQ(hetile_tilesize_3d_cost(&P, 0, A, B, &C), 0);
      EXPECT_NEAR(C, F(A, B), 1e-12) << A << "," << B;
    }
  ASSERT_EQ(hetile_tilesize_3d_cost(&P, 0, 1000, 1000, &C), 0);
  EXPECT_DOUBLE_EQ(C, F(64, 32));
  ASSERT_EQ(hetile_tilesize_3d_cost(&P, 0, 0.5, 0.5, &C), 0);
  EXPECT_DOUBLE_EQ(C, F(1, 1));
}

/// A random instance with a bumpy c_p grid (not monotone) per node whose
/// values spread over Spread percent (measured costs vary gently).
struct Random {
  std::vector<double> Vp, Cp;
  std::vector<long> Cache, G1, G2;
  hetile_tilesize_3d_problem Prob;
  explicit Random(unsigned Seed, unsigned Spread = 30) {
    std::mt19937 R(Seed);
    int P = 1 + R() % 5;
    for (int I = 0; I < P; ++I)
      Vp.push_back(1 + R() % 9);
    long Us1 = 8 + R() % 120, Us2 = 8 + R() % 120, Uc = 10 * P + R() % 64;
    G1 = {1, 1 + Us1 / 3, Us1};
    G2 = {1, 1 + Us2 / 2, Us2};
    for (int I = 0; I < P * 9; ++I)
      Cp.push_back(1e-6 * (1 + 0.01 * (R() % Spread)));
    for (int I = 0; I < P; ++I)
      Cache.push_back(8L * Uc * (16 + R() % 3000));
    Prob = hetile_tilesize_3d_problem{
        P,         Vp.data(),         Uc,       Us1, Us2, Cache.data(),
        8,         1e-4 * (R() % 10), 1e-6,     0,   3,   3,
        G1.data(), G2.data(),         Cp.data()};
  }
};

// The exact solver against brute force over the whole rectangle, with the
// cache constraint written as in (3.5): V_i h1 h2 <= CacheSize_i (bytes of
// 8-byte elements).
TEST(Zarei, ExactMatchesBruteForce) {
  for (unsigned Seed = 1; Seed <= 25; ++Seed) {
    Random In(Seed);
    const hetile_tilesize_3d_problem &P = In.Prob;
    std::vector<long> V(P.p);
    ASSERT_EQ(hetile_tilesize_3d_chunks(P.p, P.vp, P.uc, V.data()), 0);
    double Best = INFINITY;
    for (long H1 = 1; H1 <= P.us1; ++H1)
      for (long H2 = 1; H2 <= P.us2; ++H2) {
        bool Fits = true;
        for (int I = 0; I < P.p; ++I)
          Fits &= V[I] * H1 * H2 * 8 <= P.cache[I];
        double T;
        ASSERT_EQ(hetile_tilesize_3d_time(&P, H1, H2, &T), 0);
        if (Fits)
          Best = std::min(Best, T);
      }
    hetile_tilesize_3d_result R;
    ASSERT_EQ(hetile_tilesize_3d_solve_exact(&P, &R), 0) << hetile_last_error();
    EXPECT_EQ(R.time, Best) << "seed " << Seed;
  }
}

// The GA within 2% of the exact optimum on random instances, and the same
// answer for the same seed. (Over 300 such instances: the exact optimum
// 73% of the time, worst 1.8%. With c_p spread over 100x the paper's weak
// fitness (3.7) misses edge optima by up to 3x: see docs/design.md.)
TEST(Zarei, GeneticWithinTwoPercent) {
  for (unsigned Seed = 1; Seed <= 25; ++Seed) {
    Random In(Seed);
    hetile_tilesize_3d_result Exact, Ga, Again;
    ASSERT_EQ(hetile_tilesize_3d_solve_exact(&In.Prob, &Exact), 0);
    hetile_tilesize_3d_ga_params Par{};
    Par.seed = Seed;
    ASSERT_EQ(hetile_tilesize_3d_solve_ga(&In.Prob, &Par, &Ga), 0)
        << hetile_last_error();
    EXPECT_LE(Ga.time, Exact.time * 1.02) << "seed " << Seed;
    EXPECT_GE(Ga.time, Exact.time) << "seed " << Seed;
    ASSERT_EQ(hetile_tilesize_3d_solve_ga(&In.Prob, &Par, &Again), 0);
    EXPECT_EQ(Ga.h1, Again.h1);
    EXPECT_EQ(Ga.h2, Again.h2);
    EXPECT_EQ(Ga.generation, Again.generation);
  }
}

TEST(Zarei, ImpossibleCache) {
  Exp1 E(3e-8);
  E.Cache[5] = 128 * 8 - 1; // node 5 cannot hold even a 1 x 1 tile
  hetile_tilesize_3d_result R;
  EXPECT_EQ(hetile_tilesize_3d_solve_exact(&E.Prob, &R), HETILE_ERR_INFEASIBLE);
  EXPECT_NE(std::strstr(hetile_last_error(), "node 5"), nullptr)
      << hetile_last_error();
  EXPECT_EQ(hetile_tilesize_3d_solve_ga(&E.Prob, nullptr, &R),
            HETILE_ERR_INFEASIBLE);
}

TEST(Zarei, BadInput) {
  long V[3];
  const double Zero[] = {1, 0, 1}, Neg[] = {1, -2, 1}, Ok[] = {1, 1, 1};
  EXPECT_EQ(hetile_tilesize_3d_chunks(3, Zero, 10, V), HETILE_ERR_INVALID);
  EXPECT_EQ(hetile_tilesize_3d_chunks(3, Neg, 10, V), HETILE_ERR_INVALID);
  EXPECT_EQ(hetile_tilesize_3d_chunks(3, Ok, 2, V), HETILE_ERR_INVALID);
  EXPECT_EQ(hetile_tilesize_3d_chunks(0, Ok, 2, V), HETILE_ERR_INVALID);
  const double Tiny[] = {1000, 1, 1}; // V = 3, 0, 0: empty chunks
  EXPECT_EQ(hetile_tilesize_3d_chunks(3, Tiny, 3, V), HETILE_ERR_INVALID);
  EXPECT_NE(std::strstr(hetile_last_error(), "empty chunk"), nullptr);
  Exp1 E(3e-8);
  double T;
  EXPECT_EQ(hetile_tilesize_3d_time(&E.Prob, 0, 16, &T), HETILE_ERR_INVALID);
  EXPECT_EQ(hetile_tilesize_3d_time(&E.Prob, 16, 1025, &T), HETILE_ERR_INVALID);
  E.Cp = -1;
  EXPECT_EQ(hetile_tilesize_3d_time(&E.Prob, 16, 16, &T), HETILE_ERR_INVALID);
  E.Cp = 3e-8;
  const long G[] = {4, 4};
  const double Cp2[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  E.Prob.ngrid1 = 2;
  E.Prob.grid1 = G;
  E.Prob.cp = Cp2;
  EXPECT_EQ(hetile_tilesize_3d_time(&E.Prob, 16, 16, &T), HETILE_ERR_INVALID);
  E.Prob.ngrid1 = 1;
  E.Prob.cd = NAN;
  EXPECT_EQ(hetile_tilesize_3d_time(&E.Prob, 16, 16, &T), HETILE_ERR_INVALID);
}

} // namespace
