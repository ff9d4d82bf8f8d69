// Differential execution: a 2D recurrence reading its north-east neighbour
// (distance (1, -1); j skewed by i), C89 iterators whose final values are
// printed. Sizes in (N, M) pairs: empty, 1-3 wide, one around 30.
// RUN: %differential %s --work %t
//@ args 0 0 0 3 3 0 1 1 2 3 3 2 1 5 29 37
#include "exec-common.h"

static int last_i, last_j;

void wave(int N, int M, double A[restrict N][M]) {
  int i = -1, j = -2;
#pragma hetile
  for (i = 1; i < N; i++)
    for (j = 0; j < M - 1; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0;
  last_i = i;
  last_j = j;
}

static void run(int N, int M) {
  size_t n = (size_t)N * (size_t)M;
  double *A = malloc(sizeof(double) * (n + 1));
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      A[i * M + j] = hetile_exec_init(i, j, 0);
  wave(N, M, (double (*)[M])A);
  printf("N=%d M=%d i=%d j=%d\n", N, M, last_i, last_j);
  hetile_exec_dump("A", A, n);
  free(A);
}

int main(int argc, char **argv) {
  int k;
  for (k = 1; k + 1 < argc; k += 2)
    run(atoi(argv[k]), atoi(argv[k + 1]));
  return 0;
}
