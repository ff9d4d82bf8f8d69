// Differential execution: 2D SOR as users write it in C89 style (like
// examples/sor.c): iterators declared at the top of the function, the marked
// nest inside a time loop, and the final values of t, i and j printed after
// it. Sizes in (N, M, Iters) triples: empty, 1-2 wide (no interior), no
// sweeps, tiny, one around 30.
// RUN: %differential %s --work %t
//@ args 0 0 1 1 1 2 2 5 2 5 2 2 3 3 1 4 3 2 3 9 0 37 23 3
#include "exec-common.h"

static void sor(int N, int M, double A[restrict N][M], int Iters) {
  int t = -1, i = -2, j = -3;
  for (t = 0; t < Iters; t++) {
#pragma hetile
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < M - 1; j++)
        A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);
  }
  printf("N=%d M=%d Iters=%d t=%d i=%d j=%d\n", N, M, Iters, t, i, j);
}

int main(int argc, char **argv) {
  int k, i, j;
  for (k = 1; k + 2 < argc; k += 3) {
    int N = atoi(argv[k]), M = atoi(argv[k + 1]), Iters = atoi(argv[k + 2]);
    double *A = malloc(sizeof(double) * (size_t)(N * M + 1));
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j++)
        A[i * M + j] = hetile_exec_init(i, j, 0);
    sor(N, M, (double (*)[M])A, Iters);
    hetile_exec_dump("A", A, (size_t)(N * M));
    free(A);
  }
  return 0;
}
