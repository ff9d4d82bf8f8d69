//===- Math.cpp - integer roots without libm -------------------------------===//
//
// See Math.h.
//
//===----------------------------------------------------------------------===//
#include "Math.h"

namespace hetile::rt::math {

double root(double X, long N) {
  if (N == 1)
    return X;
  if (!(X >= 0) || N < 1)
    return __builtin_nan("");
  if (X == 0 || X == __builtin_inf())
    return X;
  // X < 2^E, E from X's exponent bits (subnormals scaled up by 2^64 first),
  // and 2^E <= (2^ceil(E/N))^N: Y starts above the root.
  long Scale = 0;
  if (X < pow2(-1022)) {
    X *= pow2(64);
    Scale = 64;
  }
  std::uint64_t Bits;
  std::memcpy(&Bits, &X, sizeof X);
  long E = (long)((Bits >> 52) & 0x7ff) - 1022 - Scale;
  X /= pow2(Scale);
  long C = E >= 0 ? (E + N - 1) / N : -(-E / N);
  double Y = pow2(C);
  // From above, Newton's step on y^N - X (convex for y > 0) decreases to
  // the root; in doubles it stops within an ulp or two of it. Each step
  // gains at least a factor (N-1)/N far from the root, quadratically near
  // it: 2,000 steps are never reached for doubles.
  for (int Step = 0; Step < 2000; ++Step) {
    double P = 1;
    for (long I = 1; I < N; ++I)
      P *= Y;
    double Next = ((double)(N - 1) * Y + X / P) / (double)N;
    if (!(Next < Y))
      break;
    Y = Next;
  }
  // Of Y and its two neighbours, the one whose N-th power, in long double,
  // is nearest X: the root correctly rounded wherever long double's extra
  // bits decide it, integer roots exactly.
  auto Error = [&](double C) {
    long double P = 1;
    for (long I = 0; I < N; ++I)
      P *= C;
    long double D = P - (long double)X;
    return D < 0 ? -D : D;
  };
  std::uint64_t B;
  std::memcpy(&B, &Y, sizeof B);
  double Best = Y;
  long double BestError = Error(Y);
  const std::uint64_t Neighbours[] = {B - 1, B + 1};
  for (std::uint64_t NB : Neighbours) {
    double C;
    std::memcpy(&C, &NB, sizeof C);
    long double E = Error(C);
    if (E < BestError)
      Best = C, BestError = E;
  }
  return Best;
}

} // namespace hetile::rt::math
