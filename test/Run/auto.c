// Differential execution: the nests of test/Analyze/auto.c that --auto finds
// tilable, here all marked: two sibling nests in one function, and a nest
// inside a time loop whose body also calls printf (outside the nest). Sizes
// in (T, N) pairs: no steps, empty, 1-3, one around 30.
// RUN: %differential %s --work %t
//@ args 0 4 2 0 2 1 2 2 1 3 3 31
#include "exec-common.h"

void two_nests(int N, double A[restrict N][N], double B[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      B[i][j] = B[i - 1][j] + B[i][j - 1];
}

void outer_has_call(int T, int N, double A[restrict N][N]) {
  for (int t = 0; t < T; t++) {
    printf("step %d\n", t);
#pragma hetile
    for (int i = 1; i < N; i++)
      for (int j = 1; j < N; j++)
        A[i][j] = A[i - 1][j] + A[i][j - 1];
  }
}

static void run(int T, int N) {
  size_t n = (size_t)N * (size_t)N;
  double *A = malloc(sizeof(double) * (n + 1));
  double *B = malloc(sizeof(double) * (n + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i * N + j] = hetile_exec_init(i, j, 0) - 0.5;
      B[i * N + j] = hetile_exec_init(i, j, 1) - 0.5;
    }
  printf("T=%d N=%d\n", T, N);
  two_nests(N, (double (*)[N])A, (double (*)[N])B);
  hetile_exec_dump("A", A, n);
  hetile_exec_dump("B", B, n);
  outer_has_call(T, N, (double (*)[N])B);
  hetile_exec_dump("B", B, n);
  free(A);
  free(B);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 1 < argc; a += 2)
    run(atoi(argv[a]), atoi(argv[a + 1]));
  return 0;
}
