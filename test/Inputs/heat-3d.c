// Differential execution: PolyBench heat-3d (two 3D 7-point stencils per time
// step, A -> B -> A; shifted and skewed to a band of depth 4), C89 iterators
// whose final values are printed. Sizes in (T, N) pairs: no steps, empty and
// 1-3 wide grids (interior empty), and one around 20.
// Run by test/Run/heat-3d.c and test/Run/strips-stencils.c.
//@ args 0 5 2 0 2 1 2 2 1 3 3 4 3 19
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

static void run(int T, int N) {
  size_t n = (size_t)N * (size_t)N * (size_t)N;
  double *A = malloc(sizeof(double) * (n + 1));
  double *B = malloc(sizeof(double) * (n + 1));
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++) {
        A[(i * N + j) * N + k] = hetile_exec_init(i, j, k);
        B[(i * N + j) * N + k] = hetile_exec_init(i + 1, j, k);
      }
  heat_3d(T, N, (double (*)[N][N])A, (double (*)[N][N])B);
  printf("T=%d N=%d t=%d i=%d j=%d k=%d\n", T, N, last_t, last_i, last_j,
         last_k);
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
