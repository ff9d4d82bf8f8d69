// Differential execution: sizes reached through a chain of pointers,
// f->g->rows (docs/invariant-loads.md): the pointer f->g is read once
// before the nest, where the original reads it (T >= 1), then the sizes
// through it; the nest's writes must miss f->g, f->v and both sizes. The
// harness compiles with HETILE_FALLBACK_ABORT: every call must run the
// tiled code. "inside" (below, not in the harness): the grid struct lies
// in the data's first element, which the nest never touches: the check
// cannot tell, and the original runs.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %clang -std=c99 -O1 -DHETILE_FALLBACK_ABORT -I %S/../Exec/Inputs %rt_cflags %t.c -o %t-abort.exe %rt_libs
// RUN: env HETILE_PROFIT=0 %t-abort.exe 9 7 2 > /dev/null
// RUN: env HETILE_PROFIT=0 not --crash %t-abort.exe 9 7 2 inside > /dev/null
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %rt_cflags %t.c -o %t.exe %rt_libs
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 9 7 2 inside > %t.want
// RUN: env HETILE_PROFIT=0 HETILE_STATS=1 %t.exe 9 7 2 inside 2> %t.err | diff %t.want -
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t.err
// CHECK-LABEL: nest at {{.*}}struct-chain-loads.c:{{[0-9]+}}:3 in function 'sweep'
// CHECK:         parameters: T, hetile_f_g_rows, hetile_f_g_cols
// CHECK:         read once: f->g as hetile_f_g, where [T, hetile_f_g_rows, hetile_f_g_cols] -> {  : T > 0 } (the original reads it there)
// CHECK-NEXT:    read once: f->v as hetile_f_v
// CHECK-NEXT:    read once: hetile_f_g->rows as hetile_f_g_rows, where {{.*}}T > 0 }
// CHECK-NEXT:    read once: hetile_f_g->cols as hetile_f_g_cols
// CHECK-NEXT:    run-time checks: the writes to hetile_f_v miss f->g, f->v, hetile_f_g->rows, hetile_f_g->cols
// CHECK-NEXT:    delinearized: hetile_f_v as hetile_f_v[][hetile_f_g_cols]
// CHECK:         tilable: yes
// STATS: hetile: {{.*}}struct-chain-loads.c:{{[0-9]+}} (sweep): a write may reach f->g, f->v, hetile_f_g->rows, hetile_f_g->cols: the original nest ran
//@ args 5 7 1 | 12 9 3 | 23 31 4 | 40 17 2
#include "exec-common.h"
#include <string.h>

struct grid {
  int rows, cols;
};
struct field {
  struct grid *g;
  double *v;
};

static void sweep(int T, struct field *f) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < f->g->rows - 1; i++)
      for (int j = 1; j < f->g->cols - 1; j++)
        f->v[i * f->g->cols + j] =
            0.2 * (f->v[i * f->g->cols + j] + f->v[(i - 1) * f->g->cols + j] +
                   f->v[(i + 1) * f->g->cols + j] +
                   f->v[i * f->g->cols + j - 1] + f->v[i * f->g->cols + j + 1]);
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  int n = atoi(argv[1]), m = atoi(argv[2]), T = atoi(argv[3]);
  double *v = hetile_exec_grid(n, m, 5);
  struct grid apart = {n, m};
  struct field f = {&apart, v};
  if (argc > 4 && !strcmp(argv[4], "inside")) {
    // v[0] is never read nor written by the nest: a corner of the grid.
    struct grid *g = (struct grid *)v;
    g->rows = n;
    g->cols = m;
    f.g = g;
  }
  sweep(T, &f);
  v[0] = 0;
  hetile_exec_dump("v", v, (size_t)n * (size_t)m);
  free(v);
  return 0;
}
