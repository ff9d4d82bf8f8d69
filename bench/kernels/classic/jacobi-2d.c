/* jacobi-2d (PolyBench, stencils): 5-point Jacobi with two arrays, A -> B
 * then B -> A, T time steps.
 *
 *   jacobi-2d N T   A and B are N x N, T steps */
#include "../bench-kernel.h"

static void kernel_jacobi_2d(int tsteps, int n, double A[n][n],
                             double B[n][n]) {
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j]
                         + A[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j]
                         + B[i - 1][j]);
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1300, 3);
  int tsteps = bench_arg(argc, argv, 2, 500, 0);
  size_t bytes = sizeof(double) * (size_t)n * (size_t)n;
  double (*A)[n] = bench_alloc(bytes), (*B)[n] = bench_alloc(bytes);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / n;
      B[i][j] = ((double)i * (j + 3) + 3) / n;
    }
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_jacobi_2d(tsteps, n, A, B);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = BENCH_HASH_INIT;
  h = bench_hash(h, A, bytes);
  h = bench_hash(h, B, bytes);
  bench_report(rank, h, t1 - t0, c1 - c0);
  free(A);
  free(B);
  return 0;
}
