// Differential execution: a 4-level uniform recurrence with a diagonal term
// over a global array of constant size (no parameters). The command line
// gives the initial data: one sweep per seed, each on fresh data, and a
// second sweep over the first's result.
// RUN: %differential %s --work %t
//@ args 0 5
#include "exec-common.h"
#define N 20
double A[N][N][N][N];

void rec4(void) {
#pragma hetile
  for (int a = 1; a < N; a++)
    for (int b = 1; b < N; b++)
      for (int c = 1; c < N; c++)
        for (int d = 1; d < N; d++)
          A[a][b][c][d] = A[a - 1][b][c][d] + A[a][b - 1][c][d] + A[a][b][c - 1][d] +
                          A[a][b][c][d - 1] + A[a - 1][b - 1][c][d];
}

static void init(int seed) {
  for (int a = 0; a < N; a++)
    for (int b = 0; b < N; b++)
      for (int c = 0; c < N; c++)
        for (int d = 0; d < N; d++)
          A[a][b][c][d] = hetile_exec_init(a * N + b, c, d + seed) - 0.5;
}

int main(int argc, char **argv) {
  for (int k = 1; k < argc; k++) {
    int seed = atoi(argv[k]);
    init(seed);
    rec4();
    printf("seed=%d\n", seed);
    hetile_exec_dump("A", &A[0][0][0][0], (size_t)N * N * N * N);
  }
  if (argc > 1) {
    rec4();
    printf("again\n");
    hetile_exec_dump("A", &A[0][0][0][0], (size_t)N * N * N * N);
  }
  return 0;
}
