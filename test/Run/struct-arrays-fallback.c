// Differential execution: the run-time alias check of two arrays of structs
// (docs/struct-arrays.md). mix writes a[i][j].re and .im from b's members
// and from a's own; "apart": a and b distinct, the tiled code runs;
// "overlap": b is a shifted by one row (the same complex numbers seen
// twice), the check fails and the original runs. Each call must give the
// original's results; the harness runs every backend without
// HETILE_FALLBACK_ABORT (`//@ fallback`), and the lines below prove which
// branch each call took.
// RUN: %differential %s --work %t
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %rt_cflags %t.c -o %t.exe %rt_libs
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 %t.exe 9 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: %clang -std=c99 -O1 -DHETILE_FALLBACK_ABORT -I %S/../Exec/Inputs %rt_cflags %t.c -o %t-abort.exe %rt_libs
// RUN: env HETILE_PROFIT=0 %t-abort.exe 9 apart > /dev/null
// RUN: env HETILE_PROFIT=0 not --crash %t-abort.exe 9 overlap > /dev/null
// STATS:      call apart
// STATS-NOT:  hetile: {{.*}}original nest ran
// STATS:      call overlap
// STATS-NEXT: hetile: {{.*}}struct-arrays-fallback.c:{{[0-9]+}} (mix): {{.*}}may overlap{{.*}}: the original nest ran
//@ fallback
//@ args 9 | 4 | 17
#include "exec-common.h"

typedef struct {
  double re, im;
} cplx;

static void mix(int n, cplx a[n][n], const cplx b[n][n]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++) {
      a[i][j].re = 0.5 * a[i - 1][j].re + 0.25 * b[i][j - 1].im;
      a[i][j].im = 0.5 * a[i][j - 1].im - 0.25 * b[i - 1][j].re;
    }
}

static void call(const char *what, int n) {
  size_t size = (size_t)(n + 1) * (size_t)n;
  cplx *all = calloc(size, sizeof(cplx));
  cplx *other = calloc(size, sizeof(cplx));
  for (size_t k = 0; k < size; k++) {
    all[k].re = hetile_exec_init((long)k, 1, 0);
    all[k].im = hetile_exec_init((long)k, 2, 0);
    other[k] = all[k];
  }
  cplx(*a)[n] = (cplx(*)[n])all;
  const cplx(*b)[n] = !strcmp(what, "overlap")
                          ? (const cplx(*)[n])(all + n)
                          : (const cplx(*)[n])other;
  fprintf(stderr, "call %s\n", what);
  mix(n, a, b);
  printf("%s n=%d ", what, n);
  hetile_exec_dump("all", (const double *)all, size * 2);
  free(all);
  free(other);
}

int main(int argc, char **argv) {
  static const char *const every[] = {"apart", "overlap"};
  if (argc < 2)
    return 1;
  int n = atoi(argv[1]);
  for (int k = 0; k < 2; k++)
    if (argc < 3 || !strcmp(argv[2], every[k]))
      call(every[k], n);
  return 0;
}
