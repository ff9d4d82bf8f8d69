// Differential execution: labels that nothing jumps to inside the nest (one
// before the inner loop, one between two statements, one on an empty
// statement) are ignored. The tiled code must not repeat them: the original
// nest, kept for the run-time checks' other branch, holds them, and a label
// may appear once in a function. (`__attribute__((unused))` keeps -Wall quiet
// about the labels in the original.)
// RUN: %differential %s --work %t
//@ args 0 0 | 1 4 | 3 9 | 37 23
#include "exec-common.h"

static void sweep(int N, int M, double A[N][M], double B[N][M]) {
#pragma hetile
  for (int i = 1; i < N; i++) {
  fill: __attribute__((unused))
    for (int j = 1; j < M; j++) {
      A[i][j] = 0.5 * (A[i - 1][j] + A[i][j - 1]);
    next: __attribute__((unused))
      B[i][j] = B[i - 1][j] + A[i][j];
    done: __attribute__((unused));
    }
  }
}

int main(int argc, char **argv) {
  int N = argc > 2 ? atoi(argv[1]) : 10, M = argc > 2 ? atoi(argv[2]) : 10;
  double *A = malloc(sizeof(double) * (size_t)(N * M + 1));
  double *B = malloc(sizeof(double) * (size_t)(N * M + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i * M + j] = hetile_exec_init(i, j, 0);
      B[i * M + j] = hetile_exec_init(i, j, 1);
    }
  sweep(N, M, (double (*)[M])A, (double (*)[M])B);
  hetile_exec_dump("A", A, (size_t)(N * M));
  hetile_exec_dump("B", B, (size_t)(N * M));
  free(A);
  free(B);
  return 0;
}
