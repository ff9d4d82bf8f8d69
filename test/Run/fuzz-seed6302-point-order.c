// Differential execution: test/Fuzz seed 6302, reduced. isl's scheduler
// fuses and skews the band to (j, 1 + i + j) for the first statement and
// (1, 2 + i) for the sum X[i + 24], with the first statement's instances
// at one band point ordered before the sum's by the inner schedule (1 - k
// against j). isl's AST generator, left to its default loop type, ran the
// sum first at band point (1, 3), before the A[25] it reads was written;
// with every point loop "separate" (Transform/Tiling.cpp,
// separateEveryLoop) the point loops keep the schedule's order.
// RUN: %differential %s --work %t
//@ args 2 | 3 | 4 | 10
#include "exec-common.h"

static void kern(int N, double A[restrict 72], double B[restrict 72][72],
                 double X[restrict 72], double Y[restrict 72][72]) {
#pragma hetile
  for (int i = 1; i <= N - 1; i += 2) {
    for (int j = (i - 2 > 0 ? i - 2 : 0); j <= i; ++j)
      for (int k = 8; k >= 2; k -= 2)
        A[j + 24] = 0.25 * B[j + 21][k + 27] + 1.0;
    for (int j = 0; j < 4; j++)
      for (int k = 0; k <= i; k += 2)
        B[j + k + 26][i + j + 21] = 0.125 * A[j + i + 23] + 0.5;
    X[i + 24] = 0.0;
    for (int j = 0; j <= N - 1; j++)
      X[i + 24] += 0.125 * A[25];
    for (int j = 0; j <= N - 1; j++)
      Y[i + 24][j + 24] = 0.125 * A[j + 25] + 0.5;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  double *A = hetile_exec_grid(1, 72, 1), *X = hetile_exec_grid(1, 72, 2);
  double *B = hetile_exec_grid(72, 72, 3), *Y = hetile_exec_grid(72, 72, 4);
  kern(n, A, (double(*)[72])B, X, (double(*)[72])Y);
  printf("n=%d\n", n);
  hetile_exec_dump("A", A, 72);
  hetile_exec_dump("B", B, 72 * 72);
  hetile_exec_dump("X", X, 72);
  hetile_exec_dump("Y", Y, 72 * 72);
  free(A);
  free(B);
  free(X);
  free(Y);
  return 0;
}
