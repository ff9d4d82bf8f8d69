/* A single 2D SOR sweep (no time loop): every point uses the new values of
 * its north and west neighbours.
 *
 *   sor-sweep N      N x N arrays */
#include "bench-kernel.h"

static void kernel(int N, double A[restrict N][N], double B[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = 0.3 * (A[i - 1][j] + A[i][j - 1]) + 0.4 * A[i][j] * B[i][j];
}

int main(int argc, char **argv) {
  int N = bench_arg(argc, argv, 1, 1000, 3);
  double (*A)[N] = bench_alloc(sizeof(double) * (size_t)N * (size_t)N);
  double (*B)[N] = bench_alloc(sizeof(double) * (size_t)N * (size_t)N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = bench_init(i, j, 0);
      B[i][j] = bench_init(i, j, 1);
    }
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel(N, A, B);
  double t1 = bench_now(), c1 = bench_cpu();
  bench_report(rank, bench_hash(BENCH_HASH_INIT, A, sizeof(double) * (size_t)N * (size_t)N),
               t1 - t0, c1 - c0);
  free(A);
  free(B);
  return 0;
}
