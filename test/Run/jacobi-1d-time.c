// Differential execution: time-iterated Jacobi 1D (PolyBench jacobi-1d), two
// statements in sibling loops sharing iterator i (S1 shifted, i skewed by t),
// C89 iterators whose final values are printed. Sizes in (T, N) pairs: no
// steps, empty interiors (N = 0..2), tiny, one around 40.
// RUN: %differential %s --work %t
//@ args 0 5 3 0 3 1 3 2 2 3 1 4 7 37
#include "exec-common.h"

static int last_t, last_i;

void jacobi_1d(int T, int N, double A[restrict N], double B[restrict N]) {
  int t = -1, i = -2;
#pragma hetile
  for (t = 0; t < T; t++) {
    for (i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < N - 1; i++)
      A[i] = B[i];
  }
  last_t = t;
  last_i = i;
}

static void run(int T, int N) {
  double *A = malloc(sizeof(double) * (size_t)(N + 1));
  double *B = malloc(sizeof(double) * (size_t)(N + 1));
  int i;
  for (i = 0; i < N; i++) {
    A[i] = hetile_exec_init(i, 0, 0);
    B[i] = hetile_exec_init(i, 1, 0);
  }
  jacobi_1d(T, N, A, B);
  printf("T=%d N=%d t=%d i=%d\n", T, N, last_t, last_i);
  hetile_exec_dump("A", A, (size_t)N);
  hetile_exec_dump("B", B, (size_t)N);
  free(A);
  free(B);
}

int main(int argc, char **argv) {
  int a;
  for (a = 1; a + 1 < argc; a += 2)
    run(atoi(argv[a]), atoi(argv[a + 1]));
  return 0;
}
