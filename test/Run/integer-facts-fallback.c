// Differential execution: the run-time check of a C integer fact and its
// fallback (docs/runtime-checks.md). shift's loop ends before ntimes / 4,
// which C rounds toward zero and the model down: they agree where
// ntimes >= 0, the check of the tiled branch. With ntimes = 13 ("positive")
// the tiled code runs; with ntimes = -13 ("negative") C runs t up to -4, the
// model up to -5: the original nest runs, all of it (also where the omp
// code runs a call in parts of t's values, the model's). Each call must give
// the original's results, and t, declared before the nest, the original's
// final value.
// The harness runs every backend without HETILE_FALLBACK_ABORT
// (`//@ fallback`); the lines below prove which branch each call took:
// HETILE_STATS=1 reports the failed check, and with HETILE_FALLBACK_ABORT
// the positive call runs while the negative one aborts.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s --check-prefix=ANALYZE
// RUN: %hetile analyze --format=json %s -- -I %S/../Exec/Inputs | FileCheck %s --check-prefix=JSON
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %rt_cflags %t.c -o %t.exe %rt_libs
// RUN: env HETILE_STATS=1 %t.exe 9 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: %clang -std=c99 -O1 -DHETILE_FALLBACK_ABORT -I %S/../Exec/Inputs %rt_cflags %t.c -o %t-abort.exe %rt_libs
// RUN: %t-abort.exe 9 positive > /dev/null
// RUN: not --crash %t-abort.exe 9 negative > /dev/null
// ANALYZE:      run-time checks: ntimes >= 0
// ANALYZE:      domain: [ntimes, n] -> { S0[t, j] : t >= -7 and 4t <= -4 + ntimes and 0 < j < n }
// ANALYZE:      tilable: yes
// JSON:         "runtime_checks": [
// JSON-NEXT:      {
// JSON-NEXT:        "fact": "ntimes >= 0",
// JSON-NEXT:        "kind": "integer-value"
// CODE:      /* hetile: run-time check: ntimes >= 0 */
// CODE-NEXT: int hetile_values = ((long)ntimes >= 0);
// CODE:      if (hetile_run > 0 && hetile_values
// CODE:      } else {
// CODE-NEXT: #ifdef HETILE_FALLBACK_ABORT
// CODE-NEXT: abort();
// CODE-NEXT: #endif
// CODE-NEXT: if (!hetile_values && hetile_env_stats())
// CODE-NEXT: fprintf(stderr, "hetile: %s: %s does not hold: the original nest ran\n", "{{.*}}integer-facts-fallback.c:{{[0-9]+}} (shift)", "ntimes >= 0");
// CODE:      if (hetile_values) {
// CODE-NEXT: t =
// STATS:      call positive
// STATS-NOT:  hetile:
// STATS:      call negative
// STATS-NEXT: hetile: {{.*}}integer-facts-fallback.c:{{[0-9]+}} (shift): ntimes >= 0 does not hold: the original nest ran
// STATS-NOT:  hetile:
//@ fallback
//@ args 9 | 2 | 17 positive negative
#include "exec-common.h"
#include <string.h>

static void shift(int ntimes, int n, double A[restrict 16][n]) {
  int t = -9;
#pragma hetile
  for (t = -7; t < ntimes / 4; t++)
    for (int j = 1; j < n; j++)
      A[t + 8][j] = 0.5 * (A[t + 7][j] + A[t + 8][j - 1]);
  printf("ntimes=%d t=%d ", ntimes, t);
}

static void call(const char *what, int n, double *a, size_t size) {
  for (size_t k = 0; k < size; k++)
    a[k] = hetile_exec_init((long)k, 7, 0);
  fprintf(stderr, "call %s\n", what);
  shift(!strcmp(what, "positive") ? 13 : -13, n, (double (*)[n])a);
  printf("%s n=%d ", what, n);
  hetile_exec_dump("a", a, size);
}

int main(int argc, char **argv) {
  static const char *const all[] = {"positive", "negative"};
  if (argc < 2)
    return 2;
  int n = atoi(argv[1]);
  size_t size = (size_t)16 * (size_t)n;
  double *a = calloc(size + 1, sizeof(double));
  if (argc > 2)
    for (int k = 2; k < argc; k++)
      call(argv[k], n, a, size);
  else
    for (int k = 0; k < 2; k++)
      call(all[k], n, a, size);
  free(a);
  return 0;
}
