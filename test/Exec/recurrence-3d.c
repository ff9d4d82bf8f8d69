// Differential execution: a 3D recurrence, outer iterator declared in its
// header, the inner two (one of type long) declared before the nest.
// RUN: python3 %p/Inputs/exec-driver.py %s --work %t.dir --cc %gcc --cc %clang --cflags="%rt_cflags" --libs="%rt_libs"
//
//@ params N M P
//@ loop i int 1 header
//@ loop j int 1 outside
//@ loop k long 1 outside
//@ exit j entry [N, M, P] -> { [i] : 1 <= i < N }
//@ exit j iters [N, M, P] -> { [i, j] : 1 <= i < N and 1 <= j < M }
//@ exit j init [N, M, P] -> { [i] -> [1] }
//@ exit k entry [N, M, P] -> { [i, j] : 1 <= i < N and 1 <= j < M }
//@ exit k iters [N, M, P] -> { [i, j, k] : 1 <= i < N and 1 <= j < M and 1 <= k < P }
//@ exit k init [N, M, P] -> { [i, j] -> [1] }
//@ stmt i,j,k [N, M, P] -> { S0[i, j, k] : 1 <= i < N and 1 <= j < M and 1 <= k < P }
//@ text A[i][j][k] = 0.3 * A[i-1][j][k] + 0.3 * A[i][j-1][k]
//@ text              + 0.3 * A[i][j][k-1] + 0.1 * A[i-1][j-1][k-1];
//@ band 3 [N, M, P] -> { S0[i, j, k] -> [i, j, k] }
#include "exec-common.h"
#include "hetile_rt.h"

static void kernel(int N, int M, int P, double A[N][M][P], long *f) {
  int j = -7;
  long k = -7;
  /* hetile-nest-begin */
  for (int i = 1; i < N; i++)
    for (j = 1; j < M; j++)
      for (k = 1; k < P; k++)
        A[i][j][k] = 0.3 * A[i-1][j][k] + 0.3 * A[i][j-1][k]
                     + 0.3 * A[i][j][k-1] + 0.1 * A[i-1][j-1][k-1];
  /* hetile-nest-end */
  f[0] = j;
  f[1] = k;
}

int main(void) {
  static const int Cases[][3] = {{0, 5, 5}, {5, 1, 5}, {5, 5, 1}, {2, 2, 2},
                                 {9, 4, 17}, {23, 19, 31}};
  unsigned s;
  for (s = 0; s < sizeof(Cases) / sizeof(Cases[0]); s++) {
    int N = Cases[s][0], M = Cases[s][1], P = Cases[s][2], i;
    long f[2];
    size_t n = (size_t)N * (size_t)M * (size_t)P;
    double *A = malloc(sizeof(double) * (n + 1));
    for (i = 0; i < (int)n; i++)
      A[i] = hetile_exec_init(i, 0, 0);
    kernel(N, M, P, (double (*)[M][P])A, f);
    printf("N=%d M=%d P=%d j=%ld k=%ld ", N, M, P, f[0], f[1]);
    hetile_exec_dump("A", A, n);
    free(A);
  }
  return 0;
}
