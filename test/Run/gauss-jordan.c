// Differential execution: Gauss-Jordan elimination without pivoting (an
// LU-like solver), the benchmark way (C89 iterators). Step k eliminates
// column k from the rows below and above the pivot row; a row above reads
// the pivot row k, updated at every earlier step, so k cannot join a band
// (its distance in i is k' - k < 0, no skew fixes it): k stays sequential
// around two tiled bands, the rows below then the rows above. The matrix is
// diagonally dominant (no pivot is 0); every element sees the original's
// operations in the original order: bit-identical. Sizes: empty, 1, 2, 4,
// one around 30.
// RUN: %differential %s --work %t
//@ args 0 1 2 4 27
#include "exec-common.h"

static void gauss_jordan(int n, double A[n][n]) {
  int i = -1, j = -2, k = -3;
#pragma hetile
  for (k = 0; k < n; k++) {
    for (i = k + 1; i < n; i++)
      for (j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j] / A[k][k];
    for (i = 0; i < k; i++)
      for (j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j] / A[k][k];
  }
  printf("n=%d i=%d j=%d k=%d\n", n, i, j, k);
}

static void run(int n) {
  size_t s = (size_t)n * (size_t)n;
  double *A = malloc(sizeof(double) * (s + 1));
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i * n + j] = hetile_exec_init(i, j, 0) + (i == j ? 2.0 * n : 0.0);
  gauss_jordan(n, (double (*)[n])A);
  hetile_exec_dump("A", A, s);
  free(A);
}

int main(int argc, char **argv) {
  int a;
  for (a = 1; a < argc; a++)
    run(atoi(argv[a]));
  return 0;
}
