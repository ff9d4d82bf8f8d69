/* A 3D uniform recurrence: every point depends on its three predecessors
 * along the axes and on the diagonal one. Dependence vectors (1,0,0),
 * (0,1,0), (0,0,1), (1,1,1): fully permutable as written.
 *
 *   recurrence-3d N T   N x N x N array, swept T times (the sweeps are
 *                       outside the nest: one nest, timed T times over) */
#include "bench-kernel.h"

static void kernel(int N, double A[restrict N][N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      for (int k = 1; k < N; k++)
        A[i][j][k] = 0.3 * A[i - 1][j][k] + 0.3 * A[i][j - 1][k]
                     + 0.3 * A[i][j][k - 1] + 0.1 * A[i - 1][j - 1][k - 1];
}

int main(int argc, char **argv) {
  int N = bench_arg(argc, argv, 1, 100, 2), T = bench_arg(argc, argv, 2, 1, 1);
  size_t bytes = sizeof(double) * (size_t)N * (size_t)N * (size_t)N;
  double (*A)[N][N] = bench_alloc(bytes);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = bench_init(i, j, k);
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  for (int s = 0; s < T; s++)
    kernel(N, A);
  double t1 = bench_now(), c1 = bench_cpu();
  bench_report(rank, bench_hash(BENCH_HASH_INIT, A, bytes),
               t1 - t0, c1 - c0);
  free(A);
  return 0;
}
