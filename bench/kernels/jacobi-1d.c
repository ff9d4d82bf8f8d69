/* PolyBench jacobi-1d: 3-point Jacobi with two arrays, A -> B then B -> A
 * each time step.
 *
 *   jacobi-1d N T   two arrays of N doubles, T steps */
#include "bench-kernel.h"

static void kernel(int T, int N, double A[restrict N], double B[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

int main(int argc, char **argv) {
  int N = bench_arg(argc, argv, 1, 100000, 3), T = bench_arg(argc, argv, 2, 10, 0);
  size_t bytes = sizeof(double) * (size_t)N;
  double *A = bench_alloc(bytes), *B = bench_alloc(bytes);
  for (int i = 0; i < N; i++) {
    A[i] = ((double)i + 2) / N; /* PolyBench's init_array */
    B[i] = ((double)i + 3) / N;
  }
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel(T, N, A, B);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = bench_hash(BENCH_HASH_INIT, A, bytes);
  bench_report(rank, bench_hash(h, B, bytes), t1 - t0, c1 - c0);
  free(A);
  free(B);
  return 0;
}
