// Differential execution: a 3-level uniform recurrence, vectors (1,0,0),
// (0,1,0), (0,0,1), C99 iterators. Sizes in (N, M, P) triples: empty, 1-3
// wide, one around 20-30.
// RUN: %differential %s --work %t
//@ args 0 3 3 3 0 3 3 3 0 1 1 1 2 3 2 3 2 3 23 19 29
#include "exec-common.h"

void rec3(int N, int M, int P, double A[restrict N][M][P]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      for (int k = 1; k < P; k++)
        A[i][j][k] = 0.5 * A[i - 1][j][k] + 0.3 * A[i][j - 1][k] + 0.2 * A[i][j][k - 1];
}

static void run(int N, int M, int P) {
  size_t n = (size_t)N * (size_t)M * (size_t)P;
  double *A = malloc(sizeof(double) * (n + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < P; k++)
        A[(i * M + j) * P + k] = hetile_exec_init(i, j, k);
  rec3(N, M, P, (double (*)[M][P])A);
  printf("N=%d M=%d P=%d\n", N, M, P);
  hetile_exec_dump("A", A, n);
  free(A);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 2 < argc; a += 3)
    run(atoi(argv[a]), atoi(argv[a + 1]), atoi(argv[a + 2]));
  return 0;
}
