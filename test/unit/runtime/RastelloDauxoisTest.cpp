//===- RastelloDauxoisTest.cpp - [RD02] strips and redundant tasks ----------===//
#include "hetile_models.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <vector>

namespace {

hetile_strips_model model(double TauCalc, double TauL2, double TauMem,
                          long Threshold = 3000, double Beta = 0,
                          double TauComm = 0) {
  return hetile_strips_model{TauCalc, TauL2, TauMem, Threshold, Beta, TauComm};
}

// Section 3.3: "w(w-1) more tasks for each tile".
TEST(RastelloDauxois, RedundantTasks) {
  long N;
  ASSERT_EQ(hetile_strips_redundant_tasks(100, &N), 0);
  EXPECT_EQ(N, 9900);
  ASSERT_EQ(hetile_strips_redundant_tasks(1, &N), 0);
  EXPECT_EQ(N, 0);
  EXPECT_EQ(hetile_strips_redundant_tasks(0, &N), HETILE_ERR_INVALID);
}

// Section 4.4's formula as printed, with delta_{h>3000}; with no memory
// costs it counts the hw tasks of the rectangle plus the w(w-1) redundant
// ones.
TEST(RastelloDauxois, TcalcAsPrinted) {
  hetile_strips_model M = model(2e-7, 3e-8, 5e-8);
  for (long H : {1L, 100L, 3000L, 3001L, 50000L})
    for (long W : {1L, 16L, 100L}) {
      double Delta = H > 3000 ? 1 : 0, h = (double)H, w = (double)W;
      double Printed = h * w * ((3e-8 + Delta * 5e-8) * (1 / w + 2 / h) +
                                (1 + (w - 1) / h) * 2e-7);
      double T;
      ASSERT_EQ(hetile_strips_tcalc(&M, H, W, 1, &T), 0);
      EXPECT_NEAR(T, Printed, 1e-12 * Printed) << H << " " << W;
      ASSERT_EQ(hetile_strips_tcalc(&M, H, W, 2.5, &T), 0);
      EXPECT_NEAR(T, 2.5 * Printed, 1e-12 * Printed);
    }
  hetile_strips_model Tasks = model(1, 0, 0);
  double T;
  ASSERT_EQ(hetile_strips_tcalc(&Tasks, 700, 100, 1, &T), 0);
  EXPECT_EQ(T, 700 * 100 + 9900);
}

// Section 5: 14 Pom nodes (3.99e-7) and 11 PoPC nodes (7.09e-7):
// 1 / (14 / t_pom + 11 / t_popc) ~ 1.97e-8 (1.976e-8, truncated).
std::vector<double> popcPom() {
  std::vector<double> T(14, 3.99e-7);
  T.insert(T.end(), 11, 7.09e-7);
  return T;
}

TEST(RastelloDauxois, ExtrapolatedOptimalTime) {
  std::vector<double> T = popcPom();
  double X;
  ASSERT_EQ(hetile_strips_extrapolated_time(25, T.data(), &X), 0);
  EXPECT_NEAR(X, 1.9762e-8, 0.0001e-8); // printed truncated: 1.97e-8
  EXPECT_EQ(std::floor(X * 1e10), 197);
}

/// The smallest max_j t_j T_calc(h_j) over all h_j >= 1 with sum H.
double bruteForce(const hetile_strips_model &M, const std::vector<double> &T,
                  long H, long W) {
  int P = (int)T.size();
  std::vector<long> Hs(P, 1);
  double Best = INFINITY;
  std::function<void(int, long)> Rec = [&](int J, long Left) {
    if (J == P - 1) {
      Hs[J] = Left;
      double Max = 0, X;
      for (int K = 0; K < P; ++K) {
        hetile_strips_tcalc(&M, Hs[K], W, T[K], &X);
        Max = std::max(Max, X);
      }
      Best = std::min(Best, Max);
      return;
    }
    for (long V = 1; V <= Left - (P - 1 - J); ++V)
      Hs[J] = V, Rec(J + 1, Left - V);
  };
  Rec(0, H);
  return Best;
}

// T_calc(h_j, w, P_j) ~ constant, made exact: the heights minimise the
// maximum, as brute force does; also across the memory threshold.
TEST(RastelloDauxois, HeightsMatchBruteForce) {
  std::vector<std::vector<double>> Platforms = {
      {1}, {1, 1}, {1, 2, 3}, {3, 5, 8}, {1, 1.5, 1, 7}};
  for (long Threshold : {3L, 3000L})
    for (const auto &T : Platforms)
      for (long H = (long)T.size(); H <= 14; ++H)
        for (long W : {1L, 4L}) {
          hetile_strips_model M = model(1, 0.7, 5, Threshold);
          std::vector<long> Hs(T.size());
          double Max;
          ASSERT_EQ(hetile_strips_heights(&M, (int)T.size(), T.data(), H, W,
                                          Hs.data(), &Max),
                    0)
              << hetile_last_error();
          long Sum = 0;
          for (long X : Hs) {
            Sum += X;
            EXPECT_GE(X, 1);
          }
          EXPECT_EQ(Sum, H);
          EXPECT_DOUBLE_EQ(Max, bruteForce(M, T, H, W))
              << "H " << H << " W " << W << " thr " << Threshold;
        }
}

// The 25 processors of section 5 with w = 100 on a large domain: every
// row goes where it costs least, so no processor's T_calc exceeds another's
// by more than one row; Pom nodes get about 7.09 / 3.99 more rows.
TEST(RastelloDauxois, HeightsOnPomAndPopc) {
  std::vector<double> T = popcPom();
  hetile_strips_model M = model(1, 0.02, 0.05);
  long H = 400000;
  std::vector<long> Hs(25);
  double Max;
  ASSERT_EQ(hetile_strips_heights(&M, 25, T.data(), H, 100, Hs.data(), &Max),
            0);
  long Sum = 0;
  double Min = INFINITY, Row = 0, X;
  for (int J = 0; J < 25; ++J) {
    Sum += Hs[J];
    hetile_strips_tcalc(&M, Hs[J], 100, T[J], &X);
    Min = std::min(Min, X);
    Row = std::max(Row, T[J] * (100 + 0.07));
  }
  EXPECT_EQ(Sum, H);
  EXPECT_LE(Max - Min, Row);
  EXPECT_NEAR((double)Hs[0] / Hs[24], 7.09 / 3.99, 0.01);
  EXPECT_LE(std::labs(Hs[0] - Hs[13]), 1); // equal up to the last rows
  EXPECT_LE(std::labs(Hs[14] - Hs[24]), 1);
}

// Section 4.6: per column, t(w) = tau h / w + 2 tau + h tau_c +
// (w - 1) tau_c + beta / w + tau_comm, least at w* = sqrt((tau h + beta) /
// tau_c): 16 for h = 512, tau = 0.5, tau_c = 1 (the paper's small-domain
// width, here by construction). For a very large domain the redundant
// work vanishes and the widest candidate wins (the paper's w = 100).
TEST(RastelloDauxois, WidthSmallAndLargeDomains) {
  std::vector<double> T(6, 1.0);
  std::vector<long> Widths;
  for (long W = 1; W <= 100; ++W)
    Widths.push_back(W);
  hetile_strips_model M = model(1, 0.5, 0);
  std::vector<double> Times(100);
  long Opt, Lo, Hi;
  ASSERT_EQ(hetile_strips_width(&M, 6, T.data(), 6 * 512, 100, Widths.data(),
                                0.02, Times.data(), &Opt, &Lo, &Hi),
            0);
  EXPECT_EQ(Opt, 16);
  long WantLo = 1000, WantHi = 0;
  for (int K = 0; K < 100; ++K)
    if (Times[K] <= Times[15] * 1.02)
      WantLo = std::min(WantLo, Widths[K]), WantHi = std::max(WantHi, Widths[K]);
  EXPECT_EQ(Lo, WantLo);
  EXPECT_EQ(Hi, WantHi);
  EXPECT_LT(Lo, 16);
  EXPECT_GT(Hi, 16);
  std::vector<long> Multiples; // w = 4 n_ortho candidates, n_ortho <= 25
  for (long W = 4; W <= 100; W += 4)
    Multiples.push_back(W);
  hetile_strips_model Big = model(1e-9, 1e-7, 4e-7, 3000, 1e-3, 1e-6);
  ASSERT_EQ(hetile_strips_width(&Big, 6, T.data(), 6L * 10000000, 25,
                                Multiples.data(), 0.02, nullptr, &Opt, &Lo,
                                &Hi),
            0);
  EXPECT_EQ(Opt, 100);
}

TEST(RastelloDauxois, BadInput) {
  hetile_strips_model M = model(1, 0, 0);
  const double T[] = {1, 2, 3}, Bad[] = {1, 0, 3};
  long Hs[3];
  EXPECT_EQ(hetile_strips_heights(&M, 3, T, 2, 10, Hs, nullptr),
            HETILE_ERR_INFEASIBLE);
  EXPECT_EQ(hetile_strips_heights(&M, 3, Bad, 20, 10, Hs, nullptr),
            HETILE_ERR_INVALID);
  hetile_strips_model Zero = model(0, 0, 0);
  EXPECT_EQ(hetile_strips_heights(&Zero, 3, T, 20, 10, Hs, nullptr),
            HETILE_ERR_INVALID);
  hetile_strips_model Neg = model(1, -1, 0);
  double X;
  EXPECT_EQ(hetile_strips_tcalc(&Neg, 1, 1, 1, &X), HETILE_ERR_INVALID);
  EXPECT_EQ(hetile_strips_tcalc(&M, 0, 1, 1, &X), HETILE_ERR_INVALID);
  long W = 0, O, L, H;
  EXPECT_NE(hetile_strips_width(&M, 3, T, 20, 1, &W, 0.02, nullptr, &O, &L, &H),
            0);
  EXPECT_EQ(hetile_strips_width(&M, 3, T, 20, 0, &W, 0.02, nullptr, &O, &L, &H),
            HETILE_ERR_INVALID);
}

} // namespace
