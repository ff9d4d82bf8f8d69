// Differential execution: arrays reached through a table of row pointers,
// `double **r` indexed r[i][j], as Numerical Recipes and many codes
// allocate them (docs/invariant-loads.md). Before the nest the generated
// code checks that the rows the nest touches are equally spaced (any
// distance: rows of n elements, or padded ones) and reads the table as one
// array in rows of that many elements; the delinearization's row check
// keeps every column inside its row, and the writes must miss the table.
// sweep is patterns.c's rows_sweep; pair reads one table and writes
// another. The harness compiles with HETILE_FALLBACK_ABORT: every call must
// run the tiled code.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// CHECK-LABEL: nest at {{.*}}row-tables.c:{{[0-9]+}}:3 in function 'sweep'
// CHECK:         parameters: T, n, hetile_r_stride
// CHECK:         read once: the rows of r, where equally spaced, as the array hetile_r in rows of hetile_r_stride
// CHECK-NEXT:    run-time checks: the subscripts of hetile_r stay in [0, hetile_r_stride); the writes to hetile_r miss r
// CHECK-NEXT:    delinearized: hetile_r as hetile_r[][hetile_r_stride]
// CHECK:         write hetile_r[i, j]
// CHECK:         tilable: yes
// CHECK-LABEL: nest at {{.*}}row-tables.c:{{[0-9]+}}:3 in function 'pair'
// CHECK:         read once: the rows of out, where equally spaced, as the array hetile_out in rows of hetile_out_stride
// CHECK-NEXT:    read once: the rows of in, where equally spaced, as the array hetile_in in rows of hetile_in_stride
// CHECK-NEXT:    run-time checks: hetile_out and hetile_in do not overlap; {{.*}}; the writes to hetile_out miss out, in
// CHECK:         tilable: yes
//@ args 5 1 0 | 12 3 0 | 23 2 3 | 40 4 1
#include "exec-common.h"

static void sweep(int T, int n, double **r) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        r[i][j] = 0.25 * (r[i - 1][j] + r[i][j - 1] + r[i][j] + r[i][j + 1]);
}

static void pair(int n, double *const *in, double **out) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      out[i][j] = 0.5 * (out[i - 1][j] + out[i][j - 1]) + in[i][j - 1];
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  int n = atoi(argv[1]), T = atoi(argv[2]), pad = atoi(argv[3]);
  size_t stride = (size_t)n + (size_t)pad;
  double *a = calloc(stride * (size_t)n, sizeof(double));
  double *b = calloc(stride * (size_t)n, sizeof(double));
  double **r = malloc(sizeof(double *) * (size_t)n);
  double **s = malloc(sizeof(double *) * (size_t)n);
  for (size_t k = 0; k < stride * (size_t)n; k++) {
    a[k] = hetile_exec_init((long)k, 3, 0);
    b[k] = hetile_exec_init((long)k, 5, 1);
  }
  for (int i = 0; i < n; i++) {
    r[i] = a + (size_t)i * stride;
    s[i] = b + (size_t)i * stride;
  }
  sweep(T, n, r);
  hetile_exec_dump("a", a, stride * (size_t)n);
  pair(n, r, s);
  hetile_exec_dump("b", b, stride * (size_t)n);
  free(a);
  free(b);
  free(r);
  free(s);
  return 0;
}
