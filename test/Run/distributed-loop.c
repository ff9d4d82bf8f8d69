// Differential execution: loops distributed over their body
// (Analysis/InnerBands.cpp, distributedBands). Gram-Schmidt as PolyBench
// writes it, without restrict: the update of R's row k and of A (the j loop,
// under the sequential k loop) runs as two tiled bands, R's row, then A;
// `merged` runs two parts that a dependence keeps together, then a sum and
// its consumer. Sizes: empty, 1-wide, non-square, around 30.
// RUN: %differential %s --work %t
//@ args 0 0 | 1 1 | 5 3 | 3 1 | 17 9 | 31 29
//@ gather-root
#include <math.h>

#include "exec-common.h"

void gramschmidt(int m, int n, double A[m][n], double R[n][n], double Q[m][n]) {
  for (int k = 0; k < n; k++) {
    double nrm = 0.0;
    for (int i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (int i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
#pragma hetile
    for (int j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (int i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}

void merged(int n, int m, double X[n][m], double Y[n][m], double S[n],
            double Z[n][m]) {
#pragma hetile
  for (int j = 1; j < n; j++) {
    for (int i = 0; i < m; i++)
      X[j][i] = Y[j - 1][i] + 1.0;
    for (int i = 0; i < m; i++)
      Y[j][i] = X[j][i] * 0.5;
    S[j] = 0.0;
    for (int i = 0; i < m; i++)
      S[j] += Y[j][i];
    for (int i = 0; i < m; i++)
      Z[j][i] = Z[j - 1][i] + X[j][i] * S[j];
  }
}

static void run(int m, int n) {
  // m >= n keeps Gram-Schmidt's columns independent; 100 on the diagonal
  // keeps their norms away from zero.
  int rows = m > n ? m : n;
  double *A = hetile_exec_grid(rows, n, 1);
  double *R = hetile_exec_grid(n, n, 2);
  double *Q = hetile_exec_grid(rows, n, 3);
  for (int i = 0; i < n; i++)
    A[(size_t)i * n + i] += 100.0;
  gramschmidt(rows, n, (double (*)[n])A, (double (*)[n])R, (double (*)[n])Q);
  printf("gramschmidt m=%d n=%d\n", rows, n);
  hetile_exec_dump("A", A, (size_t)rows * n);
  hetile_exec_dump("R", R, (size_t)n * n);
  hetile_exec_dump("Q", Q, (size_t)rows * n);
  free(A);
  free(R);
  free(Q);

  double *X = hetile_exec_grid(m, n, 4);
  double *Y = hetile_exec_grid(m, n, 5);
  double *S = hetile_exec_grid(m, 1, 6);
  double *Z = hetile_exec_grid(m, n, 7);
  merged(m, n, (double (*)[n])X, (double (*)[n])Y, S, (double (*)[n])Z);
  printf("merged n=%d m=%d\n", m, n);
  hetile_exec_dump("X", X, (size_t)m * n);
  hetile_exec_dump("Y", Y, (size_t)m * n);
  hetile_exec_dump("S", S, (size_t)m);
  hetile_exec_dump("Z", Z, (size_t)m * n);
  free(X);
  free(Y);
  free(S);
  free(Z);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 1 < argc; a += 2)
    run(atoi(argv[a]), atoi(argv[a + 1]));
  return 0;
}
