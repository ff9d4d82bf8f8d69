//===- MathTest.cpp - the runtime's math against the C library's ----------===//
//
// runtime/src/Math.h replaces the libm functions the models used: the
// rounding functions must give the C library's results bit for bit (the
// sign of zero included), root(x, n) the n-th root to within an ulp.
//
//===----------------------------------------------------------------------===//
#include "Math.h"

#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

using namespace hetile::rt;

namespace {

std::uint64_t bits(double X) {
  std::uint64_t B;
  std::memcpy(&B, &X, sizeof B);
  return B;
}

/// Values where rounding is decided: integers, halves and their neighbours,
/// the 2^52 boundary, signed zeros, infinities, and random doubles over
/// many magnitudes.
std::vector<double> samples() {
  std::vector<double> V = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5,
                           0.49999999999999994, -0.49999999999999994,
                           4503599627370495.5, -4503599627370495.5,
                           4503599627370496.0, 4503599627370497.0,
                           9007199254740993.0, 1e300, -1e300,
                           HUGE_VAL, -HUGE_VAL, 5e-324, -5e-324};
  for (int K = -8; K <= 8; ++K)
    for (double D : {-0.5, -0.25, 0.0, 0.25, 0.5}) {
      double X = K + D;
      V.push_back(X);
      V.push_back(std::nextafter(X, HUGE_VAL));
      V.push_back(std::nextafter(X, -HUGE_VAL));
    }
  std::mt19937_64 G(12345);
  std::uniform_real_distribution<double> Mantissa(-1, 1);
  std::uniform_int_distribution<int> Exp(-30, 60);
  for (int I = 0; I < 20000; ++I)
    V.push_back(std::ldexp(Mantissa(G), Exp(G)));
  return V;
}

} // namespace

TEST(Math, RoundingIsTheCLibrarys) {
  ASSERT_EQ(std::fegetround(), FE_TONEAREST);
  for (double X : samples()) {
    EXPECT_EQ(bits(math::floor(X)), bits(std::floor(X))) << X;
    EXPECT_EQ(bits(math::ceil(X)), bits(std::ceil(X))) << X;
    EXPECT_EQ(bits(math::trunc(X)), bits(std::trunc(X))) << X;
    EXPECT_EQ(bits(math::nearbyint(X)), bits(std::nearbyint(X))) << X;
    if (std::fabs(X) < 9e18)
      EXPECT_EQ(math::lround(X), std::lround(X)) << X;
    long double L = (long double)X * 3;
    if (std::fabs(X) < 1e18)
      EXPECT_EQ(math::floorl(L), std::floor(L)) << X;
  }
  EXPECT_TRUE(std::isnan(math::floor(NAN)));
  EXPECT_TRUE(std::isnan(math::nearbyint(NAN)));
}

TEST(Math, PowersOfTwoAreExact) {
  for (long K = -1022; K <= 1023; ++K)
    EXPECT_EQ(math::pow2(K), std::ldexp(1.0, (int)K)) << K;
  EXPECT_EQ(math::pow2(-1023), 0.0);
  EXPECT_EQ(math::pow2(1024), HUGE_VAL);
}

TEST(Math, RootIsWithinAnUlp) {
  std::mt19937_64 G(777);
  std::uniform_real_distribution<double> Mantissa(0.5, 1);
  std::uniform_int_distribution<int> Exp(-1060, 1000);
  for (long N = 1; N <= 12; ++N)
    for (int I = 0; I < 3000; ++I) {
      double X = std::ldexp(Mantissa(G), Exp(G));
      // The reference in long double, whose 1/N is exact to 2^-64: its
      // error, |ln X| 2^-64 relative at most, is below a double's ulp.
      double R = math::root(X, N);
      double P = (double)std::pow((long double)X, 1.0L / (long double)N);
      double Ulp = std::nextafter(P, HUGE_VAL) - P;
      EXPECT_LE(std::fabs(R - P), Ulp) << X << " " << N;
    }
  EXPECT_EQ(math::root(0.0, 3), 0.0);
  EXPECT_EQ(math::root(HUGE_VAL, 3), HUGE_VAL);
  EXPECT_TRUE(std::isnan(math::root(-8.0, 3)));
  EXPECT_TRUE(std::isnan(math::root(NAN, 2)));
}

// Where the models floor a root (the default tile sizes: 4096^(1/d)), an
// integer root comes out exactly: Newton's iteration from above stops on it.
TEST(Math, IntegerRootsAreExact) {
  for (long N = 1; N <= 8; ++N)
    for (long K = 1; K <= 100; ++K) {
      double X = 1;
      for (long I = 0; I < N; ++I)
        X *= (double)K;
      if (X > 9007199254740992.0)
        break;
      EXPECT_EQ(math::root(X, N), (double)K) << K << "^" << N;
    }
}
