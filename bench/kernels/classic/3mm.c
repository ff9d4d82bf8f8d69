/* 3mm (PolyBench, linear-algebra/kernels): three matrix products,
 * E = A * B, F = C * D, G = E * F.
 *
 *   3mm NI NJ NK NL NM   A is NI x NK, B is NK x NJ, E is NI x NJ,
 *                        C is NJ x NM, D is NM x NL, F is NJ x NL,
 *                        G is NI x NL */
#include "../bench-kernel.h"

static void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                       double E[ni][nj], double A[ni][nk], double B[nk][nj],
                       double F[nj][nl], double C[nj][nm], double D[nm][nl],
                       double G[ni][nl]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      E[i][j] = 0.0;
      for (int k = 0; k < nk; k++)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nl; j++) {
      F[i][j] = 0.0;
      for (int k = 0; k < nm; k++)
        F[i][j] += C[i][k] * D[k][j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      G[i][j] = 0.0;
      for (int k = 0; k < nj; k++)
        G[i][j] += E[i][k] * F[k][j];
    }
}

int main(int argc, char **argv) {
  int ni = bench_arg(argc, argv, 1, 800, 1);
  int nj = bench_arg(argc, argv, 2, 900, 1);
  int nk = bench_arg(argc, argv, 3, 1000, 1);
  int nl = bench_arg(argc, argv, 4, 1100, 1);
  int nm = bench_arg(argc, argv, 5, 1200, 1);
  size_t s_e = sizeof(double) * (size_t)ni * (size_t)nj;
  size_t s_a = sizeof(double) * (size_t)ni * (size_t)nk;
  size_t s_b = sizeof(double) * (size_t)nk * (size_t)nj;
  size_t s_f = sizeof(double) * (size_t)nj * (size_t)nl;
  size_t s_c = sizeof(double) * (size_t)nj * (size_t)nm;
  size_t s_d = sizeof(double) * (size_t)nm * (size_t)nl;
  size_t s_g = sizeof(double) * (size_t)ni * (size_t)nl;
  double (*E)[nj] = bench_alloc(s_e), (*A)[nk] = bench_alloc(s_a);
  double (*B)[nj] = bench_alloc(s_b), (*F)[nl] = bench_alloc(s_f);
  double (*C)[nm] = bench_alloc(s_c), (*D)[nl] = bench_alloc(s_d);
  double (*G)[nl] = bench_alloc(s_g);
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nk; j++)
      A[i][j] = (double)((i * j + 1) % ni) / (5 * ni);
  for (int i = 0; i < nk; i++)
    for (int j = 0; j < nj; j++)
      B[i][j] = (double)((i * (j + 1) + 2) % nj) / (5 * nj);
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nm; j++)
      C[i][j] = (double)(i * (j + 3) % nl) / (5 * nl);
  for (int i = 0; i < nm; i++)
    for (int j = 0; j < nl; j++)
      D[i][j] = (double)((i * (j + 2) + 2) % nk) / (5 * nk);
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      E[i][j] = 0.0;
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nl; j++)
      F[i][j] = 0.0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++)
      G[i][j] = 0.0;
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_3mm(ni, nj, nk, nl, nm, E, A, B, F, C, D, G);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = BENCH_HASH_INIT;
  h = bench_hash(h, E, s_e);
  h = bench_hash(h, A, s_a);
  h = bench_hash(h, B, s_b);
  h = bench_hash(h, F, s_f);
  h = bench_hash(h, C, s_c);
  h = bench_hash(h, D, s_d);
  h = bench_hash(h, G, s_g);
  bench_report(rank, h, t1 - t0, c1 - c0);
  free(E);
  free(A);
  free(B);
  free(F);
  free(C);
  free(D);
  free(G);
  return 0;
}
