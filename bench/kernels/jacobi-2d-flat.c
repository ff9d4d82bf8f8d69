/* jacobi-2d as applications write it: the two grids flat, `a[i * n + j]`
 * through a macro, pointers without `restrict` (the run-time alias check
 * settles them). hetile reads them as arrays of rows of n elements
 * (docs/delinearization.md) and runs them as strips or pipelined.
 *
 *   jacobi-2d-flat N T   two N x N grids, T steps */
#include "bench-kernel.h"

#define A(i, j) a[(i) * n + (j)]
#define B(i, j) b[(i) * n + (j)]

static void kernel(int T, int n, double *a, double *b) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B(i, j) = 0.2 * (A(i, j) + A(i, j - 1) + A(i, j + 1) + A(i + 1, j) + A(i - 1, j));
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A(i, j) = 0.2 * (B(i, j) + B(i, j - 1) + B(i, j + 1) + B(i + 1, j) + B(i - 1, j));
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1000, 3), T = bench_arg(argc, argv, 2, 10, 0);
  size_t bytes = sizeof(double) * (size_t)n * (size_t)n;
  double *a = bench_alloc(bytes), *b = bench_alloc(bytes);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A(i, j) = ((double)i * (j + 2) + 2) / n; /* PolyBench's init_array */
      B(i, j) = ((double)i * (j + 3) + 3) / n;
    }
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel(T, n, a, b);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = bench_hash(BENCH_HASH_INIT, a, bytes);
  bench_report(rank, bench_hash(h, b, bytes), t1 - t0, c1 - c0);
  free(a);
  free(b);
  return 0;
}
