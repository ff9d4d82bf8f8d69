// Floyd-Warshall (the outer loop carries a dependence, the two inner ones
// are permutable) through `hetile rewrite --auto` on every backend: the
// rewrite finishes within the default bounds, with neither an internal
// error nor a too-complex rejection, and the result compiles.
// RUN: %hetile rewrite --auto --backend=seq %s -o %t.seq.c -- -std=c99 2>&1 | FileCheck %s --allow-empty
// RUN: %hetile rewrite --auto --backend=mpi %s -o %t.mpi.c -- -std=c99 2>&1 | FileCheck %s --allow-empty
// RUN: %gcc -std=c99 -O2 -c %rt_cflags %t.seq.c -o %t.seq.o
// CHECK-NOT: [hetile-reject-too-complex]
// CHECK-NOT: [hetile-reject-codegen-failed]
#include <stdio.h>
#include <stdlib.h>

static void floyd_warshall(int N, double path[restrict N][N]) {
  int i, j, k;
  for (k = 0; k < N; k++)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 40;
  int i, j;
  double (*path)[N] = malloc(sizeof(double) * (size_t)N * (size_t)N);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      path[i][j] = (i * j) % 7 + 1 + (i == j ? -1 : 0);
  floyd_warshall(N, path);
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += path[i][j];
  printf("%a\n", s);
  free(path);
  return 0;
}
