// Differential execution: --gather=root (the final values reach rank 0
// only) on a nest that runs once, so that no rank uses stale values later.
// RUN: %differential %s --work %t
//@ args 0 | 5 | 29
//@ gather-root
#include "exec-common.h"

static void wave(int N, double A[N + 1][N + 1]) {
#pragma hetile
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= N; j++)
      A[i][j] = 0.5 * A[i - 1][j] + 0.25 * A[i][j - 1] + 0.125 * A[i - 1][j - 1];
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10;
  size_t Count = (size_t)(N + 1) * (size_t)(N + 1);
  double *A = malloc(sizeof(double) * Count);
  for (int i = 0; i <= N; i++)
    for (int j = 0; j <= N; j++)
      A[i * (N + 1) + j] = hetile_exec_init(i, j, 0);
  wave(N, (double (*)[N + 1])A);
  hetile_exec_dump("A", A, Count);
  free(A);
  return 0;
}
