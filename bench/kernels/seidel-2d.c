/* PolyBench seidel-2d: 9-point Gauss-Seidel in place, T time steps. The
 * whole time-stepped nest is tiled (skewed by hetile).
 *
 *   seidel-2d N T   N x N array, T steps */
#include "bench-kernel.h"

static void kernel(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t <= T - 1; t++)
    for (int i = 1; i <= N - 2; i++)
      for (int j = 1; j <= N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                   + A[i][j - 1] + A[i][j] + A[i][j + 1]
                   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

int main(int argc, char **argv) {
  int N = bench_arg(argc, argv, 1, 1000, 3), T = bench_arg(argc, argv, 2, 10, 0);
  double (*A)[N] = bench_alloc(sizeof(double) * (size_t)N * (size_t)N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((double)i * (j + 2) + 2) / N; /* PolyBench's init_array */
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel(T, N, A);
  double t1 = bench_now(), c1 = bench_cpu();
  bench_report(rank, bench_hash(BENCH_HASH_INIT, A, sizeof(double) * (size_t)N * (size_t)N),
               t1 - t0, c1 - c0);
  free(A);
  return 0;
}
