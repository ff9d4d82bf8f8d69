// Differential execution: a flat 3-D array, a[(i * n + j) * m + k], read
// as a[i][j][k] with extents n and m (docs/delinearization.md), in place.
// The innermost loop runs to K, not to the row length m: that k + 1 stays
// below m is a run-time check, which holds on every call here (the harness
// compiles the rewritten program with HETILE_FALLBACK_ABORT, so the tiled
// code must run).
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// CHECK-LABEL: nest at {{.*}}flat-3d.c:{{[0-9]+}}:3 in function 'flat3'
// CHECK:         run-time checks: the subscripts of a stay in [0, n) x [0, m)
// CHECK-NEXT:    delinearized: a as a[][n][m], subscripts but the first in [0, n) x [0, m)
// CHECK:         write a[i, j, k]
// CHECK:         tilable: yes
//@ args 2 2 2 2 | 5 6 7 7 | 6 5 9 4 | 4 5 3 0
#include "exec-common.h"

static void flat3(int N, int n, int m, int K, double *a) {
#pragma hetile
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < K - 1; k++)
        a[(i * n + j) * m + k] =
            0.2 * (a[((i - 1) * n + j) * m + k] + a[((i + 1) * n + j) * m + k] +
                   a[(i * n + j - 1) * m + k] + a[(i * n + j) * m + k - 1] +
                   a[(i * n + j) * m + k + 1]);
}

int main(int argc, char **argv) {
  if (argc < 5)
    return 2;
  int N = atoi(argv[1]), n = atoi(argv[2]), m = atoi(argv[3]),
      K = atoi(argv[4]);
  size_t size = (size_t)N * (size_t)n * (size_t)m;
  double *a = calloc(size + 1, sizeof(double));
  for (size_t x = 0; x < size; x++)
    a[x] = hetile_exec_init((long)x, 5, 0);
  flat3(N, n, m, K, a);
  hetile_exec_dump("a", a, size);
  free(a);
  return 0;
}
