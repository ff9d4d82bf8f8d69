// Differential execution: the run-time row check of a row pointer and its
// fallback (NestWalker::RowPointer, docs/delinearization.md). rows reads
// and writes m elements of rows of s: `row = a + i * s` read as a[i][j]
// names the element it reads only while j < s, that is m <= s, which the
// nest's guard checks. With m = s ("inside") the tiled code runs; with
// m > s ("across") a row's last elements are the next row's first, a
// dependence the rows do not show: the original nest runs. Each call must
// give the original's results. The harness runs every backend without
// HETILE_FALLBACK_ABORT (`//@ fallback`); the lines below prove which
// branch each call took.
// RUN: %differential %s --work %t
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %rt_cflags %t.c -o %t.exe %rt_libs
// RUN: env HETILE_STATS=1 %t.exe 9 7 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: %clang -std=c99 -O1 -DHETILE_FALLBACK_ABORT -I %S/../Exec/Inputs %rt_cflags %t.c -o %t-abort.exe %rt_libs
// RUN: %t-abort.exe 9 7 inside > /dev/null
// RUN: not --crash %t-abort.exe 9 7 across > /dev/null
// STATS:      call inside
// STATS-NOT:  hetile:
// STATS:      call across
// STATS-NEXT: hetile: {{.*}}row-pointers-fallback.c:{{[0-9]+}} (rows): subscripts may leave their rows: the original nest ran
// STATS-NOT:  hetile:
//@ fallback
//@ args 9 7 | 2 2 | 17 12
#include "exec-common.h"
#include <string.h>

static void rows(int n, int m, int s, double *a) {
#pragma hetile
  for (int i = 1; i < n; i++) {
    double *row = a + i * s;
    const double *up = a + (i - 1) * s;
    for (int j = 1; j < m; j++)
      row[j] = 0.5 * (up[j] + row[j - 1]);
  }
}

static void call(const char *what, int n, int s, double *a, size_t size) {
  for (size_t k = 0; k < size; k++)
    a[k] = hetile_exec_init((long)k, 7, 0);
  fprintf(stderr, "call %s\n", what);
  rows(n, !strcmp(what, "inside") ? s : s + 2, s, a);
  printf("%s n=%d s=%d ", what, n, s);
  hetile_exec_dump("a", a, size);
}

int main(int argc, char **argv) {
  static const char *const all[] = {"inside", "across"};
  if (argc < 3)
    return 2;
  int n = atoi(argv[1]), s = atoi(argv[2]);
  size_t size = (size_t)n * (size_t)s + 2;
  double *a = calloc(size, sizeof(double));
  if (argc > 3)
    for (int k = 3; k < argc; k++)
      call(argv[k], n, s, a, size);
  else
    for (int k = 0; k < 2; k++)
      call(all[k], n, s, a, size);
  free(a);
  return 0;
}
