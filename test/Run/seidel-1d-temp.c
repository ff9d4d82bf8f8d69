// Differential execution: a 1D Gauss-Seidel sweep inside a time loop, C89
// style, through a temporary declared at function scope that is assigned
// and read within one statement run (`tmp = ...; A[i] = ...tmp...;`). The
// band (t, i) needs a skew (isl's scheduler) and tmp a copy per tile
// (privatization); tmp and the iterators are printed after the nest. Sizes
// in (N, T) pairs.
// RUN: %differential %s --work %t
//@ args 0 0 1 1 2 2 3 1 4 5 37 13 | 9 30
#include "exec-common.h"

static void seidel(int N, int T, double A[N]) {
  int t, i;
  double tmp = 2.5;
  t = i = -1;
#pragma hetile
  for (t = 0; t < T; t++)
    for (i = 1; i < N - 1; i++) {
      tmp = A[i - 1] + A[i + 1];
      A[i] = 0.5 * tmp + 0.25 * A[i];
    }
  printf("N=%d T=%d t=%d i=%d\n", N, T, t, i);
  {
    double out = tmp;
    hetile_exec_dump("tmp", &out, 1);
  }
}

int main(int argc, char **argv) {
  int a, i;
  for (a = 1; a + 1 < argc; a += 2) {
    int N = atoi(argv[a]), T = atoi(argv[a + 1]);
    double *A = malloc(sizeof(double) * (size_t)(N + 1));
    for (i = 0; i < N; i++)
      A[i] = hetile_exec_init(i, 0, 0);
    seidel(N, T, A);
    hetile_exec_dump("A", A, (size_t)N);
    free(A);
  }
  return 0;
}
