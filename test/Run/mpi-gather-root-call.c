// Differential execution: --gather=root where the function of a nest calls
// a function after it whose nest runs on every rank and reads what the
// first wrote (an initialisation in main(), then the sweep): the
// initialisation's final values still reach every rank (passesOn,
// Scop::EveryRank), else ranks but 0 sweep stale values and send rank 0
// their wrong tiles. The sweep, the last nest of its function, sends to
// rank 0 alone.
// RUN: %differential %s --work %t
//@ args 0 | 6 | 31
//@ gather-root
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// CHECK: in function 'sweep'
// CHECK: (rank 0 only with --gather=root)
// CHECK: in function 'main'
// CHECK: (every rank even with --gather=root: its function calls sweep() after it, which may pass its values on from any rank)
#include "exec-common.h"

static void sweep(int N, double A[N + 2][N + 2]) {
#pragma hetile
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= N; j++)
      A[i][j] = 0.5 * A[i - 1][j] + 0.25 * A[i][j - 1] + 0.125 * A[i + 1][j + 1];
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10;
  size_t Count = (size_t)(N + 2) * (size_t)(N + 2);
  double (*A)[N + 2] = malloc(sizeof(double) * Count);
#pragma hetile
  for (int i = 0; i < N + 2; i++)
    for (int j = 0; j < N + 2; j++)
      A[i][j] = (double)((i * 7 + j * 3) % 11) / 8.0;
  sweep(N, A);
  printf("%d\n", N);
  hetile_exec_dump("A", &A[0][0], Count);
  free(A);
  return 0;
}
