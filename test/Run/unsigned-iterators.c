// Differential execution: unsigned iterators that the model can prove never
// wrap around, so C's unsigned arithmetic equals the integer model: unsigned
// loops with unsigned bounds starting at 1 (A[i - 1] cannot go below 0), an
// unsigned loop counting down to 1 (`i > 1; i--` stops before 0) with an
// unsigned guard, int iterators against a size_t bound (`i < n` converts i,
// which is never negative there), and size_t loops on `!=` from 0 (which
// never lies past the bound). Sizes in (N, M) pairs: empty, one side empty,
// 1-3, one around 30.
// RUN: %differential %s --work %t
//@ args 0 0 0 3 3 0 1 1 2 3 3 2 4 4 29 33
#include "exec-common.h"

void up(unsigned N, unsigned M, double A[restrict N][M]) {
#pragma hetile
  for (unsigned i = 1; i < N; i++)
    for (unsigned j = 1; j < M; j++)
      A[i][j] = A[i - 1][j] + 0.5 * A[i][j - 1] - 0.25 * A[i - 1][j - 1];
}

void down(unsigned N, unsigned M, double B[restrict N][M]) {
#pragma hetile
  for (unsigned i = N; i > 1; i--)
    for (unsigned j = 1; j < M; j++) {
      if (j + 1 >= i)
        B[i - 2][j] = 0.5 * B[i - 1][j] + B[i - 2][j - 1];
      else
        B[i - 2][j] = B[i - 1][j] - 0.5 * B[i - 2][j - 1];
    }
}

void sized(size_t n, size_t m, int C[restrict n][m]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++)
      C[i][j] = (C[i - 1][j] + 3 * C[i][j - 1] + C[i - 1][j - 1]) % 1000003;
}

void notEqual(size_t n, size_t m, double E[restrict n + 1][m + 1]) {
#pragma hetile
  for (size_t i = 0; i != n; ++i)
    for (size_t j = 0; j != m; ++j)
      E[i + 1][j + 1] = E[i][j + 1] + 0.5 * E[i + 1][j];
}

static void fill(double *X, unsigned N, unsigned M, int Seed) {
  for (unsigned i = 0; i < N; i++)
    for (unsigned j = 0; j < M; j++)
      X[i * M + j] = hetile_exec_init((int)i, (int)j, Seed) - 0.5;
}

static void run(unsigned N, unsigned M) {
  size_t n = (size_t)N * (size_t)M;
  double *A = malloc(sizeof(double) * (n + 1));
  double *B = malloc(sizeof(double) * (n + 1));
  int *C = malloc(sizeof(int) * (n + 1));
  size_t n1 = (size_t)(N + 1) * (size_t)(M + 1);
  double *E = malloc(sizeof(double) * n1);
  fill(E, N + 1, M + 1, 2);
  fill(A, N, M, 0);
  fill(B, N, M, 1);
  for (size_t k = 0; k < n; k++)
    C[k] = (int)(k % 7);
  up(N, M, (double (*)[M])A);
  down(N, M, (double (*)[M])B);
  sized(N, M, (int (*)[M])C);
  notEqual(N, M, (double (*)[M + 1])E);
  printf("N=%u M=%u\n", N, M);
  hetile_exec_dump("A", A, n);
  hetile_exec_dump("B", B, n);
  hetile_exec_dump_int("C", C, n);
  hetile_exec_dump("E", E, n1);
  free(A);
  free(B);
  free(C);
  free(E);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 1 < argc; a += 2)
    run((unsigned)atoi(argv[a]), (unsigned)atoi(argv[a + 1]));
  return 0;
}
