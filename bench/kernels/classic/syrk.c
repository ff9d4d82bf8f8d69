/* syrk (PolyBench, linear-algebra/blas): symmetric rank-k update of the
 * lower triangle, C = alpha * A * A^T + beta * C (j <= i only).
 *
 *   syrk N M   C is N x N, A is N x M */
#include "../bench-kernel.h"

static void kernel_syrk(int n, int m, double alpha, double beta,
                        double C[n][n], double A[n][m]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 2000, 1);
  int m = bench_arg(argc, argv, 2, 1200, 1);
  double alpha = 1.5, beta = 1.2;
  size_t s_c = sizeof(double) * (size_t)n * (size_t)n;
  size_t s_a = sizeof(double) * (size_t)n * (size_t)m;
  double (*C)[n] = bench_alloc(s_c), (*A)[m] = bench_alloc(s_a);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = (double)((i * j + 1) % n) / n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = (double)((i * j + 2) % m) / m;
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_syrk(n, m, alpha, beta, C, A);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = BENCH_HASH_INIT;
  h = bench_hash(h, C, s_c);
  h = bench_hash(h, A, s_a);
  bench_report(rank, h, t1 - t0, c1 - c0);
  free(C);
  free(A);
  return 0;
}
