// Differential execution: matrix product with a scalar accumulator declared
// at function scope (C89 style): s is written before it is read in every
// (i, j), so each tile computes on a copy of its own (privatization), and
// the band (i, j) is tiled. s and the iterators are printed after the nest:
// the values the original leaves. Sizes: empty, 1-3, one around 30,
// non-square.
// RUN: %differential %s --work %t
//@ args 0 0 1 1 2 3 3 3 29 31 | 17 5
#include "exec-common.h"

static void matmul(int N, int M, double C[N][M],
                   double A[N][M], double B[M][M]) {
  int i = -1, j = -2, k = -3;
  double s = -1.5;
#pragma hetile
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      s = 0;
      for (k = 0; k < M; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
  printf("N=%d M=%d i=%d j=%d k=%d\n", N, M, i, j, k);
  hetile_exec_dump("s", &s, 1);
}

int main(int argc, char **argv) {
  int a, i, j;
  for (a = 1; a + 1 < argc; a += 2) {
    int N = atoi(argv[a]), M = atoi(argv[a + 1]);
    double *A = malloc(sizeof(double) * (size_t)(N * M + 1));
    double *B = malloc(sizeof(double) * (size_t)(M * M + 1));
    double *C = malloc(sizeof(double) * (size_t)(N * M + 1));
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j++) {
        A[i * M + j] = hetile_exec_init(i, j, 0);
        C[i * M + j] = hetile_exec_init(i, j, 2);
      }
    for (i = 0; i < M; i++)
      for (j = 0; j < M; j++)
        B[i * M + j] = hetile_exec_init(i, j, 1);
    matmul(N, M, (double (*)[M])C, (double (*)[M])A, (double (*)[M])B);
    hetile_exec_dump("C", C, (size_t)(N * M));
    free(A);
    free(B);
    free(C);
  }
  return 0;
}
