/* doitgen (PolyBench, linear-algebra/kernels): multiresolution analysis
 * kernel (MADNESS), each row A[r][q][*] replaced by its product with C4,
 * through the temporary sum.
 *
 *   doitgen NR NQ NP   A is NR x NQ x NP, C4 is NP x NP, sum has NP
 *                      elements */
#include "../bench-kernel.h"

static void kernel_doitgen(int nr, int nq, int np, double A[nr][nq][np],
                           double C4[np][np], double sum[np]) {
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}

int main(int argc, char **argv) {
  int nr = bench_arg(argc, argv, 1, 200, 1);
  int nq = bench_arg(argc, argv, 2, 220, 1);
  int np = bench_arg(argc, argv, 3, 250, 1);
  size_t s_a = sizeof(double) * (size_t)nr * (size_t)nq * (size_t)np;
  size_t s_c4 = sizeof(double) * (size_t)np * (size_t)np;
  size_t s_sum = sizeof(double) * (size_t)np;
  double (*A)[nq][np] = bench_alloc(s_a), (*C4)[np] = bench_alloc(s_c4);
  double *sum = bench_alloc(s_sum);
  for (int i = 0; i < nr; i++)
    for (int j = 0; j < nq; j++)
      for (int k = 0; k < np; k++)
        A[i][j][k] = (double)((i * j + k) % np) / np;
  for (int i = 0; i < np; i++) {
    sum[i] = 0.0;
    for (int j = 0; j < np; j++)
      C4[i][j] = (double)(i * j % np) / np;
  }
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_doitgen(nr, nq, np, A, C4, sum);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = BENCH_HASH_INIT;
  h = bench_hash(h, A, s_a);
  h = bench_hash(h, C4, s_c4);
  h = bench_hash(h, sum, s_sum);
  bench_report(rank, h, t1 - t0, c1 - c0);
  free(A);
  free(C4);
  free(sum);
  return 0;
}
