// Differential execution: sizes and data reached through structs, members
// the nest never writes (docs/invariant-loads.md). sweep is the shape of
// ../shared/repros/real-code-patterns' struct_sweep: bounds f->rows and
// f->cols, data f->v indexed through a macro as a flat array with rows of
// f->cols; each is read once before the nest, f's members only where the
// original reads them (T >= 1). fixed_rows reads its data through a
// member that points to rows of 16 (declared `double (*hetile_p_a)[16]`).
// boxed reads its bounds from a local struct
// variable and a weight from a double member. The harness compiles with
// HETILE_FALLBACK_ABORT: every call must run the tiled code, which proves
// that the run-time check (the writes miss f->rows, f->cols, f->v) passed.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// CHECK-LABEL: nest at {{.*}}struct-loads.c:{{[0-9]+}}:3 in function 'sweep'
// CHECK:         parameters: T, hetile_f_rows, hetile_f_cols
// CHECK:         read once: f->rows as hetile_f_rows, where [T, hetile_f_rows, hetile_f_cols] -> {  : T > 0 } (the original reads it there)
// CHECK-NEXT:    read once: f->cols as hetile_f_cols
// CHECK-NEXT:    read once: f->v as hetile_f_v
// CHECK-NEXT:    run-time checks: the writes to hetile_f_v miss f->rows, f->cols, f->v
// CHECK-NEXT:    delinearized: hetile_f_v as hetile_f_v[][hetile_f_cols]
// CHECK:         tilable: yes
// CHECK-LABEL: nest at {{.*}}struct-loads.c:{{[0-9]+}}:3 in function 'fixed_rows'
// CHECK:         read once: p->a as hetile_p_a
// CHECK:         tilable: yes
// CHECK-LABEL: nest at {{.*}}struct-loads.c:{{[0-9]+}}:3 in function 'boxed'
// CHECK:         read once: b.n as hetile_b_n
// CHECK-NEXT:    read once: b.m as hetile_b_m
// CHECK-NEXT:    read once: w->weight, where {{.*}}hetile_b_n >= 2 and hetile_b_m >= 2
// CHECK:         tilable: yes
//@ args 5 7 1 | 12 9 3 | 23 31 4 | 40 17 2
#include "exec-common.h"

struct field {
  int rows, cols;
  double *v;
};
#define AT(f, i, j) ((f)->v[(i) * (f)->cols + (j)])

static void sweep(int T, struct field *f) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < f->rows - 1; i++)
      for (int j = 1; j < f->cols - 1; j++)
        AT(f, i, j) = 0.2 * (AT(f, i, j) + AT(f, i - 1, j) + AT(f, i + 1, j) +
                             AT(f, i, j - 1) + AT(f, i, j + 1));
}

struct block {
  int n;
  double (*a)[16];
};

static void fixed_rows(int T, const struct block *p) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < p->n - 1; i++)
      for (int j = 1; j < 15; j++)
        p->a[i][j] = 0.25 * (p->a[i - 1][j] + p->a[i + 1][j] + p->a[i][j - 1] +
                             p->a[i][j + 1]);
}

struct sizes {
  int n, m;
};
struct weights {
  double weight;
};

static void boxed(struct sizes b, const struct weights *w,
                  double a[b.n][b.m]) {
#pragma hetile
  for (int i = 1; i < b.n; i++)
    for (int j = 1; j < b.m; j++)
      a[i][j] = w->weight * a[i - 1][j] + (1 - w->weight) * a[i][j - 1];
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  int n = atoi(argv[1]), m = atoi(argv[2]), T = atoi(argv[3]);
  double *v = hetile_exec_grid(n, m, 5);
  struct field f = {n, m, v};
  sweep(T, &f);
  hetile_exec_dump("v", v, (size_t)n * (size_t)m);
  double(*r)[16] = calloc((size_t)n * 16, sizeof(double));
  for (long k = 0; k < (long)n * 16; k++)
    (&r[0][0])[k] = hetile_exec_init(k, 4, 2);
  struct block blk = {n, r};
  fixed_rows(T, &blk);
  hetile_exec_dump("r", &r[0][0], (size_t)n * 16);
  free(r);
  struct sizes b = {m, n};
  struct weights w = {0.375};
  double(*a)[n] = calloc((size_t)m * (size_t)n, sizeof(double));
  for (long k = 0; k < (long)n * m; k++)
    (&a[0][0])[k] = hetile_exec_init(k, 3, 1);
  boxed(b, &w, a);
  hetile_exec_dump("a", &a[0][0], (size_t)n * (size_t)m);
  free(v);
  free(a);
  return 0;
}
