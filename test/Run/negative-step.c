// Differential execution: loops that count down. A backward Gauss-Seidel
// sweep (both loops i--, j--: reads of the south and east neighbours see
// this sweep's values), and a nest counting i down by 1 and j up with C89
// iterators whose final values are printed. Sizes in (N, M) pairs: empty,
// 1-3 wide, one around 30.
// RUN: %differential %s --work %t
//@ args 0 0 0 3 3 0 1 1 2 3 3 2 3 3 4 5 31 27
#include "exec-common.h"

static int last_i, last_j;

void backward(int N, int M, double A[restrict N][M]) {
#pragma hetile
  for (int i = N - 2; i >= 1; i--)
    for (int j = M - 2; j > 0; j--)
      A[i][j] = 0.25 * (A[i + 1][j] + A[i][j + 1] + A[i - 1][j] + A[i][j - 1]);
}

void upward(int N, int M, double B[restrict N][M]) {
  int i = -1, j = -2;
#pragma hetile
  for (i = N - 2; i >= 0; i--)
    for (j = 1; j < M; j++)
      B[i][j] = 0.5 * B[i + 1][j] + 0.25 * B[i][j - 1] + 0.125 * B[i + 1][j - 1];
  last_i = i;
  last_j = j;
}

static void run(int N, int M) {
  size_t n = (size_t)N * (size_t)M;
  double *A = malloc(sizeof(double) * (n + 1));
  double *B = malloc(sizeof(double) * (n + 1));
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      A[i * M + j] = hetile_exec_init(i, j, 0);
      B[i * M + j] = hetile_exec_init(i, j, 1);
    }
  backward(N, M, (double (*)[M])A);
  upward(N, M, (double (*)[M])B);
  printf("N=%d M=%d i=%d j=%d\n", N, M, last_i, last_j);
  hetile_exec_dump("A", A, n);
  hetile_exec_dump("B", B, n);
  free(A);
  free(B);
}

int main(int argc, char **argv) {
  int k;
  for (k = 1; k + 1 < argc; k += 2)
    run(atoi(argv[k]), atoi(argv[k + 1]));
  return 0;
}
