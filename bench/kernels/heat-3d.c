/* PolyBench heat-3d: two 7-point 3D stencils per time step, A -> B -> A. The
 * whole time-stepped nest (two statements) is tiled (shifted and skewed by
 * hetile).
 *
 *   heat-3d N T     two N x N x N arrays, T steps */
#include "bench-kernel.h"

static void kernel(int T, int N, double A[restrict N][N][N],
                   double B[restrict N][N][N]) {
#pragma hetile
  for (int t = 1; t <= T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        for (int k = 1; k < N - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                     + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                     + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
                     + A[i][j][k];
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        for (int k = 1; k < N - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                     + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                     + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
                     + B[i][j][k];
  }
}

int main(int argc, char **argv) {
  int N = bench_arg(argc, argv, 1, 100, 3), T = bench_arg(argc, argv, 2, 10, 0);
  size_t bytes = sizeof(double) * (size_t)N * (size_t)N * (size_t)N;
  double (*A)[N][N] = bench_alloc(bytes), (*B)[N][N] = bench_alloc(bytes);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (double)(i + j + (N - k)) * 10 / N; /* PolyBench */
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel(T, N, A, B);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = bench_hash(BENCH_HASH_INIT, A, bytes);
  bench_report(rank, bench_hash(h, B, bytes),
               t1 - t0, c1 - c0);
  free(A);
  free(B);
  return 0;
}
