// Differential execution: matrix multiplication C += A B (the only
// dependences are on C along k; the whole 3-loop nest is permutable), C99
// iterators. Sizes: empty, 1-3, one around 30.
// RUN: %differential %s --work %t
//@ args 0 1 2 3 29
#include "exec-common.h"

void matmul(int N, double C[restrict N][N], double A[restrict N][N],
            double B[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}

static void run(int N) {
  size_t n = (size_t)N * (size_t)N;
  double *A = malloc(sizeof(double) * (n + 1));
  double *B = malloc(sizeof(double) * (n + 1));
  double *C = malloc(sizeof(double) * (n + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i * N + j] = hetile_exec_init(i, j, 0);
      B[i * N + j] = hetile_exec_init(i, j, 1);
      C[i * N + j] = hetile_exec_init(i, j, 2);
    }
  matmul(N, (double (*)[N])C, (double (*)[N])A, (double (*)[N])B);
  printf("N=%d\n", N);
  hetile_exec_dump("C", C, n);
  free(A);
  free(B);
  free(C);
}

int main(int argc, char **argv) {
  for (int a = 1; a < argc; a++)
    run(atoi(argv[a]));
  return 0;
}
