// Time-iterated Jacobi 1D over a constant 2000 rows, whose pipelined band
// is skewed: --omp-schedule=auto runs it as strips (the model costs their
// halo below the skewed tiles' overhead). The choice in `hetile analyze`
// and the remark (test/Analyze/strips-auto.c, nest on line 10) and
// differential runs (test/Run/strips-auto.c).
#define N 2000

void jacobi_1d(int T, double A[restrict N], double B[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

// The differential program: T steps (none, one, a few, and 40: the
// strips' model width, then the widths tried on the first bands).
//@ args 0 | 1 | 7 | 40
#include "../Exec/Inputs/exec-common.h"

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
