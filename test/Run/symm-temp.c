// Differential execution: the symmetric matrix product of polybench (symm),
// C89 style, with the temporary temp2 declared at function scope: each
// (i, j) sets temp2 before reading it, so the tiles compute on copies of
// their own (privatization) and the band (i, j) is tiled; C[k][j] is updated
// by later rows (k < i), a dependence the band respects. temp2 and the
// iterators are printed after the nest. Sizes in (M, N) pairs.
// RUN: %differential %s --work %t
//@ args 0 0 1 1 2 3 3 2 23 19 | 9 14
#include "exec-common.h"

static void symm(int M, int N, double alpha, double beta,
                 double C[M][N], double A[M][M],
                 double B[M][N]) {
  int i, j, k;
  double temp2 = 7.0;
  i = j = k = -1;
#pragma hetile
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
  printf("M=%d N=%d i=%d j=%d k=%d\n", M, N, i, j, k);
  hetile_exec_dump("temp2", &temp2, 1);
}

int main(int argc, char **argv) {
  int a, i, j;
  for (a = 1; a + 1 < argc; a += 2) {
    int M = atoi(argv[a]), N = atoi(argv[a + 1]);
    double *A = malloc(sizeof(double) * (size_t)(M * M + 1));
    double *B = malloc(sizeof(double) * (size_t)(M * N + 1));
    double *C = malloc(sizeof(double) * (size_t)(M * N + 1));
    for (i = 0; i < M; i++) {
      for (j = 0; j < M; j++)
        A[i * M + j] = hetile_exec_init(i, j, 0);
      for (j = 0; j < N; j++) {
        B[i * N + j] = hetile_exec_init(i, j, 1);
        C[i * N + j] = hetile_exec_init(i, j, 2);
      }
    }
    symm(M, N, 1.5, 1.2, (double (*)[N])C, (double (*)[M])A,
         (double (*)[N])B);
    hetile_exec_dump("C", C, (size_t)(M * N));
    free(A);
    free(B);
    free(C);
  }
  return 0;
}
