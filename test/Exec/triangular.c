// Differential execution: a recurrence over a triangular domain
// (1 <= j <= i < N): tile loop bounds depend on the outer origin.
// RUN: python3 %p/Inputs/exec-driver.py %s --work %t.dir --cc %gcc --cc %clang --cflags="%rt_cflags" --libs="%rt_libs"
//
//@ params N
//@ loop i int 1 outside
//@ loop j int 1 outside
//@ exit i entry [N] -> { [] }
//@ exit i iters [N] -> { [i] : 1 <= i < N }
//@ exit i init [N] -> { [] -> [1] }
//@ exit j entry [N] -> { [i] : 1 <= i < N }
//@ exit j iters [N] -> { [i, j] : 1 <= j <= i < N }
//@ exit j init [N] -> { [i] -> [1] }
//@ stmt i,j [N] -> { S0[i, j] : 1 <= j <= i < N }
//@ text L[i][j] = L[i-1][j-1] + 0.5 * L[i-1][j] + 0.25 * L[i][j-1];
//@ band 2 [N] -> { S0[i, j] -> [i, j] }
#include "exec-common.h"
#include "hetile_rt.h"

static void kernel(int N, double L[N][N], int *fi, int *fj) {
  int i = -7, j = -7;
  /* hetile-nest-begin */
  for (i = 1; i < N; i++)
    for (j = 1; j <= i; j++)
      L[i][j] = L[i-1][j-1] + 0.5 * L[i-1][j] + 0.25 * L[i][j-1];
  /* hetile-nest-end */
  *fi = i;
  *fj = j;
}

int main(void) {
  static const int Sizes[] = {0, 1, 2, 3, 10, 45, 101};
  unsigned s;
  for (s = 0; s < sizeof(Sizes) / sizeof(Sizes[0]); s++) {
    int N = Sizes[s], i, j, fi, fj;
    double *L = malloc(sizeof(double) * (size_t)(N * N + 1));
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        L[i * N + j] = hetile_exec_init(i, j, 0);
    kernel(N, (double (*)[N])L, &fi, &fj);
    printf("N=%d i=%d j=%d ", N, fi, fj);
    hetile_exec_dump("L", L, (size_t)(N * N));
    free(L);
  }
  return 0;
}
