// Differential execution: two tiled nests in two functions of one file. A
// C89-style Gauss-Seidel sweep (final iterator values printed), then a
// summed-area table of its result (C99 iterators, a const input array).
// Sizes in (N, M) pairs: empty, 1-3 wide, one around 30.
// RUN: %differential %s --work %t
//@ args 0 0 0 3 3 0 1 1 2 3 3 2 3 4 29 34
#include "exec-common.h"

static int last_i, last_j;

static void sweep(int N, int M, double A[restrict N][M]) {
  int i = -1, j = -2;
#pragma hetile
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < M - 1; j++)
      A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);
  last_i = i;
  last_j = j;
}

static void summed_area(int N, int M, const double A[restrict N][M],
                        double S[restrict N][M]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      S[i][j] = A[i][j] + S[i - 1][j] + S[i][j - 1] - S[i - 1][j - 1];
}

static void run(int N, int M) {
  size_t n = (size_t)N * (size_t)M;
  double *A = malloc(sizeof(double) * (n + 1));
  double *S = malloc(sizeof(double) * (n + 1));
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      A[i * M + j] = hetile_exec_init(i, j, 0);
      S[i * M + j] = i == 0 || j == 0 ? hetile_exec_init(i, j, 1) : -1.0;
    }
  sweep(N, M, (double (*)[M])A);
  summed_area(N, M, (const double (*)[M])A, (double (*)[M])S);
  printf("N=%d M=%d i=%d j=%d\n", N, M, last_i, last_j);
  hetile_exec_dump("A", A, n);
  hetile_exec_dump("S", S, n);
  free(A);
  free(S);
}

int main(int argc, char **argv) {
  int k;
  for (k = 1; k + 1 < argc; k += 2)
    run(atoi(argv[k]), atoi(argv[k + 1]));
  return 0;
}
