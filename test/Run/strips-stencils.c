// Differential execution of the strips schedule (--omp-schedule=strips, on
// the omp, mpi and mpi+omp backends) on nests whose halo is not one row per
// step: heat-3d (3D, C89 iterators whose final values are printed), fdtd-2d
// (four statements, one of them on row 0 only, row distances -1 and +1
// between different statements; both in test/Inputs), and below a wide
// stencil (reads two rows away, a statement guarded on the time step, a
// three-statement step) and a row loop counting down, each row reading the
// one below before the step rewrites it: an anti dependence down the rows
// within the statement, which sub-tiles would reverse, so that strip is
// walked whole (the runs with HETILE_STRIP_SUBTILE=1 would catch it).
// The harness's strips runs (widths, threads, ranks, speeds, sub-tiles) are
// those of strips-jacobi.c. Sizes in (T, N) pairs: no steps, empty and tiny
// grids, one around 20.
// RUN: %differential %S/../Inputs/heat-3d.c --work %t.heat --backends=%strips_backends
// RUN: %differential %S/../Inputs/fdtd-2d.c --work %t.fdtd --backends=%strips_backends
// RUN: %differential %s --work %t --backends=%strips_backends
//@ args 0 5 2 0 2 1 1 3 3 4 5 6 4 19
#include "exec-common.h"

void wide(int T, int N, double A[restrict N][N], double B[restrict N][N],
          double C[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 2; i < N - 2; i++)
      for (int j = 0; j < N; j++)
        B[i][j] = 0.25 * (A[i - 2][j] + A[i + 2][j]) + 0.5 * A[i][j];
    for (int i = 1; i < N - 1; i++)
      for (int j = 0; j < N; j++)
        if (t % 3 != 1)
          C[i][j] = 0.5 * (B[i + 1][j] - B[i - 1][j]) + C[i][j];
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        A[i][j] = A[i][j] + 0.125 * C[i][j];
  }
}

void down(int T, int N, double D[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = N - 1; i >= 1; i--)
      D[i] = 0.5 * (D[i - 1] + D[i]) + 0.25;
}

static void run(int T, int N) {
  size_t n = (size_t)N * (size_t)N;
  double *D = malloc(sizeof(double) * ((size_t)N + 1));
  for (int x = 0; x < N; x++)
    D[x] = hetile_exec_init(x, 4, 3);
  down(T, N, D);
  hetile_exec_dump("D", D, (size_t)N);
  free(D);
  double *A = malloc(sizeof(double) * (n + 1));
  double *B = malloc(sizeof(double) * (n + 1));
  double *C = malloc(sizeof(double) * (n + 1));
  for (size_t x = 0; x < n; x++) {
    A[x] = hetile_exec_init((long)x, 1, 0);
    B[x] = hetile_exec_init((long)x, 2, 1);
    C[x] = hetile_exec_init((long)x, 3, 2);
  }
  printf("T=%d N=%d\n", T, N);
  wide(T, N, (double (*)[N])A, (double (*)[N])B, (double (*)[N])C);
  hetile_exec_dump("A", A, n);
  hetile_exec_dump("B", B, n);
  hetile_exec_dump("C", C, n);
  free(A);
  free(B);
  free(C);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 1 < argc; a += 2)
    run(atoi(argv[a]), atoi(argv[a + 1]));
  return 0;
}
