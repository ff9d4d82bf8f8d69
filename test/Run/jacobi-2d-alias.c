// Differential execution: time-iterated Jacobi 2D written the benchmark way:
// VLA parameters without restrict, iterators declared at the top of the
// function. A and B may overlap as far as the compiler knows: the nest is
// tiled under a run-time alias check, and the harness's
// HETILE_FALLBACK_ABORT proves the tiled branch ran (the arrays are
// disjoint). Sizes in (T, N) pairs: no steps, empty interiors, tiny, one
// around 30.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// CHECK: run-time checks: B and A do not overlap
// CHECK: tilable: yes
//@ args 0 5 2 0 2 2 1 3 3 4 4 29
#include "exec-common.h"

static void kernel_jacobi_2d(int tsteps, int n, double A[n][n],
                             double B[n][n]) {
  int t, i, j;
#pragma hetile
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] +
                         A[i - 1][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] +
                         B[i - 1][j]);
  }
}

static void run(int T, int N) {
  size_t n = (size_t)N * (size_t)N;
  double *A = malloc(sizeof(double) * (n + 1));
  double *B = malloc(sizeof(double) * (n + 1));
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i * N + j] = hetile_exec_init(i, j, 0);
      B[i * N + j] = hetile_exec_init(i, j, 1);
    }
  kernel_jacobi_2d(T, N, (double (*)[N])A, (double (*)[N])B);
  printf("T=%d N=%d\n", T, N);
  hetile_exec_dump("A", A, n);
  hetile_exec_dump("B", B, n);
  free(A);
  free(B);
}

int main(int argc, char **argv) {
  int a;
  for (a = 1; a + 1 < argc; a += 2)
    run(atoi(argv[a]), atoi(argv[a + 1]));
  return 0;
}
