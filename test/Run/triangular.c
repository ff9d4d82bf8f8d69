// Differential execution: a lower-triangular domain (j <= i), vectors (0,1)
// and (1,0), C99 iterators. Sizes: empty, 1-3, one around 30.
// RUN: %differential %s --work %t
//@ args 0 1 2 3 33
#include "exec-common.h"

void lower(int N, double L[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j <= i; j++)
      L[i][j] = L[i - 1][j] + L[i][j - 1];
}

static void run(int N) {
  size_t n = (size_t)N * (size_t)N;
  double *L = malloc(sizeof(double) * (n + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      L[i * N + j] = hetile_exec_init(i, j, 0);
  lower(N, (double (*)[N])L);
  printf("N=%d\n", N);
  hetile_exec_dump("L", L, n);
  free(L);
}

int main(int argc, char **argv) {
  for (int a = 1; a < argc; a++)
    run(atoi(argv[a]));
  return 0;
}
