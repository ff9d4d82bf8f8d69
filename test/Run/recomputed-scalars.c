// Differential execution: scalars computed once per outer iteration from
// the iterators and read by the loops that follow (RecomputedScalars.cpp).
// `x`, declared before the nest as C89 code does, is a value; `r` and `q`,
// declared in the body, are row offsets in subscripts, `q` defined from
// `r`; `lo` bounds the inner loop; own_run's `r` is read by the subscripts
// of the statement that follows it alone. Each statement that reads them
// recomputes them first, and the band (i, j) is tiled.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s --check-prefix=ANALYZE
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
//@ args 2 2 | 3 7 | 17 9 | 40 33
// ANALYZE-LABEL: in function 'outer_value'
// ANALYZE:       S0: (i, j)
// ANALYZE:       tilable: yes
// ANALYZE-LABEL: in function 'row_offsets'
// ANALYZE:       write A[1 + i, j]
// ANALYZE:       read A[i, 1 + j]
// ANALYZE:       tilable: yes
// ANALYZE-LABEL: in function 'own_run'
// ANALYZE:       write A[1 + i, j]
// ANALYZE:       tilable: yes
// ANALYZE-LABEL: in function 'bounded'
// ANALYZE:       domain: [n, m] -> { S0[i, j] : 0 < i < n and j < m and 2*floor((1 + i)/2) > i - j }
// ANALYZE:       tilable: yes
// CODE-LABEL: void outer_value(
// CODE: { double x = (i * 0.5 + 1); A[i][j] = A[i][j] * 0.5 + x + B[i][j]; }
// CODE-LABEL: void row_offsets(
// CODE: { int r = (i + 1); int q = (r - 1); A[r][j] = 0.5 * (A[q][j + 1] + A[r][j]); }
#include "exec-common.h"

static void outer_value(int n, int m, double A[n][m], const double B[n][m]) {
  double x;
#pragma hetile
  for (int i = 0; i < n; i++) {
    x = i * 0.5 + 1;
    for (int j = 0; j < m; j++)
      A[i][j] = A[i][j] * 0.5 + x + B[i][j];
  }
}

static void row_offsets(int n, int m, double A[n][m]) {
#pragma hetile
  for (int i = 0; i < n - 1; i++) {
    int r = i + 1, q = r - 1;
    for (int j = 0; j < m - 1; j++)
      A[r][j] = 0.5 * (A[q][j + 1] + A[r][j]);
  }
}

static void own_run(int n, int m, double A[n][m]) {
#pragma hetile
  for (int i = 0; i < n - 1; i++)
    for (int j = 0; j < m; j++) {
      int r = i + 1;
      A[r][j] = 0.5 * (A[r - 1][j] + A[r][j]) + 0.25;
    }
}

static void bounded(int n, int m, double A[n][m]) {
#pragma hetile
  for (int i = 1; i < n; i++) {
    int lo = (i + 1) % 2;
    for (int j = lo; j < m; j++)
      A[i][j] = A[i - 1][j] + 0.25 * j;
  }
}

int main(int argc, char **argv) {
  int n = argc > 2 ? atoi(argv[1]) : 10, m = argc > 2 ? atoi(argv[2]) : 10;
  size_t Size = sizeof(double) * (size_t)n * (size_t)m;
  double *a = malloc(Size), *b = malloc(Size);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      a[i * m + j] = hetile_exec_init(i, j, 0);
      b[i * m + j] = hetile_exec_init(i, j, 1);
    }
  outer_value(n, m, (double (*)[m])a, (const double (*)[m])b);
  row_offsets(n, m, (double (*)[m])a);
  own_run(n, m, (double (*)[m])a);
  bounded(n, m, (double (*)[m])a);
  hetile_exec_dump("a", a, (size_t)n * (size_t)m);
  free(a);
  free(b);
  return 0;
}
