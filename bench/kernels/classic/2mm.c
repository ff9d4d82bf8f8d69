/* 2mm (PolyBench, linear-algebra/kernels): two matrix products,
 * tmp = alpha * A * B, then D = beta * D + tmp * C.
 *
 *   2mm NI NJ NK NL   A is NI x NK, B is NK x NJ, tmp is NI x NJ,
 *                     C is NJ x NL, D is NI x NL */
#include "../bench-kernel.h"

static void kernel_2mm(int ni, int nj, int nk, int nl, double alpha,
                       double beta, double tmp[ni][nj], double A[ni][nk],
                       double B[nk][nj], double C[nj][nl], double D[ni][nl]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < nk; k++)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < nj; k++)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

int main(int argc, char **argv) {
  int ni = bench_arg(argc, argv, 1, 800, 1);
  int nj = bench_arg(argc, argv, 2, 900, 1);
  int nk = bench_arg(argc, argv, 3, 1100, 1);
  int nl = bench_arg(argc, argv, 4, 1200, 1);
  double alpha = 1.5, beta = 1.2;
  size_t s_tmp = sizeof(double) * (size_t)ni * (size_t)nj;
  size_t s_a = sizeof(double) * (size_t)ni * (size_t)nk;
  size_t s_b = sizeof(double) * (size_t)nk * (size_t)nj;
  size_t s_c = sizeof(double) * (size_t)nj * (size_t)nl;
  size_t s_d = sizeof(double) * (size_t)ni * (size_t)nl;
  double (*tmp)[nj] = bench_alloc(s_tmp), (*A)[nk] = bench_alloc(s_a);
  double (*B)[nj] = bench_alloc(s_b), (*C)[nl] = bench_alloc(s_c);
  double (*D)[nl] = bench_alloc(s_d);
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nk; j++)
      A[i][j] = (double)((i * j + 1) % ni) / ni;
  for (int i = 0; i < nk; i++)
    for (int j = 0; j < nj; j++)
      B[i][j] = (double)(i * (j + 1) % nj) / nj;
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nl; j++)
      C[i][j] = (double)((i * (j + 3) + 1) % nl) / nl;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++)
      D[i][j] = (double)(i * (j + 2) % nk) / nk;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      tmp[i][j] = 0.0;
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_2mm(ni, nj, nk, nl, alpha, beta, tmp, A, B, C, D);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = BENCH_HASH_INIT;
  h = bench_hash(h, tmp, s_tmp);
  h = bench_hash(h, A, s_a);
  h = bench_hash(h, B, s_b);
  h = bench_hash(h, C, s_c);
  h = bench_hash(h, D, s_d);
  bench_report(rank, h, t1 - t0, c1 - c0);
  free(tmp);
  free(A);
  free(B);
  free(C);
  free(D);
  return 0;
}
