// Differential execution: the run-time checks of loads the nest never
// writes, and their fallbacks (docs/invariant-loads.md). sweep reads its
// bounds d->rows and d->cols once before the nest, where the original
// reads them (T >= 1), under the check that its writes to v miss them.
// "apart": the sizes lie in a struct of their own, the tiled code runs.
// "inside": the struct lies in the first element of v, which the nest
// never touches but which lies inside the box its accesses span: the check
// cannot tell, the original runs. "none": T = 0 and d is a null pointer,
// which the original never dereferences: neither does the generated code
// (the sizes are not read), and the original runs. Each call must give the
// original's results. The harness runs every backend without
// HETILE_FALLBACK_ABORT (`//@ fallback`); the lines below prove which
// branch each call took.
// RUN: %differential %s --work %t
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %rt_cflags %t.c -o %t.exe %rt_libs
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 %t.exe 9 7 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: %clang -std=c99 -O1 -DHETILE_FALLBACK_ABORT -I %S/../Exec/Inputs %rt_cflags %t.c -o %t-abort.exe %rt_libs
// RUN: env HETILE_PROFIT=0 %t-abort.exe 9 7 apart > /dev/null
// RUN: env HETILE_PROFIT=0 not --crash %t-abort.exe 9 7 inside > /dev/null
// RUN: env HETILE_PROFIT=0 not --crash %t-abort.exe 9 7 none > /dev/null
// CODE:      /* hetile: read once: d->rows, d->cols, which the nest never writes */
// CODE-NEXT: int hetile_loaded = 1;
// CODE-NEXT: if (!((long)T >= 1))
// CODE-NEXT: hetile_loaded = 0;
// CODE-NEXT: int hetile_d_rows = hetile_loaded ? d->rows : 0;
// CODE-NEXT: int hetile_d_cols = hetile_loaded ? d->cols : 0;
// CODE:      /* hetile: run-time alias check: the writes to v miss d->rows, d->cols */
// CODE:      if (hetile_loaded &&
// CODE:      (uintptr_t)&(d->rows) + sizeof(d->rows) <=
// CODE:      if ({{.*}}hetile_loaded && hetile_noalias{{.*}}) {
// CODE:      if (!hetile_loaded && hetile_env_stats())
// CODE-NEXT: fprintf(stderr, "hetile: %s: %s not read before the nest: the original nest ran\n", "{{.*}}struct-loads-fallback.c:{{[0-9]+}} (sweep)", "d->rows, d->cols");
// CODE-NEXT: if (!hetile_noalias && hetile_env_stats())
// CODE-NEXT: fprintf(stderr, "hetile: %s: a write may reach d->rows, d->cols: the original nest ran\n", "{{.*}}struct-loads-fallback.c:{{[0-9]+}} (sweep)");
// STATS:      call apart
// STATS-NOT:  hetile: {{.*}}original nest ran
// STATS:      call inside
// STATS-NEXT: hetile: {{.*}}struct-loads-fallback.c:{{[0-9]+}} (sweep): a write may reach d->rows, d->cols: the original nest ran
// STATS:      call none
// STATS-NEXT: hetile: {{.*}}struct-loads-fallback.c:{{[0-9]+}} (sweep): d->rows, d->cols not read before the nest: the original nest ran
//@ fallback
//@ args 9 7 | 3 3 | 17 12
#include "exec-common.h"
#include <string.h>

struct dims {
  int rows, cols;
};

static void sweep(int T, const struct dims *d, double *v) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < d->rows - 1; i++)
      for (int j = 1; j < d->cols - 1; j++)
        v[i * d->cols + j] = 0.25 * (v[(i - 1) * d->cols + j] +
                                     v[(i + 1) * d->cols + j] +
                                     v[i * d->cols + j - 1] +
                                     v[i * d->cols + j + 1]);
}

static void call(const char *what, int n, int m, double *v) {
  size_t size = (size_t)n * (size_t)m;
  for (size_t k = 0; k < size; k++)
    v[k] = hetile_exec_init((long)k, 7, 0);
  fprintf(stderr, "call %s\n", what);
  struct dims apart = {n, m};
  if (!strcmp(what, "apart")) {
    sweep(3, &apart, v);
  } else if (!strcmp(what, "inside")) {
    // v[0] is never read nor written: a corner of the grid.
    struct dims *d = (struct dims *)v;
    d->rows = n;
    d->cols = m;
    sweep(3, d, v);
    v[0] = 0;
  } else {
    sweep(0, NULL, v);
  }
  printf("%s n=%d m=%d ", what, n, m);
  hetile_exec_dump("v", v, size);
}

int main(int argc, char **argv) {
  static const char *const all[] = {"apart", "inside", "none"};
  if (argc < 3)
    return 2;
  int n = atoi(argv[1]), m = atoi(argv[2]);
  double *v = calloc((size_t)n * (size_t)m, sizeof(double));
  if (argc > 3)
    for (int k = 3; k < argc; k++)
      call(argv[k], n, m, v);
  else
    for (int k = 0; k < 3; k++)
      call(all[k], n, m, v);
  free(v);
  return 0;
}
