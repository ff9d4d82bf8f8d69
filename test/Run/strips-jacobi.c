// Differential execution of the strips schedule (--omp-schedule=strips, on
// the omp, mpi and mpi+omp backends): jacobi-1d below and jacobi-2d
// (test/Inputs), two statements per time step (A -> B -> A), halo of one
// row per statement and step. The harness's strips runs cover widths 1, 2,
// 3, 5, 4, the model's and 1000 (beyond every time extent), 1 to 7 threads
// and 2 to 5 ranks (more processors than rows with N = 5; strips of 4
// rows, thinner than the halo of 8 with width 4), declared, emulated and
// calibrated heterogeneous speeds; they check that every nest was
// rewritten as strips and that the strips ran (HETILE_STATS). Sizes in
// (T, N) pairs: no steps, empty interiors, tiny, one around 30, and 40
// steps (the model's width, then widths tried on the first bands).
// RUN: %differential %S/../Inputs/jacobi-2d-time.c --work %t.2d --backends=%strips_backends
// RUN: %differential %s --work %t --backends=%strips_backends
//@ args 0 5 2 0 2 2 1 3 3 4 5 5 4 29 9 31 40 12
#include "exec-common.h"

void jacobi_1d(int T, int N, double A[restrict N], double B[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

static void run(int T, int N) {
  size_t n = (size_t)N;
  double *A = malloc(sizeof(double) * (n + 1));
  double *B = malloc(sizeof(double) * (n + 1));
  for (size_t k = 0; k < n; k++) {
    A[k] = hetile_exec_init((int)k, 0, 0);
    B[k] = hetile_exec_init((int)k, 0, 1);
  }
  jacobi_1d(T, N, A, B);
  printf("T=%d N=%d\n", T, N);
  hetile_exec_dump("A", A, n);
  hetile_exec_dump("B", B, n);
  free(A);
  free(B);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 1 < argc; a += 2)
    run(atoi(argv[a]), atoi(argv[a + 1]));
  return 0;
}
