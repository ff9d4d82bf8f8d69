/* cholesky (PolyBench, linear-algebra/solvers): Cholesky decomposition in
 * place, A = L * L^T, L written over the lower triangle of A (the upper
 * triangle is neither read nor written).
 *
 *   cholesky N   A is N x N
 *
 * PolyBench makes A positive definite with an O(N^3) product B * B^T; here
 * A is symmetric and strictly diagonally dominant with a positive diagonal
 * (the diagonal is N, every other element in [0, 1)), hence positive
 * definite, at the cost of O(N^2). */
#include <math.h>

#include "../bench-kernel.h"

static void kernel_cholesky(int n, double A[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (int k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 2000, 1);
  size_t bytes = sizeof(double) * (size_t)n * (size_t)n;
  double (*A)[n] = bench_alloc(bytes);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      A[i][j] = (double)((i * j + 1) % n) / n;
    A[i][i] = n;
  }
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_cholesky(n, A);
  double t1 = bench_now(), c1 = bench_cpu();
  bench_report(rank, bench_hash(BENCH_HASH_INIT, A, bytes), t1 - t0, c1 - c0);
  free(A);
  return 0;
}
