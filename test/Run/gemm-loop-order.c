// Differential execution: point loops reordered inside a tile (Tiling.cpp,
// chooseInnerDim). PolyBench's gemm as such suites write it (no restrict:
// the run-time checks prove C apart from A and B), whose band (i, j, k)
// runs its tiles' points in the order (i, k, j); and a nest written for
// column-major data, whose band (i, j) runs (j, i). Sizes: empty, 1-3,
// non-square, around 30.
// RUN: %differential %s --work %t
//@ args 0 0 0 1 1 1 2 3 1 3 2 4 | 29 17 23 5 31 2
#include "exec-common.h"

void gemm(int ni, int nj, int nk, double alpha, double beta,
          double C[ni][nj], double A[ni][nk], double B[nk][nj]) {
#pragma hetile
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

void scale_columns(int n, int m, double X[m][n], double Y[m][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      X[j][i] = 2.0 * Y[j][i] + X[j][i];
}

static void run(int ni, int nj, int nk) {
  double *A = hetile_exec_grid(ni, nk, 1);
  double *B = hetile_exec_grid(nk, nj, 2);
  double *C = hetile_exec_grid(ni, nj, 3);
  double *Y = hetile_exec_grid(nk, ni, 4);
  gemm(ni, nj, nk, 1.5, 1.2, (double (*)[nj])C, (double (*)[nk])A,
       (double (*)[nj])B);
  scale_columns(ni, nk, (double (*)[ni])A, (double (*)[ni])Y);
  printf("ni=%d nj=%d nk=%d\n", ni, nj, nk);
  hetile_exec_dump("C", C, ni > 0 && nj > 0 ? (size_t)ni * nj : 0);
  hetile_exec_dump("A", A, ni > 0 && nk > 0 ? (size_t)ni * nk : 0);
  free(A);
  free(B);
  free(C);
  free(Y);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 2 < argc; a += 3)
    run(atoi(argv[a]), atoi(argv[a + 1]), atoi(argv[a + 2]));
  return 0;
}
