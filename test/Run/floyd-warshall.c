// Differential execution: Floyd-Warshall, the benchmark way (C89 iterators
// at the top of the function). k carries dependences that no skew removes;
// (i, j) is permutable for each k: k stays a sequential loop around the
// tiled (i, j) band, whose tiles read row k and column k. Integer weights,
// exact. Sizes: empty, 1, 2, 5, one around 30.
// RUN: %differential %s --work %t
//@ args 0 1 2 5 29
#include "exec-common.h"

static void floyd_warshall(int n, int path[n][n]) {
  int i = -1, j = -2, k = -3;
#pragma hetile
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
  printf("n=%d i=%d j=%d k=%d\n", n, i, j, k);
}

static void run(int n) {
  size_t s = (size_t)n * (size_t)n;
  int *path = malloc(sizeof(int) * (s + 1));
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      path[i * n + j] = i == j ? 0 : 1 + (int)(hetile_exec_init(i, j, 0) * 97);
  floyd_warshall(n, (int (*)[n])path);
  hetile_exec_dump_int("path", path, s);
  free(path);
}

int main(int argc, char **argv) {
  int a;
  for (a = 1; a < argc; a++)
    run(atoi(argv[a]));
  return 0;
}
