// Differential execution: one kernel with two VLA parameters without
// restrict, called with disjoint arrays (the tiled branch), with the same
// array twice (f(N, M, A, A)), with B one row after A (overlapping), and with
// B just past the end of the rows A touches (adjacent, disjoint: tiled again).
// Each call must give the original's results; the overlapping calls run the
// original nest, which the run-time alias check chooses. The harness runs
// every backend without HETILE_FALLBACK_ABORT (`//@ fallback`); the lines
// below prove which branch each call took: HETILE_STATS=1 reports each
// failed check, and with HETILE_FALLBACK_ABORT the disjoint calls run while
// an overlapping one aborts.
// RUN: %differential %s --work %t
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %rt_cflags %t.c -o %t.exe %rt_libs
// RUN: env HETILE_STATS=1 %t.exe 9 7 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: env HETILE_STATS=0 %t.exe 9 7 2>&1 >/dev/null | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -std=c99 -O1 -DHETILE_FALLBACK_ABORT -I %S/../Exec/Inputs %rt_cflags %t.c -o %t-abort.exe %rt_libs
// RUN: %t-abort.exe 9 7 disjoint adjacent > /dev/null
// RUN: not --crash %t-abort.exe 9 7 same > /dev/null
// RUN: not --crash %t-abort.exe 9 7 shifted > /dev/null
// STATS: call disjoint
// STATS-NOT: hetile:
// STATS: call same
// STATS-NEXT: hetile: {{.*}}overlap-alias.c:{{[0-9]+}} (smooth): arrays may overlap: the original nest ran
// STATS-NEXT: call shifted
// STATS-NEXT: hetile: {{.*}}overlap-alias.c:{{[0-9]+}} (smooth): arrays may overlap: the original nest ran
// STATS-NEXT: call adjacent
// STATS-NOT: hetile:
// QUIET-NOT: hetile:
//@ fallback
//@ args 9 7 | 2 2 | 31 26
#include "exec-common.h"
#include <string.h>

static void smooth(int N, int M, double A[N][M], double B[N][M]) {
  int i, j;
#pragma hetile
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < M - 1; j++)
      A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + B[i + 1][j] + B[i][j + 1]);
}

static void call(const char *what, int N, int M, double *buf, size_t n) {
  size_t k;
  for (k = 0; k < n; k++)
    buf[k] = hetile_exec_init((long)k, 0, 0);
  fprintf(stderr, "call %s\n", what);
  if (!strcmp(what, "disjoint"))
    smooth(N, M, (double (*)[M])buf, (double (*)[M])(buf + (size_t)N * M));
  else if (!strcmp(what, "same"))
    smooth(N, M, (double (*)[M])buf, (double (*)[M])buf);
  else if (!strcmp(what, "shifted"))
    smooth(N, M, (double (*)[M])buf, (double (*)[M])(buf + M));
  else
    /* B's rows 1..N-1 start right after A's row N-2. */
    smooth(N, M, (double (*)[M])buf, (double (*)[M])(buf + (size_t)(N - 2) * M));
  printf("%s N=%d M=%d ", what, N, M);
  hetile_exec_dump("buf", buf, n);
}

int main(int argc, char **argv) {
  static const char *const all[] = {"disjoint", "same", "shifted", "adjacent"};
  int N, M, k;
  size_t n;
  double *buf;
  if (argc < 3)
    return 2;
  N = atoi(argv[1]);
  M = atoi(argv[2]);
  n = 2 * (size_t)N * (size_t)M + 1;
  buf = malloc(sizeof(double) * n);
  if (argc > 3)
    for (k = 3; k < argc; k++)
      call(argv[k], N, M, buf, n);
  else
    for (k = 0; k < 4; k++)
      call(all[k], N, M, buf, n);
  free(buf);
  return 0;
}
