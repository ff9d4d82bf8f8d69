// Differential execution: the run-time checks of a row table
// (docs/invariant-loads.md) and their fallbacks. sweep reads r[i][j]; the
// tiled code runs only where the rows it touches are equally spaced, by a
// positive distance of at least the columns it touches. "spaced": rows of
// n + 1 elements in one block, the tiled code runs. "uneven": rows n + 1
// and n + 2 elements apart in turn; "reversed": row i + 1 before row i in
// memory; both run the original. "short": rows n - 2 elements apart, so that a row's
// last columns are the next row's first: the row check fails and the
// original runs (with the overlapping rows' semantics). Each call must give
// the original's results; the harness runs every backend without
// HETILE_FALLBACK_ABORT (`//@ fallback`), and the lines below prove which
// branch each call took.
// RUN: %differential %s --work %t
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %rt_cflags %t.c -o %t.exe %rt_libs
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 %t.exe 9 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: %clang -std=c99 -O1 -DHETILE_FALLBACK_ABORT -I %S/../Exec/Inputs %rt_cflags %t.c -o %t-abort.exe %rt_libs
// RUN: env HETILE_PROFIT=0 %t-abort.exe 9 spaced > /dev/null
// RUN: env HETILE_PROFIT=0 not --crash %t-abort.exe 9 uneven > /dev/null
// RUN: env HETILE_PROFIT=0 not --crash %t-abort.exe 9 reversed > /dev/null
// RUN: env HETILE_PROFIT=0 not --crash %t-abort.exe 9 short > /dev/null
// STATS:      call spaced
// STATS-NOT:  hetile: {{.*}}original nest ran
// STATS:      call uneven
// STATS-NEXT: hetile: {{.*}}row-tables-fallback.c:{{[0-9]+}} (sweep): the rows of r not read before the nest (or the rows not equally spaced): the original nest ran
// STATS-NEXT: hetile: {{.*}}row-tables-fallback.c:{{[0-9]+}} (sweep): subscripts may leave their rows: the original nest ran
// STATS:      call reversed
// STATS-NEXT: hetile: {{.*}}row-tables-fallback.c:{{[0-9]+}} (sweep): the rows of r not read before the nest (or the rows not equally spaced): the original nest ran
// STATS-NEXT: hetile: {{.*}}row-tables-fallback.c:{{[0-9]+}} (sweep): subscripts may leave their rows: the original nest ran
// STATS:      call short
// STATS-NEXT: hetile: {{.*}}row-tables-fallback.c:{{[0-9]+}} (sweep): subscripts may leave their rows: the original nest ran
//@ fallback
//@ args 9 | 4 | 17
#include "exec-common.h"
#include <string.h>

static void sweep(int T, int n, double **r) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        r[i][j] = 0.25 * (r[i - 1][j] + r[i][j - 1] + r[i][j] + r[i][j + 1]);
}

static void call(const char *what, int n) {
  size_t size = (size_t)(n + 1) * (size_t)(n + 1);
  double *a = calloc(size, sizeof(double));
  double **r = malloc(sizeof(double *) * (size_t)n);
  double *c = calloc(size + (size_t)n, sizeof(double));
  for (size_t k = 0; k < size; k++)
    a[k] = hetile_exec_init((long)k, 7, 0);
  for (int i = 0; i < n; i++) {
    if (!strcmp(what, "spaced"))
      r[i] = a + (size_t)i * (size_t)(n + 1);
    else if (!strcmp(what, "reversed"))
      r[i] = a + (size_t)(n - 1 - i) * (size_t)(n + 1);
    else if (!strcmp(what, "short"))
      r[i] = a + (size_t)i * (size_t)(n - 2);
    else {
      r[i] = c + (size_t)i * (size_t)(n + 1) + (size_t)(i / 2);
      memcpy(r[i], a + (size_t)i * (size_t)(n + 1),
             sizeof(double) * (size_t)(n + 1));
    }
  }
  fprintf(stderr, "call %s\n", what);
  sweep(3, n, r);
  printf("%s n=%d ", what, n);
  if (!strcmp(what, "uneven"))
    for (int i = 0; i < n; i++)
      memcpy(a + (size_t)i * (size_t)(n + 1), r[i],
             sizeof(double) * (size_t)(n + 1));
  hetile_exec_dump("a", a, size);
  free(r);
  free(a);
  free(c);
}

int main(int argc, char **argv) {
  static const char *const all[] = {"spaced", "uneven", "reversed", "short"};
  if (argc < 2)
    return 2;
  int n = atoi(argv[1]);
  if (argc > 2)
    for (int k = 2; k < argc; k++)
      call(argv[k], n);
  else
    for (int k = 0; k < 4; k++)
      call(all[k], n);
  return 0;
}
