/* heat-3d (PolyBench, stencils): 3-D heat equation, two 7-point stencils
 * per time step, A -> B then B -> A.
 *
 *   heat-3d N T   A and B are N x N x N, T steps */
#include "../bench-kernel.h"

static void kernel_heat_3d(int tsteps, int n, double A[n][n][n],
                           double B[n][n][n]) {
  for (int t = 1; t <= tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                     + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                     + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
                     + A[i][j][k];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                     + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                     + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
                     + B[i][j][k];
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 120, 3);
  int tsteps = bench_arg(argc, argv, 2, 500, 0);
  size_t bytes = sizeof(double) * (size_t)n * (size_t)n * (size_t)n;
  double (*A)[n][n] = bench_alloc(bytes), (*B)[n][n] = bench_alloc(bytes);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (double)(i + j + (n - k)) * 10 / n;
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_heat_3d(tsteps, n, A, B);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = BENCH_HASH_INIT;
  h = bench_hash(h, A, bytes);
  h = bench_hash(h, B, bytes);
  bench_report(rank, h, t1 - t0, c1 - c0);
  free(A);
  free(B);
  return 0;
}
