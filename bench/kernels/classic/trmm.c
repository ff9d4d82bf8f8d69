/* trmm (PolyBench, linear-algebra/blas): triangular matrix product
 * B = alpha * A^T * B, A unit lower triangular (its diagonal is not read).
 *
 *   trmm M N   A is M x M, B is M x N */
#include "../bench-kernel.h"

static void kernel_trmm(int m, int n, double alpha, double A[m][m],
                        double B[m][n]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      for (int k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

int main(int argc, char **argv) {
  int m = bench_arg(argc, argv, 1, 1000, 1);
  int n = bench_arg(argc, argv, 2, 1200, 1);
  double alpha = 1.5;
  size_t s_a = sizeof(double) * (size_t)m * (size_t)m;
  size_t s_b = sizeof(double) * (size_t)m * (size_t)n;
  double (*A)[m] = bench_alloc(s_a), (*B)[n] = bench_alloc(s_b);
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < m; j++)
      A[i][j] = j < i ? (double)((i + j) % m) / m : 0.0;
    A[i][i] = 1.0;
    for (int j = 0; j < n; j++)
      B[i][j] = (double)((n + (i - j)) % n) / n;
  }
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_trmm(m, n, alpha, A, B);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = BENCH_HASH_INIT;
  h = bench_hash(h, A, s_a);
  h = bench_hash(h, B, s_b);
  bench_report(rank, h, t1 - t0, c1 - c0);
  free(A);
  free(B);
  return 0;
}
