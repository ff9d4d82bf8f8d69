/* gemm (PolyBench, linear-algebra/blas): C = alpha * A * B + beta * C, the
 * loop order of PolyBench 4.2 (i, then k, then j: C's rows stream).
 *
 *   gemm NI NJ NK   C is NI x NJ, A is NI x NK, B is NK x NJ */
#include "../bench-kernel.h"

static void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                        double C[ni][nj], double A[ni][nk], double B[nk][nj]) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(int argc, char **argv) {
  int ni = bench_arg(argc, argv, 1, 1400, 1);
  int nj = bench_arg(argc, argv, 2, 1500, 1);
  int nk = bench_arg(argc, argv, 3, 1600, 1);
  double alpha = 1.5, beta = 1.2;
  double (*C)[nj] = bench_alloc(sizeof(double) * (size_t)ni * (size_t)nj);
  double (*A)[nk] = bench_alloc(sizeof(double) * (size_t)ni * (size_t)nk);
  double (*B)[nj] = bench_alloc(sizeof(double) * (size_t)nk * (size_t)nj);
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      C[i][j] = (double)((i * j + 1) % ni) / ni;
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      A[i][k] = (double)(i * (k + 1) % nk) / nk;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      B[k][j] = (double)(k * (j + 2) % nj) / nj;
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_gemm(ni, nj, nk, alpha, beta, C, A, B);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = BENCH_HASH_INIT;
  h = bench_hash(h, C, sizeof(double) * (size_t)ni * (size_t)nj);
  h = bench_hash(h, A, sizeof(double) * (size_t)ni * (size_t)nk);
  h = bench_hash(h, B, sizeof(double) * (size_t)nk * (size_t)nj);
  bench_report(rank, h, t1 - t0, c1 - c0);
  free(C);
  free(A);
  free(B);
  return 0;
}
