/* seidel-2d (PolyBench, stencils): 9-point Gauss-Seidel sweeps in place
 * over the interior of A, T time steps.
 *
 *   seidel-2d N T   A is N x N, T steps */
#include "../bench-kernel.h"

static void kernel_seidel_2d(int tsteps, int n, double A[n][n]) {
  for (int t = 0; t <= tsteps - 1; t++)
    for (int i = 1; i <= n - 2; i++)
      for (int j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                   + A[i][j - 1] + A[i][j] + A[i][j + 1]
                   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 2000, 3);
  int tsteps = bench_arg(argc, argv, 2, 50, 0);
  size_t bytes = sizeof(double) * (size_t)n * (size_t)n;
  double (*A)[n] = bench_alloc(bytes);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = ((double)i * (j + 2) + 2) / n;
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_seidel_2d(tsteps, n, A);
  double t1 = bench_now(), c1 = bench_cpu();
  bench_report(rank, bench_hash(BENCH_HASH_INIT, A, bytes), t1 - t0, c1 - c0);
  free(A);
  return 0;
}
