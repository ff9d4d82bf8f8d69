/* lu (PolyBench, linear-algebra/solvers): LU decomposition in place without
 * pivoting, L (unit diagonal, not stored) below the diagonal, U on and
 * above it.
 *
 *   lu N   A is N x N
 *
 * PolyBench makes A positive definite with an O(N^3) product B * B^T; here
 * A is made strictly diagonally dominant instead (the diagonal is N, every
 * other element in [0, 1)), which keeps the factorization without pivoting
 * stable at the cost of O(N^2). */
#include "../bench-kernel.h"

static void kernel_lu(int n, double A[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1800, 1);
  size_t bytes = sizeof(double) * (size_t)n * (size_t)n;
  double (*A)[n] = bench_alloc(bytes);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      A[i][j] = (double)((i * (j + 1) + 1) % n) / n;
    A[i][i] = n;
  }
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_lu(n, A);
  double t1 = bench_now(), c1 = bench_cpu();
  bench_report(rank, bench_hash(BENCH_HASH_INIT, A, bytes), t1 - t0, c1 - c0);
  free(A);
  return 0;
}
