// Differential execution: pointers to a row or to an element, defined in
// the body of a loop and read as `row[j]` or `p->x` (RecomputedScalars.cpp,
// NestWalker::RowPointer). Each statement that reads one defines it first;
// the model sees the element of the array it points into.
//  - rows_flat: `a + i * m` and `&a[(i - 1) * m]` into a flat array, split
//    into rows of m (delinearization, the columns proven in [0, m)).
//  - rows_stride: rows of s elements, m of them read: the columns stay in
//    their row only where m <= s, a condition of the version that runs
//    tiled (row-pointers-fallback.c runs m > s, rows that overlap).
//  - rows_2d: `a[i]` and `&a[i - 1][1]` of a two-dimensional array.
// Each function writes an array of its own, which only main reads after
// it: the kernel also runs with --gather=root.
//  - cells: `struct cell *p = &g[i][j]` and its members `p->x`, `p->y`.
//  - field: `f->v + i * f->cols` and `&f->v[(i - 1) * f->cols]`, the data
//    and the sizes members of a struct (invariant loads).
//  - table: `double *row = r[i]` of a table of rows (`double **r`), read
//    as a 2-D array where its rows are equally spaced (checked at run time).
//  - in_run: a pointer defined after a temporary of the same statement:
//    the statement's text keeps both declarations, once.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s --check-prefix=ANALYZE
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
//@ args 2 2 2 | 3 7 9 | 17 9 9 | 40 33 35 | 9 12 12 | 30 20 31
//@ gather-root
// ANALYZE-LABEL: in function 'rows_flat'
// ANALYZE:       delinearized: a as a[][m], subscripts but the first in [0, m)
// ANALYZE:       write a[i, j]
// ANALYZE:       read a[-1 + i, j]
// ANALYZE:       read a[i, -1 + j]
// ANALYZE:       tilable: yes
// ANALYZE-LABEL: in function 'rows_stride'
// ANALYZE:       run-time checks: the subscripts of a stay in [0, s)
// ANALYZE:       delinearized: a as a[][s]
// ANALYZE:       tilable: yes
// ANALYZE-LABEL: in function 'rows_2d'
// ANALYZE:       write a[i, j]
// ANALYZE:       read a[-1 + i, 1 + j]
// ANALYZE:       tilable: yes
// ANALYZE-LABEL: in function 'cells'
// ANALYZE:       write g[i, j, 0]
// ANALYZE:       write g[i, j, 8]
// ANALYZE:       read g[-1 + i, -1 + j, 8]
// ANALYZE:       tilable: yes
// ANALYZE-LABEL: in function 'field'
// ANALYZE:       read once: f->v as hetile_f_v
// ANALYZE:       delinearized: hetile_f_v as hetile_f_v[][hetile_f_cols]
// ANALYZE:       write hetile_f_v[i, j]
// ANALYZE:       read hetile_f_v[-1 + i, j]
// ANALYZE:       tilable: yes
// ANALYZE-LABEL: in function 'table'
// ANALYZE:       read once: the rows of r, where equally spaced, as the array hetile_r in rows of hetile_r_stride
// ANALYZE:       write hetile_r[i, j]
// ANALYZE:       tilable: yes
// ANALYZE-LABEL: in function 'in_run'
// ANALYZE:       statement S0 at {{.*}}: { double t = a[i - 1][j]; double *row = a[i]; row[j] = 0.5 * (t + row[j - 1]); }
// ANALYZE:       tilable: yes
// CODE-LABEL: void rows_flat(
// CODE: { double * row = (a + i * m); const double * up = (&a[(i - 1) * m]); row[j] = 0.5 * (up[j] + row[j - 1]) + 0.125 * j; }
// CODE-LABEL: void cells(
// CODE: { struct cell * p = (&g[i][j]);
#include "exec-common.h"

struct cell {
  double x, y;
};

static void rows_flat(int n, int m, double *restrict a) {
#pragma hetile
  for (int i = 1; i < n; i++) {
    double *row = a + i * m;
    const double *up = &a[(i - 1) * m];
    for (int j = 1; j < m; j++)
      row[j] = 0.5 * (up[j] + row[j - 1]) + 0.125 * j;
  }
}

static void rows_stride(int n, int m, int s, double *restrict a) {
#pragma hetile
  for (int i = 1; i < n; i++) {
    double *row = a + i * s;
    const double *up = a + (i - 1) * s;
    for (int j = 0; j < m; j++)
      row[j] = 0.5 * (up[j] + row[j]) - 0.25;
  }
}

static void rows_2d(int n, int m, double a[restrict n][m]) {
#pragma hetile
  for (int i = 1; i < n; i++) {
    double *row = a[i];
    double *up = &a[i - 1][1];
    for (int j = 0; j < m - 1; j++)
      row[j] = 0.5 * (up[j] + row[j]) + 0.5 * i;
  }
}

static void cells(int n, int m, struct cell g[restrict n][m]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++) {
      struct cell *p = &g[i][j];
      p->x = 0.5 * (g[i - 1][j].x + g[i][j - 1].x);
      p->y = p->x + 0.25 * g[i - 1][j - 1].y;
    }
}

struct field {
  int rows, cols;
  double *v;
};

static void field(struct field *f) {
#pragma hetile
  for (int i = 1; i < f->rows; i++) {
    double *row = f->v + i * f->cols;
    const double *up = &f->v[(i - 1) * f->cols];
    for (int j = 1; j < f->cols; j++)
      row[j] = 0.5 * (up[j] + row[j - 1]) - 0.125 * i;
  }
}

static void table(int n, int m, double **restrict r) {
#pragma hetile
  for (int i = 1; i < n; i++) {
    double *row = r[i];
    const double *up = r[i - 1];
    for (int j = 1; j < m; j++)
      row[j] = 0.5 * (up[j] + row[j - 1]) + 0.0625 * j;
  }
}

static void in_run(int n, int m, double a[restrict n][m]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++) {
      double t = a[i - 1][j];
      double *row = a[i];
      row[j] = 0.5 * (t + row[j - 1]);
    }
}

int main(int argc, char **argv) {
  int n = argc > 3 ? atoi(argv[1]) : 10, m = argc > 3 ? atoi(argv[2]) : 10;
  int s = argc > 3 ? atoi(argv[3]) : 10;
  size_t Flat = (size_t)n * (size_t)(m > s ? m : s);
  double *a = malloc(sizeof(double) * Flat), *b = malloc(sizeof(double) * Flat);
  double *c = malloc(sizeof(double) * Flat), *d = malloc(sizeof(double) * Flat);
  double *e = malloc(sizeof(double) * Flat), *t = malloc(sizeof(double) * Flat);
  double **rows = malloc(sizeof(double *) * (size_t)(n > 0 ? n : 1));
  struct cell *g = malloc(sizeof(struct cell) * (size_t)n * (size_t)m);
  for (size_t k = 0; k < Flat; k++) {
    a[k] = hetile_exec_init((int)(k / 7), (int)(k % 7), 0);
    b[k] = hetile_exec_init((int)(k / 5), (int)(k % 5), 1);
    c[k] = hetile_exec_init((int)(k / 3), (int)(k % 3), 4);
    d[k] = hetile_exec_init((int)(k / 11), (int)(k % 11), 5);
    e[k] = hetile_exec_init((int)(k / 13), (int)(k % 13), 6);
    t[k] = hetile_exec_init((int)(k / 17), (int)(k % 17), 7);
  }
  for (int k = 0; k < n * m; k++) {
    g[k].x = hetile_exec_init(k / m, k % m, 2);
    g[k].y = hetile_exec_init(k / m, k % m, 3);
  }
  rows_flat(n, m, a);
  rows_stride(n, m, s, b);
  rows_2d(n, m, (double (*)[m])c);
  cells(n, m, (struct cell (*)[m])g);
  struct field f = {n, m, d};
  field(&f);
  in_run(n, m, (double (*)[m])e);
  for (int i = 0; i < n; i++)
    rows[i] = t + (size_t)i * (size_t)m;
  table(n, m, rows);
  hetile_exec_dump("a", a, Flat);
  hetile_exec_dump("b", b, Flat);
  hetile_exec_dump("c", c, Flat);
  hetile_exec_dump("d", d, Flat);
  hetile_exec_dump("e", e, Flat);
  hetile_exec_dump("t", t, Flat);
  hetile_exec_dump("g", (const double *)g, 2 * (size_t)n * (size_t)m);
  free(a);
  free(b);
  free(c);
  free(d);
  free(e);
  free(t);
  free(rows);
  free(g);
  return 0;
}
