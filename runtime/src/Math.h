//===- Math.h - the few C math functions the runtime needs (internal) -*- C++ -*-===//
//
// The runtime's models round, truncate and take integer roots; nothing else
// of the C math library. Written here, the runtime does not need libm, so a
// program that does not use it itself does not load it: its loading is
// about 60 us of every process's start (docs/runtime.md, "What a process
// pays to start"). The rounding functions are exact (the results of C's
// floor, ceil, trunc, nearbyint and lround, in the default rounding mode);
// root is x^(1/n) to within an ulp, where the models used pow.
// sqrt is the compiler's instruction (-fno-math-errno, runtime/CMakeLists.txt).
// test/unit/runtime/MathTest.cpp compares each with the C library's.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_RT_MATH_H
#define HETILE_RT_MATH_H

#include <cstdint>
#include <cstring>

namespace hetile::rt::math {

/// 2^52: every double at least this large is an integer.
inline constexpr double Exact = 4503599627370496.0;

inline double fabs(double X) { return __builtin_fabs(X); }
inline double copysign(double X, double S) { return __builtin_copysign(X, S); }
inline double sqrt(double X) { return __builtin_sqrt(X); }

/// C's trunc: toward zero; the sign of a zero result is X's.
inline double trunc(double X) {
  if (!(fabs(X) < Exact))
    return X; // integers, infinities and NaNs
  return copysign((double)(std::int64_t)X, X);
}

/// C's floor.
inline double floor(double X) {
  double T = trunc(X);
  return T > X ? T - 1 : T;
}

/// C's ceil. T < X only where X > 0 (trunc rounds a negative X up), so
/// T + 1 is positive; a negative X above -1 keeps trunc's -0.
inline double ceil(double X) {
  double T = trunc(X);
  return T < X ? T + 1 : T;
}

/// C's nearbyint in the default rounding mode: to nearest, ties to even.
/// Adding and subtracting 2^52 leaves the nearest integer, rounded by the
/// hardware as nearbyint rounds.
inline double nearbyint(double X) {
  if (!(fabs(X) < Exact))
    return X;
  volatile double Big = fabs(X) + Exact;
  return copysign(Big - Exact, X);
}

/// C's lround: to nearest, ties away from zero (X within long's range).
inline long lround(double X) {
  double T = trunc(X);
  if (fabs(X - T) >= 0.5)
    T += copysign(1.0, X);
  return (long)T;
}

/// C's floorl, for the values within int64_t's range that the models floor;
/// others are returned as they are.
inline long double floorl(long double X) {
  if (!(X < 9.2e18L && X > -9.2e18L))
    return X;
  long double T = (long double)(std::int64_t)X;
  return T > X ? T - 1 : T;
}

/// 2^K, exactly, for K in [-1022, 1023]; 0 below, infinity above.
inline double pow2(long K) {
  if (K < -1022)
    return 0;
  if (K > 1023)
    return __builtin_inf();
  std::uint64_t Bits = (std::uint64_t)(K + 1023) << 52;
  double D;
  std::memcpy(&D, &Bits, sizeof D);
  return D;
}

/// x^(1/n) for x >= 0 and n >= 1, where the models wrote pow(x, 1.0 / n):
/// Newton's iteration on y^n = x from above, where it decreases
/// monotonically, stopped when it no longer decreases, then the nearest of
/// that value and its neighbours. Within an ulp of the exact root (pow's
/// 1.0 / n is itself rounded, which puts pow(x, 1.0 / 3) tens of ulps
/// away for large or tiny x). NaN for x < 0 or NaN.
double root(double X, long N);

} // namespace hetile::rt::math

#endif
