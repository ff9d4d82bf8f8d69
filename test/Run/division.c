// Differential execution: integer `/` and `%` by positive constants of
// dividends that are never negative, as floors in the model: guards on the
// parity of j and i + j, a subscript j / 2, a remainder j % 3, and bounds
// i / 2 and (N + 1) / 2. Sizes: empty, 1-4, odd and even around 30.
// RUN: %differential %s --work %t
//@ args 0 1 2 3 4 29 32
#include "exec-common.h"

void parity(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++) {
      if (j % 2 == 0)
        A[i][j] = A[i - 1][j] + A[i][j - 1];
      if ((i + j) % 2 == 1)
        A[i][j] = 0.5 * A[i][j];
    }
}

void halves(int N, double C[restrict N][N], const double D[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = i / 2; j < (N + 1) / 2; j++)
      C[i][j] = C[i - 1][j] + D[i][j / 2] + D[j % 3][i];
}

static void run(int N) {
  size_t n = (size_t)N * (size_t)N;
  double *A = malloc(sizeof(double) * (n + 1));
  double *C = malloc(sizeof(double) * (n + 1));
  double *D = malloc(sizeof(double) * (n + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i * N + j] = hetile_exec_init(i, j, 0) - 0.5;
      C[i * N + j] = hetile_exec_init(i, j, 1) - 0.5;
      D[i * N + j] = hetile_exec_init(i, j, 2) - 0.5;
    }
  parity(N, (double (*)[N])A);
  halves(N, (double (*)[N])C, (const double (*)[N])D);
  printf("N=%d\n", N);
  hetile_exec_dump("A", A, n);
  hetile_exec_dump("C", C, n);
  free(A);
  free(C);
  free(D);
}

int main(int argc, char **argv) {
  for (int a = 1; a < argc; a++)
    run(atoi(argv[a]));
  return 0;
}
