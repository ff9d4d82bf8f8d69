// Differential execution: 2D SOR in place, C89 iterators (final values
// checked), for N from 0 (empty) to sizes that no tile size divides.
// RUN: python3 %p/Inputs/exec-driver.py %s --work %t.dir --cc %gcc --cc %clang --cflags="%rt_cflags" --libs="%rt_libs"
//
//@ params N
//@ loop i int 1 outside
//@ loop j int 1 outside
//@ exit i entry [N] -> { [] }
//@ exit i iters [N] -> { [i] : 1 <= i <= N - 2 }
//@ exit i init [N] -> { [] -> [1] }
//@ exit j entry [N] -> { [i] : 1 <= i <= N - 2 }
//@ exit j iters [N] -> { [i, j] : 1 <= i <= N - 2 and 1 <= j <= N - 2 }
//@ exit j init [N] -> { [i] -> [1] }
//@ stmt i,j [N] -> { S0[i, j] : 1 <= i <= N - 2 and 1 <= j <= N - 2 }
//@ text A[i][j] = 0.25 * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);
//@ band 2 [N] -> { S0[i, j] -> [i, j] }
#include "exec-common.h"
#include "hetile_rt.h"

static void kernel(int N, double A[N][N], int *fi, int *fj) {
  int i = -7, j = -7;
  /* hetile-nest-begin */
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < N - 1; j++)
      A[i][j] = 0.25 * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);
  /* hetile-nest-end */
  *fi = i;
  *fj = j;
}

int main(void) {
  static const int Sizes[] = {0, 1, 2, 3, 4, 9, 33, 70};
  unsigned s;
  for (s = 0; s < sizeof(Sizes) / sizeof(Sizes[0]); s++) {
    int N = Sizes[s], i, j, fi, fj;
    double *A = malloc(sizeof(double) * (size_t)(N * N + 1));
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        A[i * N + j] = hetile_exec_init(i, j, 0);
    kernel(N, (double (*)[N])A, &fi, &fj);
    printf("N=%d i=%d j=%d ", N, fi, fj);
    hetile_exec_dump("A", A, (size_t)(N * N));
    free(A);
  }
  return 0;
}
