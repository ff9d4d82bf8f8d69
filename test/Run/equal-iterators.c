// Differential execution: a band whose two dimensions are equal over the
// whole domain (j runs from i to i), so both are "the iterator i"; the second
// tile loop must get a name of its own (else every backend refuses the nest
// with "isl failed to build the tiled schedule"). The second nest is the
// one-point case.
// RUN: %differential %s --work %t
//@ args 0 | 1 | 2 | 9 | 31
#include "exec-common.h"

static void diagonal(int N, double A[N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = i; j < i + 1; j++)
      A[j][i] = 0.5 * A[j - 1][i - 1] + A[j][i - 1];
}

static void point(int N, double A[N][N]) {
  int i, j;
#pragma hetile
  for (i = 0; i < 1; i++)
    for (j = i; j <= 0; j++)
      A[0][0] = A[0][0] * 0.5 + N;
  A[0][1] = i + j;
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10;
  int S = N > 2 ? N : 2;
  double *A = malloc(sizeof(double) * (size_t)(S * S));
  for (int i = 0; i < S; i++)
    for (int j = 0; j < S; j++)
      A[i * S + j] = hetile_exec_init(i, j, 0);
  diagonal(N, (double (*)[N])A);
  point(S, (double (*)[S])A);
  hetile_exec_dump("A", A, (size_t)(S * S));
  free(A);
  return 0;
}
