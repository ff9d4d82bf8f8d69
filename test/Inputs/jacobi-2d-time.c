// Time-iterated Jacobi 2D (PolyBench jacobi-2d), A -> B then B -> A each
// step: schedule and AST printers (test/Transform, test/CodeGen, nest on
// line 7) and differential runs (test/Run/jacobi-2d-time.c, strips-jacobi.c).

void jacobi_2d(int T, int N, double A[restrict N][N], double B[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}

// The differential program: sizes in (T, N) pairs: no steps, empty
// interiors, tiny, one around 30, and 40 steps (the strips' model width,
// then the widths tried on the first bands).
//@ args 0 5 2 0 2 2 1 3 3 4 5 5 4 29 40 12
#include "../Exec/Inputs/exec-common.h"

static void run(int T, int N) {
  size_t n = (size_t)N * (size_t)N;
  double *A = malloc(sizeof(double) * (n + 1));
  double *B = malloc(sizeof(double) * (n + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i * N + j] = hetile_exec_init(i, j, 0);
      B[i * N + j] = hetile_exec_init(i, j, 1);
    }
  jacobi_2d(T, N, (double (*)[N])A, (double (*)[N])B);
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
