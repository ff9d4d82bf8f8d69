// The run-time decision's size of a call (hetile_profit_begin's points):
// where a statement lies in loops below the band (doitgen: the band (r, q),
// the sums over p and s below it, `sum` privatized), the sum over the
// statements of their extents, not the band's points: nr * nq * np (the
// initialization), nr * nq * np * np (the sum), nr * nq * np (the copy).
// Counted as nr * nq, a call of 2^31 points looked like 2^15, ran the
// original without trying the tiled ways, and ran slower than it.
// RUN: %hetile rewrite %s --backend=omp -- -std=c11 | FileCheck %s

void doitgen(int nr, int nq, int np, double A[nr][nq][np], double C4[np][np],
             double sum[np]) {
#pragma hetile
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}

// CHECK:      const double hetile_points = 1.0 * (double)([[R:[^?]*]] ? (long)nr : 0) * (double)([[R]] ? (long)nq : 0) * (double)([[R]] ? (long)np : 0) + 1.0 * (double)([[R]] ? (long)nr : 0) * (double)([[R]] ? (long)nq : 0) * (double)([[R]] ? (long)np : 0) * (double)([[R]] ? (long)np : 0) + 1.0 *
