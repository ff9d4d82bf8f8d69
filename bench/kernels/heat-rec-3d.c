/* A 3D heat-type uniform recurrence: A[t][i][j] from A[t-1][i][j],
 * A[t][i-1][j] and A[t][i][j-1] (dependence vectors (1,0,0), (0,1,0),
 * (0,0,1)), with a temperature-dependent conductivity exp(-u^2) (0.3 e <=
 * 0.3, so every new value is a convex combination of the three old ones and
 * stays in [0, 1)). Fully permutable as written: the tile grid is a box and
 * the tile columns are those of j. Every point has its own array element
 * (the t planes are kept), so the final exchange moves as many values as the
 * nest computes.
 *
 *   heat-rec-3d N T     T+1 planes of N x N */
#include <math.h>

#include "bench-kernel.h"

static void kernel(int T, int N, double A[restrict T + 1][N][N]) {
#pragma hetile
  for (int t = 1; t <= T; t++)
    for (int i = 1; i < N; i++)
      for (int j = 1; j < N; j++)
        A[t][i][j] = A[t - 1][i][j] + 0.3 * exp(-A[t - 1][i][j] * A[t - 1][i][j]) *
                     (A[t][i - 1][j] + A[t][i][j - 1] - 2.0 * A[t - 1][i][j]);
}

int main(int argc, char **argv) {
  int N = bench_arg(argc, argv, 1, 100, 2), T = bench_arg(argc, argv, 2, 10, 1);
  size_t bytes = sizeof(double) * (size_t)(T + 1) * (size_t)N * (size_t)N;
  double (*A)[N][N] = bench_alloc(bytes);
  for (int t = 0; t <= T; t++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        A[t][i][j] = (t == 0 || i == 0 || j == 0) ? bench_init(i, j + t, 0) : 0.0;
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel(T, N, A);
  double t1 = bench_now(), c1 = bench_cpu();
  bench_report(rank, bench_hash(BENCH_HASH_INIT, A, bytes), t1 - t0,
               c1 - c0);
  free(A);
  return 0;
}
