// Differential execution: a transpose-like update A[i][j] = A[j][i] + 1 whose
// dependence distances are not uniform ((d, -d) for every d): the isl
// scheduler skews and permutes to (i + j, i). C99 iterators. Sizes: empty,
// 1-3, one around 30.
// RUN: %differential %s --work %t
//@ args 0 1 2 3 31
#include "exec-common.h"

void transpose_update(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[j][i] + 1.0;
}

static void run(int N) {
  size_t n = (size_t)N * (size_t)N;
  double *A = malloc(sizeof(double) * (n + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i * N + j] = hetile_exec_init(i, j, 0);
  transpose_update(N, (double (*)[N])A);
  printf("N=%d\n", N);
  hetile_exec_dump("A", A, n);
  free(A);
}

int main(int argc, char **argv) {
  for (int a = 1; a < argc; a++)
    run(atoi(argv[a]));
  return 0;
}
