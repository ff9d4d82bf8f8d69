// Differential execution: 2D SOR (Gauss-Seidel, 5 points) in place inside a
// time loop, C99 iterators; rectangular N x M, including empty and 1-wide.
// RUN: %differential %s --work %t
//@ args 0 0 | 3 9 | 37 23
#include "exec-common.h"

static void sor(int N, int M, double A[N][M], int Iters) {
  for (int t = 0; t < Iters; t++) {
#pragma hetile
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < M - 1; j++)
        A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);
  }
}

int main(int argc, char **argv) {
  int N = argc > 2 ? atoi(argv[1]) : 10, M = argc > 2 ? atoi(argv[2]) : 10;
  double *A = malloc(sizeof(double) * (size_t)(N * M + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i * M + j] = hetile_exec_init(i, j, 0);
  sor(N, M, (double (*)[M])A, 3);
  hetile_exec_dump("A", A, (size_t)(N * M));
  free(A);
  return 0;
}
