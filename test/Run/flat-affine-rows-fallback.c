// Differential execution: the run-time row check of a flat array whose row
// length is an affine form (n + 1), and its fallback
// (docs/delinearization.md). shift reads a[i * (n + 1) + j - 1] for j
// from J to n: read as a[i][j - 1], that is the element it names only
// while j - 1 >= 0, that is J >= 1, which the nest's guard checks. With
// J = 1 ("inside") the tiled code runs; with J = 0 ("across") the first
// column's read reaches the last element of the previous row, a dependence
// the rows do not show (tiles would run the read first): the original nest
// runs. Each call must give the original's results. The harness runs every
// backend without HETILE_FALLBACK_ABORT (`//@ fallback`); the lines below
// prove which branch each call took: HETILE_STATS=1 reports the failed
// check, and with HETILE_FALLBACK_ABORT the inside call runs while the
// across one aborts.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s --check-prefix=ANALYZE
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %rt_cflags %t.c -o %t.exe %rt_libs
// RUN: env HETILE_STATS=1 %t.exe 9 7 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: %clang -std=c99 -O1 -DHETILE_FALLBACK_ABORT -I %S/../Exec/Inputs %rt_cflags %t.c -o %t-abort.exe %rt_libs
// RUN: %t-abort.exe 9 7 inside > /dev/null
// RUN: not --crash %t-abort.exe 9 7 across > /dev/null
// ANALYZE:      run-time checks: the subscripts of a stay in [0, n + 1)
// ANALYZE-NEXT: delinearized: a as a[][n + 1], subscripts but the first in [0, n + 1)
// ANALYZE:      read a[i, -1 + j]
// ANALYZE:      tilable: yes
// CODE:      /* hetile: run-time check: the subscripts of a stay in their rows */
// CODE-NEXT: int hetile_inrows = {{.*}}(long)J >= 1{{.*}};
// CODE:      if (hetile_run > 0 && hetile_inrows) {
// CODE:      } else {
// CODE-NEXT: #ifdef HETILE_FALLBACK_ABORT
// CODE-NEXT: abort();
// CODE-NEXT: #endif
// CODE-NEXT: if (!hetile_inrows && hetile_env_stats())
// CODE-NEXT: fprintf(stderr, "hetile: %s: subscripts may leave their rows: the original nest ran\n", "{{.*}}flat-affine-rows-fallback.c:{{[0-9]+}} (shift)");
// STATS:      call inside
// STATS-NOT:  hetile:
// STATS:      call across
// STATS-NEXT: hetile: {{.*}}flat-affine-rows-fallback.c:{{[0-9]+}} (shift): subscripts may leave their rows: the original nest ran
// STATS-NOT:  hetile:
//@ fallback
//@ args 9 7 | 2 2 | 17 12
#include "exec-common.h"
#include <string.h>

static void shift(int N, int J, int n, double *a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = J; j <= n; j++)
      a[i * (n + 1) + j] = 0.5 * (a[(i - 1) * (n + 1) + j] + a[i * (n + 1) + j - 1]);
}

static void call(const char *what, int N, int n, double *a, size_t size) {
  for (size_t k = 0; k < size; k++)
    a[k] = hetile_exec_init((long)k, 7, 0);
  fprintf(stderr, "call %s\n", what);
  shift(N, !strcmp(what, "inside") ? 1 : 0, n, a);
  printf("%s N=%d n=%d ", what, N, n);
  hetile_exec_dump("a", a, size);
}

int main(int argc, char **argv) {
  static const char *const all[] = {"inside", "across"};
  if (argc < 3)
    return 2;
  int N = atoi(argv[1]), n = atoi(argv[2]);
  size_t size = (size_t)N * (size_t)(n + 1) + 1;
  double *a = calloc(size, sizeof(double));
  if (argc > 3)
    for (int k = 3; k < argc; k++)
      call(argv[k], N, n, a, size);
  else
    for (int k = 0; k < 2; k++)
      call(all[k], N, n, a, size);
  free(a);
  return 0;
}
