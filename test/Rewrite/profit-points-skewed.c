// The run-time decision's size of a call (hetile_profit_begin's points)
// where the band is skewed: a time-stepped Jacobi 1D whose band (t, t + i)
// spans a box of T * (2T + n - 3) points, a call runs its statements' T *
// (n - 2) each. The decision counts the statements' extents: counted as the
// skewed box, a call of T = n = 1000 (2 * 10^6 points) looked like 3 * 10^9,
// and a small call as large as 2^20 points ran the strips on every thread
// at its first call (test/Run/strips-flat.c's 3-D heat stencil of 80000
// points, counted as 2.8 * 10^7).
// RUN: %hetile rewrite %s --backend=omp -- -std=c11 | FileCheck %s
// RUN: %hetile rewrite %s --backend=seq -- -std=c11 | FileCheck %s

void jacobi(int T, int n, double *restrict a, double *restrict b) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.25 * (a[i - 1] + 2.0 * a[i] + a[i + 1]);
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
  }
}

// CHECK:      const double hetile_points = 1.0 * (double)([[R:[^?]*]] ? (long)T : 0) * (double)([[R]] ? (long)n - 2 : 0) + 1.0 * (double)([[R]] ? (long)T : 0) * (double)([[R]] ? (long)n - 2 : 0);
// CHECK-NOT:  2 * (long)T
// CHECK:      hetile_profit_begin(
