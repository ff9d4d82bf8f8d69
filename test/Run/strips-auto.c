// Differential execution of a nest that --omp-schedule=auto runs as strips
// (test/Analyze/strips-auto.c checks the choice itself): jacobi-1d over a
// constant 600 rows, whose pipelined band is skewed; the model costs the
// strips' halo below the skewed tiles' overhead. The harness checks that
// the rewrite ran the nest as strips and that the strips ran
// (HETILE_STATS), under the strips' widths, threads and speeds.
// RUN: %differential %s --work %t --backends=omp-auto-strips
//@ args 0 | 1 | 7 | 40
#include "exec-common.h"

#define N 600

void jacobi_1d(int T, double A[restrict N], double B[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

int main(int argc, char **argv) {
  double *A = malloc(sizeof(double) * N);
  double *B = malloc(sizeof(double) * N);
  int T = argc > 1 ? atoi(argv[1]) : 0;
  for (int k = 0; k < N; k++) {
    A[k] = hetile_exec_init(k, 0, 0);
    B[k] = hetile_exec_init(k, 0, 1);
  }
  jacobi_1d(T, A, B);
  printf("T=%d\n", T);
  hetile_exec_dump("A", A, N);
  hetile_exec_dump("B", B, N);
  free(A);
  free(B);
  return 0;
}
