// Differential execution: an ADI-like time loop around two sweeps, the
// benchmark way (C89 iterators). The row sweep recurs along j, the column
// sweep along i and reads the row sweep's result mirrored (X[n-1-i][n-1-j]):
// no band holds t and another loop (the distance 2j-n+1 has both signs),
// and the sweeps cannot be fused. The time loop stays sequential and each
// sweep is a tiled band of its own, in sequence inside each time step.
// Sizes in (N, Steps) pairs: empty, no step, 1-2 wide, one around 30.
// RUN: %differential %s --work %t
//@ args 0 0 1 1 2 3 3 2 5 4 31 3
#include "exec-common.h"

static void adi(int n, int steps, double X[n][n],
                double Y[n][n], const double A[n][n]) {
  int t = -1, i = -2, j = -3;
#pragma hetile
  for (t = 0; t < steps; t++) {
    for (i = 0; i < n; i++)
      for (j = 1; j < n; j++)
        X[i][j] = Y[i][j] - X[i][j - 1] * A[i][j] * 0.5;
    for (j = 0; j < n; j++)
      for (i = 1; i < n; i++)
        Y[i][j] = X[n - 1 - i][n - 1 - j] - Y[i - 1][j] * A[i][j] * 0.25;
  }
  printf("n=%d steps=%d t=%d i=%d j=%d\n", n, steps, t, i, j);
}

static void run(int n, int steps) {
  size_t s = (size_t)n * (size_t)n;
  double *X = malloc(sizeof(double) * (s + 1));
  double *Y = malloc(sizeof(double) * (s + 1));
  double *A = malloc(sizeof(double) * (s + 1));
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      X[i * n + j] = hetile_exec_init(i, j, 0);
      Y[i * n + j] = hetile_exec_init(i, j, 2);
      A[i * n + j] = hetile_exec_init(i, j, 1);
    }
  adi(n, steps, (double (*)[n])X, (double (*)[n])Y, (const double (*)[n])A);
  hetile_exec_dump("X", X, s);
  hetile_exec_dump("Y", Y, s);
  free(X);
  free(Y);
  free(A);
}

int main(int argc, char **argv) {
  int a;
  for (a = 1; a + 1 < argc; a += 2)
    run(atoi(argv[a]), atoi(argv[a + 1]));
  return 0;
}
