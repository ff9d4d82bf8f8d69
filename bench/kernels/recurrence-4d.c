/* A 4D uniform recurrence: every point depends on its four predecessors
 * along the axes. Dependence vectors (1,0,0,0), (0,1,0,0), (0,0,1,0),
 * (0,0,0,1): fully permutable as written ([AY98]'s uniform recurrence for
 * n + 1 = 4).
 *
 *   recurrence-4d N T   N x N x N x N array, swept T times (the sweeps are
 *                       outside the nest: one nest, timed T times over) */
#include "bench-kernel.h"

static void kernel(int N, double A[restrict N][N][N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      for (int k = 1; k < N; k++)
        for (int l = 1; l < N; l++)
          A[i][j][k][l] = 0.25 * A[i - 1][j][k][l] + 0.25 * A[i][j - 1][k][l]
                          + 0.25 * A[i][j][k - 1][l]
                          + 0.25 * A[i][j][k][l - 1];
}

int main(int argc, char **argv) {
  int N = bench_arg(argc, argv, 1, 40, 2), T = bench_arg(argc, argv, 2, 1, 1);
  size_t n = (size_t)N * (size_t)N * (size_t)N * (size_t)N;
  double (*A)[N][N][N] = bench_alloc(sizeof(double) * n);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        for (int l = 0; l < N; l++)
          A[i][j][k][l] = bench_init(i * N + j, k, l);
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  for (int s = 0; s < T; s++)
    kernel(N, A);
  double t1 = bench_now(), c1 = bench_cpu();
  bench_report(rank, bench_hash(BENCH_HASH_INIT, A, sizeof(double) * n),
               t1 - t0, c1 - c0);
  free(A);
  return 0;
}
