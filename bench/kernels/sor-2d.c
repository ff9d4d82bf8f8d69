/* 2D SOR (Gauss-Seidel, 5 points) in place inside a time loop: every point
 * uses the new values of its north and west neighbours of this sweep and the
 * old values of its south and east neighbours. The whole time-stepped nest
 * is tiled (skewed by hetile).
 *
 *   sor-2d N T      N x N array, T sweeps */
#include "bench-kernel.h"

static void kernel(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);
}

int main(int argc, char **argv) {
  int N = bench_arg(argc, argv, 1, 1000, 3), T = bench_arg(argc, argv, 2, 10, 0);
  double (*A)[N] = bench_alloc(sizeof(double) * (size_t)N * (size_t)N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = bench_init(i, j, 0);
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel(T, N, A);
  double t1 = bench_now(), c1 = bench_cpu();
  bench_report(rank, bench_hash(BENCH_HASH_INIT, A, sizeof(double) * (size_t)N * (size_t)N),
               t1 - t0, c1 - c0);
  free(A);
  return 0;
}
