//===- AndonovYanevTest.cpp - [AY98] against Examples 1, 2 and brute force ===//
#include "hetile_models.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

const long M1[] = {200, 700, 100, 150, 500};
const long P1[] = {5, 2, 7, 15};

hetile_tilesize_nd_problem example1(int Variant) {
  return hetile_tilesize_nd_problem{4, M1, P1, 60, 1, 0.01, Variant};
}

// Example 1 of section 3.2 and its continuation in section 3.3, with the B
// that reproduces the paper's numbers (see TileSizeAndonovYanev.cpp).
TEST(AndonovYanev, Example1) {
  hetile_tilesize_nd_problem Prob = example1(HETILE_TILESIZE_ND_B_EXAMPLE);
  hetile_tilesize_nd_result R;
  ASSERT_EQ(hetile_tilesize_nd_solve(&Prob, &R), 0);
  EXPECT_NEAR(R.mu, 135538.8711, 1e-3);
  EXPECT_NEAR(R.nu, 135873.2441, 1e-3);
  EXPECT_NEAR(R.volume, 135856, 0.5);
  const double Tilde[] = {17.9368, 4.4842, 26.9052, 62.7788};
  for (int I = 0; I < 4; ++I)
    EXPECT_NEAR(R.continuous[I], Tilde[I], 1e-4) << I;
  // "the proposed algorithm yields the point x1 = 17.9368, x2 = 54.10,
  // x3 = 14, x4 = 10"
  const double Proj[] = {17.9368, 54.10, 14, 10};
  for (int I = 0; I < 4; ++I)
    EXPECT_NEAR(R.projected[I], Proj[I], 5e-3) << I;
  const long Tile[] = {18, 54, 14, 10, 1};
  for (int I = 0; I < 5; ++I)
    EXPECT_EQ(R.tile[I], Tile[I]) << I;
  EXPECT_EQ(R.on_edge, 0);
}

// Formula (16) as printed: B = 25, nu = sqrt((A - 3C)/B).
TEST(AndonovYanev, Example1PrintedFormula) {
  hetile_tilesize_nd_problem Prob = example1(HETILE_TILESIZE_ND_B_PRINTED);
  hetile_tilesize_nd_result R;
  ASSERT_EQ(hetile_tilesize_nd_solve(&Prob, &R), 0);
  EXPECT_NEAR(R.nu, 138564.0646, 1e-3);
  EXPECT_GE(R.volume, R.mu);
  EXPECT_LE(R.volume, R.nu);
}

// Example 2 of section 3.4: x-bar = (2.77, 350, 14, 10), v = 135730 gives
// the integer point (3, 324, 14, 10).
TEST(AndonovYanev, Example2IntegerPoint) {
  const double XBar[] = {2.77, 350, 14, 10};
  const long U[] = {40, 350, 14, 10};
  long X[4];
  ASSERT_EQ(hetile_tilesize_nd_integer_point(4, XBar, U, 135730, X), 0);
  EXPECT_EQ(X[0], 3);
  EXPECT_EQ(X[1], 324);
  EXPECT_EQ(X[2], 14);
  EXPECT_EQ(X[3], 10);
}

// Theorem 3.2 against a numeric minimisation of T (16) over R^n_+ (compass
// search in log space), on random instances: the volumes agree.
double minimiseNumerically(const hetile_tilesize_nd_problem &Prob,
                           std::vector<double> X) {
  int N = Prob.n;
  double Best;
  hetile_tilesize_nd_time_facet(&Prob, X.data(), &Best);
  for (double Step = 1.0; Step > 1e-10;) {
    bool Moved = false;
    for (int I = 0; I < N; ++I)
      for (double Dir : {Step, -Step}) {
        std::vector<double> Y = X;
        Y[I] *= std::exp(Dir);
        double T;
        hetile_tilesize_nd_time_facet(&Prob, Y.data(), &T);
        if (T < Best) {
          Best = T, X = Y, Moved = true;
        }
      }
    if (!Moved)
      Step /= 2;
  }
  double V = 1;
  for (double Xi : X)
    V *= Xi;
  return V;
}

TEST(AndonovYanev, VolumeMatchesNumericMinimum) {
  unsigned Seed = 99;
  auto Next = [&Seed]() { return (Seed = Seed * 1103515245u + 12345u) >> 16; };
  for (int Trial = 0; Trial < 25; ++Trial) {
    int N = 1 + Next() % 4;
    std::vector<long> M(N + 1), P(N);
    for (int I = 0; I <= N; ++I)
      M[I] = 50 + Next() % 2000;
    for (int I = 0; I < N; ++I)
      P[I] = 2 + Next() % 8;
    hetile_tilesize_nd_problem Prob{N,
                                    M.data(),
                                    P.data(),
                                    10.0 + Next() % 100,
                                    0.1 + (Next() % 100) / 50.0,
                                    (Next() % 100) / 1000.0,
                                    HETILE_TILESIZE_ND_B_PRINTED};
    hetile_tilesize_nd_result R;
    ASSERT_EQ(hetile_tilesize_nd_solve(&Prob, &R), 0);
    EXPECT_GE(R.volume, R.mu * (1 - 1e-9)) << Trial;
    EXPECT_LE(R.volume, R.nu * (1 + 1e-9)) << Trial;
    double V = minimiseNumerically(Prob, std::vector<double>(N, 1.0));
    EXPECT_NEAR(V / R.volume, 1.0, 1e-3) << "trial " << Trial;
    // And T at the continuous optimum (19) is no worse than the search's.
    double TOpt, TNum;
    ASSERT_EQ(hetile_tilesize_nd_time_facet(&Prob, R.continuous, &TOpt), 0);
    std::vector<double> XN(N, std::pow(V, 1.0 / N));
    hetile_tilesize_nd_time_facet(&Prob, XN.data(), &TNum);
    EXPECT_LE(TOpt, TNum * (1 + 1e-9)) << Trial;
  }
}

TEST(AndonovYanev, BadInput) {
  const long M[] = {10, 10};
  const long P[] = {20};
  hetile_tilesize_nd_problem Prob{1, M, P, 1, 1, 0.1, 0};
  hetile_tilesize_nd_result R;
  EXPECT_EQ(hetile_tilesize_nd_solve(&Prob, &R), HETILE_ERR_INVALID);
  const long P2[] = {2};
  Prob.p = P2;
  Prob.tau_a = 0;
  EXPECT_EQ(hetile_tilesize_nd_solve(&Prob, &R), HETILE_ERR_INVALID);
}

// A single processor has no pipeline: the tile is the whole domain.
TEST(AndonovYanev, SingleProcessorTakesEverything) {
  const long M[] = {10, 20};
  const long P[] = {1};
  hetile_tilesize_nd_problem Prob{1, M, P, 5, 1, 0.1, 0};
  hetile_tilesize_nd_result R;
  ASSERT_EQ(hetile_tilesize_nd_solve(&Prob, &R), 0);
  EXPECT_EQ(R.tile[0], 10);
  EXPECT_EQ(R.tile[1], 20);
}

} // namespace
