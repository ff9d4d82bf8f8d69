// Differential execution: loops bounded by C integer expressions whose model
// holds only for some values of the parameters, checked at run time
// (docs/runtime-checks.md): `ntimes / LEN2` (C's division truncates, the
// model's rounds down: ntimes >= 0), `(int)len` (a long narrowed to int:
// len in the range of int). The harness builds with HETILE_FALLBACK_ABORT:
// every run takes the tiled branch. t, declared before the nest, keeps its
// final value.
// RUN: %differential %s --work %t
//@ args 0 1 | 7 3 | 9 5 | 40 9 | 157 23
#include "exec-common.h"

#define LEN2 8

static void sweep(int ntimes, long len, int N, int M, double A[restrict N][M]) {
  int t = -1;
#pragma hetile
  for (t = 0; t < ntimes / LEN2; t++)
    for (int j = 1; j < (int)len; j++)
      A[t + 1][j] = 0.5 * (A[t][j] + A[t + 1][j - 1]) + A[t][j + 1];
  printf("ntimes=%d len=%ld t=%d\n", ntimes, len, t);
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  int ntimes = atoi(argv[1]);
  long len = atol(argv[2]);
  int N = ntimes / LEN2 + 2, M = (int)len + 1;
  double *A = malloc(sizeof(double) * (size_t)(N * M));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i * M + j] = hetile_exec_init(i, j, 0);
  sweep(ntimes, len, N, M, (double (*)[M])A);
  hetile_exec_dump("A", A, (size_t)(N * M));
  free(A);
  return 0;
}
