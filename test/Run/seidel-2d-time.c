// Differential execution: PolyBench seidel-2d (9-point Gauss-Seidel in place,
// iterated in t; not permutable as written, skewed to a band of depth 3), C99
// iterators. Sizes in (T, N) pairs: no steps, empty interiors, tiny, one
// around 30.
// RUN: %differential %s --work %t
//@ args 0 5 2 0 2 2 1 3 3 4 4 27
#include "exec-common.h"

void seidel_2d(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t <= T - 1; t++)
    for (int i = 1; i <= N - 2; i++)
      for (int j = 1; j <= N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] +
                   A[i][j] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] +
                   A[i + 1][j + 1]) / 9.0;
}

static void run(int T, int N) {
  size_t n = (size_t)N * (size_t)N;
  double *A = malloc(sizeof(double) * (n + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i * N + j] = hetile_exec_init(i, j, 0);
  seidel_2d(T, N, (double (*)[N])A);
  printf("T=%d N=%d\n", T, N);
  hetile_exec_dump("A", A, n);
  free(A);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 1 < argc; a += 2)
    run(atoi(argv[a]), atoi(argv[a + 1]));
  return 0;
}
