// Differential execution: flat arrays with a run-time row length
// (docs/delinearization.md). flat_stencil is a[i * n + j], updated in place
// inside a time loop (the band is skewed); flat_jacobi reaches two flat
// arrays through index macros, A(i, j) for a[(i) * n + (j)], and without
// restrict: the run-time alias check bounds their bytes through the rows
// of n elements. Both keep their columns in [1, n - 2], so that every
// subscript is proven to stay in its row: no row check.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// CHECK-LABEL: nest at {{.*}}flat-stencil.c:{{[0-9]+}}:3 in function 'flat_stencil'
// CHECK:         run-time checks: none
// CHECK-NEXT:    delinearized: a as a[][n], subscripts but the first in [0, n)
// CHECK:         tilable: yes
// CHECK-LABEL: nest at {{.*}}flat-stencil.c:{{[0-9]+}}:3 in function 'flat_jacobi'
// CHECK:         run-time checks: b and a do not overlap
// CHECK-NEXT:    delinearized: b as b[][n], subscripts but the first in [0, n)
// CHECK-NEXT:    delinearized: a as a[][n], subscripts but the first in [0, n)
// CHECK:         write b[i, j]
// CHECK:         read a[i, -1 + j]
// CHECK:         tilable: yes
//@ args 0 0 | 1 3 | 3 4 | 4 13
#include "exec-common.h"

static void flat_stencil(int T, int n, double *a) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] +
                               a[i * n + j - 1] + a[i * n + j + 1]);
}

#define A(i, j) a[(i) * n + (j)]
#define B(i, j) b[(i) * n + (j)]
static void flat_jacobi(int T, int n, double *a, double *b) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B(i, j) = 0.2 * (A(i, j) + A(i, j - 1) + A(i, j + 1) + A(i + 1, j) +
                         A(i - 1, j));
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A(i, j) = B(i, j);
  }
}

int main(int argc, char **argv) {
  int T = argc > 2 ? atoi(argv[1]) : 2, n = argc > 2 ? atoi(argv[2]) : 10;
  size_t size = (size_t)n * (size_t)n;
  double *a = calloc(size + 1, sizeof(double));
  double *b = calloc(size + 1, sizeof(double));
  for (size_t k = 0; k < size; k++)
    a[k] = hetile_exec_init((long)k, 1, 0);
  flat_stencil(T, n, a);
  hetile_exec_dump("stencil", a, size);
  for (size_t k = 0; k < size; k++) {
    a[k] = hetile_exec_init((long)k, 2, 0);
    b[k] = hetile_exec_init((long)k, 3, 0);
  }
  flat_jacobi(T, n, a, b);
  hetile_exec_dump("jacobi a", a, size);
  hetile_exec_dump("jacobi b", b, size);
  free(a);
  free(b);
  return 0;
}
