/* gramschmidt (PolyBench, linear-algebra/solvers): QR decomposition of A by
 * classical Gram-Schmidt: Q gets the orthonormal columns, R the upper
 * triangular factor, and A is overwritten by what the projections leave.
 *
 *   gramschmidt M N   A and Q are M x N (M >= N, so that no column's norm
 *                     is zero), R is N x N
 *
 * A is PolyBench's, plus 100 on its diagonal: PolyBench's alone is
 * numerically rank-deficient (some columns' norms fall to 1e-13 and the
 * divisions by them amplify rounding), which this keeps well away. */
#include <math.h>

#include "../bench-kernel.h"

static void kernel_gramschmidt(int m, int n, double A[m][n], double R[n][n],
                               double Q[m][n]) {
  for (int k = 0; k < n; k++) {
    double nrm = 0.0;
    for (int i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (int i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (int i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}

int main(int argc, char **argv) {
  int m = bench_arg(argc, argv, 1, 1200, 1);
  int n = bench_arg(argc, argv, 2, 1000, 1);
  size_t s_a = sizeof(double) * (size_t)m * (size_t)n;
  size_t s_r = sizeof(double) * (size_t)n * (size_t)n;
  double (*A)[n] = bench_alloc(s_a), (*R)[n] = bench_alloc(s_r);
  double (*Q)[n] = bench_alloc(s_a);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (((double)((i * j) % m) / m) * 100) + 10 + (i == j ? 100 : 0);
      Q[i][j] = 0.0;
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      R[i][j] = 0.0;
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_gramschmidt(m, n, A, R, Q);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = BENCH_HASH_INIT;
  h = bench_hash(h, A, s_a);
  h = bench_hash(h, R, s_r);
  h = bench_hash(h, Q, s_a);
  bench_report(rank, h, t1 - t0, c1 - c0);
  free(A);
  free(R);
  free(Q);
  return 0;
}
