// Differential execution: C89 iterators declared in the body of the loop
// around their loops, as C89 code declares them (`int x;` at the top of a
// block): x serves only the loop that follows, k two sibling loops (the
// second one's initialization overwrites what the first left). y, declared
// at the top of the function, keeps its final value, printed after the nest.
// The tiled code declares its own counters: the declarations stay in the
// original nest only.
// RUN: %differential %s --work %t
//@ args 0 0 | 1 5 | 3 9 | 37 23
#include "exec-common.h"

static void sweep(int N, int M, double A[N][M], double B[N][M]) {
  int y = -1;
#pragma hetile
  for (y = 1; y < N - 1; y++) {
    int x;
    int k;
    for (x = 1; x < M - 1; x++)
      B[y][x] = A[y][x - 1] + A[y][x + 1] + A[y - 1][x];
    for (k = 1; k < M - 1; k++)
      A[y][k] = 0.5 * (B[y][k] + A[y - 1][k]);
    for (k = 0; k < 1; k++)
      A[y][k] = A[y][k] + 1.0;
  }
  printf("N=%d M=%d y=%d\n", N, M, y);
}

int main(int argc, char **argv) {
  int N = argc > 2 ? atoi(argv[1]) : 10, M = argc > 2 ? atoi(argv[2]) : 10;
  double *A = malloc(sizeof(double) * (size_t)(N * M + 1));
  double *B = malloc(sizeof(double) * (size_t)(N * M + 1));
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
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
