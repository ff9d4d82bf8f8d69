// Differential execution: Gauss-Seidel 2D over time (polybench seidel-2d),
// band skewed to (t, t + i, 2t + i + j): 3 tile loops, no point loop keeps
// an original name but t.
// RUN: python3 %p/Inputs/exec-driver.py %s --work %t.dir --cc %gcc --cc %clang --cflags="%rt_cflags" --libs="%rt_libs"
//
//@ params TS N
//@ loop t int 1 outside
//@ loop i int 1 outside
//@ loop j int 1 outside
//@ exit t entry [TS, N] -> { [] }
//@ exit t iters [TS, N] -> { [t] : 0 <= t < TS }
//@ exit t init [TS, N] -> { [] -> [0] }
//@ exit i entry [TS, N] -> { [t] : 0 <= t < TS }
//@ exit i iters [TS, N] -> { [t, i] : 0 <= t < TS and 1 <= i <= N - 2 }
//@ exit i init [TS, N] -> { [t] -> [1] }
//@ exit j entry [TS, N] -> { [t, i] : 0 <= t < TS and 1 <= i <= N - 2 }
//@ exit j iters [TS, N] -> { [t, i, j] : 0 <= t < TS and 1 <= i <= N - 2 and 1 <= j <= N - 2 }
//@ exit j init [TS, N] -> { [t, i] -> [1] }
//@ stmt t,i,j [TS, N] -> { S0[t, i, j] : 0 <= t < TS and 1 <= i <= N - 2 and 1 <= j <= N - 2 }
//@ text A[i][j] = (A[i-1][j-1] + A[i-1][j] + A[i-1][j+1]
//@ text            + A[i][j-1] + A[i][j] + A[i][j+1]
//@ text            + A[i+1][j-1] + A[i+1][j] + A[i+1][j+1]) / 9.0;
//@ band 3 [TS, N] -> { S0[t, i, j] -> [t, t + i, 2t + i + j] }
#include "exec-common.h"
#include "hetile_rt.h"

static void kernel(int TS, int N, double A[N][N], int *f) {
  int t = -7, i = -7, j = -7;
  /* hetile-nest-begin */
  for (t = 0; t <= TS - 1; t++)
    for (i = 1; i <= N - 2; i++)
      for (j = 1; j <= N - 2; j++)
        A[i][j] = (A[i-1][j-1] + A[i-1][j] + A[i-1][j+1]
                   + A[i][j-1] + A[i][j] + A[i][j+1]
                   + A[i+1][j-1] + A[i+1][j] + A[i+1][j+1]) / 9.0;
  /* hetile-nest-end */
  f[0] = t;
  f[1] = i;
  f[2] = j;
}

int main(void) {
  static const int Cases[][2] = {{0, 10}, {3, 0}, {1, 3}, {2, 4}, {5, 17},
                                 {9, 40}};
  unsigned s;
  for (s = 0; s < sizeof(Cases) / sizeof(Cases[0]); s++) {
    int TS = Cases[s][0], N = Cases[s][1], i, j, f[3];
    double *A = malloc(sizeof(double) * (size_t)(N * N + 1));
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        A[i * N + j] = hetile_exec_init(i, j, 0);
    kernel(TS, N, (double (*)[N])A, f);
    printf("TS=%d N=%d t=%d i=%d j=%d ", TS, N, f[0], f[1], f[2]);
    hetile_exec_dump("A", A, (size_t)(N * N));
    free(A);
  }
  return 0;
}
