// The short calls' shortcut (hetile_profit_quick, docs/profitability.md,
// "Short calls, timed inline"), with the decision on as users run it (no
// HETILE_PROFIT, no HETILE_STATS): a 64 x 64 sweep (3,844 points, between
// 2^11 and 2^20) called 200 times never creates its site while its calls
// last under 20 us, times one call in 17 (two clock reads each), and hands
// the site to the runtime once a call lasts 20 us or more. hetile's builds
// are linked with --wrap: the generated code's clock is the test's (1 us
// per read; 30 us once `slow` is given), and the sites it asks the
// runtime for are counted. Every run prints the original's output.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -std=c99 -O2 %s -o %t/orig
// RUN: %t/orig 200 > %t/want
// RUN: %hetile rewrite %s --backend=omp -o %t/omp.c -- -std=c99
// RUN: %hetile rewrite %s --backend=seq -o %t/seq.c -- -std=c99
// RUN: %gcc -std=c99 -O2 -fopenmp -DHETILE_TEST_WRAP %rt_cflags %t/omp.c -o %t/omp %rt_libs -Wl,--wrap=hetile_timer_now -Wl,--wrap=hetile_profit_site_get
// RUN: %gcc -std=c99 -O2 -DHETILE_TEST_WRAP %rt_cflags %t/seq.c -o %t/seq %rt_libs -Wl,--wrap=hetile_timer_now -Wl,--wrap=hetile_profit_site_get
// RUN: env -u HETILE_PROFIT -u HETILE_STATS OMP_NUM_THREADS=2 %t/omp 200 > %t/got-omp 2> %t/err-omp
// RUN: diff %t/want %t/got-omp
// RUN: FileCheck %s --check-prefix=FAST --input-file=%t/err-omp
// RUN: env -u HETILE_PROFIT -u HETILE_STATS %t/seq 200 > %t/got-seq 2> %t/err-seq
// RUN: diff %t/want %t/got-seq
// RUN: FileCheck %s --check-prefix=FAST --input-file=%t/err-seq
// RUN: env -u HETILE_PROFIT -u HETILE_STATS OMP_NUM_THREADS=2 %t/omp 200 slow > %t/got-slow 2> %t/err-slow
// RUN: %t/orig 200 slow | diff - %t/got-slow
// RUN: FileCheck %s --check-prefix=SLOW --input-file=%t/err-slow
// With HETILE_STATS every call enters the runtime.
// RUN: env -u HETILE_PROFIT HETILE_STATS=1 %t/seq 200 > %t/got-stats 2> %t/err-stats
// RUN: diff %t/want %t/got-stats
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t/err-stats

// Calls 1, 18, ..., 188 are timed: 12 calls, 24 clock reads.
// FAST: sites asked for: 0, clock reads: 24
// Calls 1, 18, 35, 52, 69, 86 and 103 are timed; the clock steps 30 us
// from the 101st call on, so the 103rd lasts 30 us: 14 reads, and from
// the 104th on the runtime decides.
// SLOW: sites asked for: {{[1-9][0-9]*}}, clock reads: 14
// STATS: hetile: profit: profit-quick.c:{{[0-9]+}} (sweep): 2^11 points per call: original
// STATS: sites asked for: {{[1-9][0-9]*}}, clock reads: 0

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HETILE_TEST_WRAP
#include "hetile_rt.h"
static int Sites, Reads;
static double Clock, Step = 1e-6;
double __wrap_hetile_timer_now(void) {
  ++Reads;
  return Clock += Step;
}
hetile_profit_site *__real_hetile_profit_site_get(hetile_profit_slot *slot,
                                                  const char *where);
hetile_profit_site *__wrap_hetile_profit_site_get(hetile_profit_slot *slot,
                                                  const char *where) {
  ++Sites;
  return __real_hetile_profit_site_get(slot, where);
}
static void report(void) {
  fprintf(stderr, "sites asked for: %d, clock reads: %d\n", Sites, Reads);
}
#endif

static void sweep(int n, double A[restrict n][n]) {
#pragma hetile
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j]);
}

int main(int argc, char **argv) {
  enum { N = 64 };
  int calls = argc > 1 ? atoi(argv[1]) : 200;
  int slow = argc > 2 && !strcmp(argv[2], "slow");
  static double A[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j * 13) % 17) / 16.0;
  for (int k = 0; k < calls; k++) {
#ifdef HETILE_TEST_WRAP
    if (slow && k == 100)
      Step = 30e-6;
#endif
    sweep(N, A);
  }
  unsigned long long h = 1469598103934665603ULL;
  const unsigned char *p = (const unsigned char *)A;
  for (size_t b = 0; b < sizeof A; b++)
    h = (h ^ p[b]) * 1099511628211ULL;
  printf("calls %d%s: hash %016llx\n", calls, slow ? " slow" : "", h);
#ifdef HETILE_TEST_WRAP
  report();
#endif
  return 0;
}
