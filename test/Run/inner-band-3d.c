// Differential execution: three loops of which only the innermost two are
// permutable. Each step t reads the previous plane mirrored in both i and j
// (distance (1, 2i-n+1, 2j-m+1): no skew makes it non-negative), and
// recurs along i and j within the plane: t stays sequential around the
// tiled (i, j) band. C89 iterators. Sizes in (Steps, N, M) triples.
// RUN: %differential %s --work %t
//@ args 0 3 3 1 0 0 1 1 1 2 2 3 4 5 7 3 23 19
//@ gather-root
#include "exec-common.h"

static void mirror(int steps, int n, int m,
                   double A[steps + 1][n][m]) {
  int t = -1, i = -2, j = -3;
#pragma hetile
  for (t = 1; t <= steps; t++)
    for (i = 1; i < n; i++)
      for (j = 1; j < m; j++)
        A[t][i][j] = (A[t - 1][n - 1 - i][m - 1 - j] + A[t][i - 1][j] +
                      A[t][i][j - 1]) * 0.3125;
  printf("steps=%d n=%d m=%d t=%d i=%d j=%d\n", steps, n, m, t, i, j);
}

static void run(int steps, int n, int m) {
  size_t s = (size_t)(steps + 1) * (size_t)n * (size_t)m;
  double *A = malloc(sizeof(double) * (s + 1));
  int t, i, j;
  for (t = 0; t <= steps; t++)
    for (i = 0; i < n; i++)
      for (j = 0; j < m; j++)
        A[((size_t)t * n + i) * m + j] = hetile_exec_init(t, i, j);
  mirror(steps, n, m, (double (*)[n][m])A);
  hetile_exec_dump("A", A, s);
  free(A);
}

int main(int argc, char **argv) {
  int a;
  for (a = 1; a + 2 < argc; a += 3)
    run(atoi(argv[a]), atoi(argv[a + 1]), atoi(argv[a + 2]));
  return 0;
}
