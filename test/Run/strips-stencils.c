// Differential execution of the strips schedule (--omp-schedule=strips) on
// nests whose halo is not one row per step: heat-3d (3D, C89 iterators
// whose final values are printed), fdtd-2d (four statements, one of them on
// row 0 only, rows distances -1 and +1 between different statements), and a
// wide stencil (reads two rows away, a statement guarded on the time step,
// a three-statement step): the same runs as strips-jacobi.c. Sizes in
// (T, N) pairs: no steps, empty and tiny grids, one around 20.
// RUN: %differential %s --work %t --backends=omp-strips
//@ args 0 5 2 0 2 1 1 3 3 4 5 6 4 19
#include "exec-common.h"

static int last_t, last_i, last_j, last_k;

void heat_3d(int T, int N, double A[restrict N][N][N], double B[restrict N][N][N]) {
  int t = -1, i = -2, j = -3, k = -4;
#pragma hetile
  for (t = 1; t <= T; t++) {
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        for (k = 1; k < N - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                     + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                     + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
                     + A[i][j][k];
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        for (k = 1; k < N - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                     + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                     + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
                     + B[i][j][k];
  }
  last_t = t;
  last_i = i;
  last_j = j;
  last_k = k;
}

void fdtd_2d(int TMAX, int NX, int NY, double ex[restrict NX][NY],
             double ey[restrict NX][NY], double hz[restrict NX][NY],
             double fict[restrict TMAX]) {
  int t = -1, i = -2, j = -3;
#pragma hetile
  for (t = 0; t < TMAX; t++) {
    for (j = 0; j < NY; j++)
      ey[0][j] = fict[t];
    for (i = 1; i < NX; i++)
      for (j = 0; j < NY; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < NX; i++)
      for (j = 1; j < NY; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < NX - 1; i++)
      for (j = 0; j < NY - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
  last_t = t;
  last_i = i;
  last_j = j;
}

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

static void run(int T, int N) {
  size_t n3 = (size_t)N * (size_t)N * (size_t)N, n2 = (size_t)N * (size_t)(N + 1);
  double *A = malloc(sizeof(double) * (n3 + n2 + 1));
  double *B = malloc(sizeof(double) * (n3 + n2 + 1));
  double *C = malloc(sizeof(double) * (n3 + n2 + 1));
  double *fict = malloc(sizeof(double) * (size_t)(T + 1));
  for (size_t x = 0; x < n3 + n2; x++) {
    A[x] = hetile_exec_init((long)x, 1, 0);
    B[x] = hetile_exec_init((long)x, 2, 1);
    C[x] = hetile_exec_init((long)x, 3, 2);
  }
  for (int t = 0; t < T; t++)
    fict[t] = t + 0.5;
  printf("T=%d N=%d\n", T, N);
  heat_3d(T, N, (double (*)[N][N])A, (double (*)[N][N])B);
  printf("t=%d i=%d j=%d k=%d\n", last_t, last_i, last_j, last_k);
  hetile_exec_dump("A3", A, n3);
  hetile_exec_dump("B3", B, n3);
  fdtd_2d(T, N, N + 1, (double (*)[N + 1])A, (double (*)[N + 1])B,
          (double (*)[N + 1])C, fict);
  printf("t=%d i=%d j=%d\n", last_t, last_i, last_j);
  hetile_exec_dump("ex", A, n2);
  hetile_exec_dump("ey", B, n2);
  hetile_exec_dump("hz", C, n2);
  wide(T, N, (double (*)[N])A, (double (*)[N])B, (double (*)[N])C);
  hetile_exec_dump("A", A, (size_t)N * (size_t)N);
  hetile_exec_dump("B", B, (size_t)N * (size_t)N);
  hetile_exec_dump("C", C, (size_t)N * (size_t)N);
  free(A);
  free(B);
  free(C);
  free(fict);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 1 < argc; a += 2)
    run(atoi(argv[a]), atoi(argv[a + 1]));
  return 0;
}
