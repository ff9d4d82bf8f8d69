// Differential execution: affine if guards inside the nest (an if/else on
// i + j <= K, and an && of != and >=): the branches become statements with
// complementary domains. Sizes in (N, K) pairs: empty, 1-3, guards always
// or never true, one around 30.
// RUN: %differential %s --work %t
//@ args 0 0 1 0 2 1 3 -5 3 9 4 3 33 29
#include "exec-common.h"

void guarded(int N, int K, double A[restrict N][N], double B[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++) {
      if (i + j <= K)
        A[i][j] = A[i - 1][j] + 0.5 * A[i][j - 1];
      else
        A[i][j] = 0.5 * A[i - 1][j] - A[i][j - 1];
      if (j != i && 2 * j >= i)
        B[i][j] = B[i - 1][j] + 0.25 * B[i][j - 1] + A[i][j];
    }
}

static void run(int N, int K) {
  size_t n = (size_t)N * (size_t)N;
  double *A = malloc(sizeof(double) * (n + 1));
  double *B = malloc(sizeof(double) * (n + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i * N + j] = hetile_exec_init(i, j, 0) - 0.5;
      B[i * N + j] = hetile_exec_init(i, j, 1) - 0.5;
    }
  guarded(N, K, (double (*)[N])A, (double (*)[N])B);
  printf("N=%d K=%d\n", N, K);
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
