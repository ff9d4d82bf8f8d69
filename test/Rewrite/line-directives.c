// hetile rewrite --line-directives: the rewritten file compiles to the same
// results, and the compiler's messages about it name the lines of this file:
// inside a tiled nest (the statement), between two tiled nests, and after
// them. Without the option there is no #line.
// RUN: %hetile rewrite %s --line-directives -o %t.c -- -std=c11
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
// RUN: %clang -std=c11 -Wall -fsyntax-only %rt_cflags %t.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %gcc -std=c11 -Wall -fsyntax-only %rt_cflags %t.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %gcc -std=c11 -O2 -Wno-unknown-pragmas -Wno-unused-variable %s -o %t.orig
// RUN: %gcc -std=c11 -O2 -Wno-unused-variable %rt_cflags %t.c -o %t.tiled %rt_libs
// RUN: %t.orig 23 > %t.expected
// RUN: env HETILE_TILE_SIZES=4,3,5 %t.tiled 23 | diff %t.expected -
// RUN: %hetile rewrite %s -o %t.plain.c -- -std=c11
// RUN: not grep -n '^#line' %t.plain.c
#include <stdio.h>
#include <stdlib.h>

static void smooth(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (A[i - 1][j] + A[i][j - 1] + A[i][j] +
                         A[i][j + 1] + A[i + 1][j]) + (1 << 40);
// DIAG-DAG: line-directives.c:[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}shift
  int unused_between;
// DIAG-DAG: line-directives.c:[[@LINE-1]]:7: warning: unused variable 'unused_between'
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] += A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25;
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10, unused_after;
// DIAG-DAG: line-directives.c:[[@LINE-1]]:42: warning: unused variable 'unused_after'
  double (*A)[N] = calloc((size_t)N, sizeof *A);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 3) % 11;
  smooth(5, N, A);
  double Sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      Sum += A[i][j] * (i + 1);
  printf("%.17g\n", Sum);
  free(A);
  return 0;
}

// The runtime's includes go after the leading comment, before line 15:
// CODE: #include "hetile_rt.h"
// CODE-NEXT: #line 15 "{{.*}}line-directives.c"
// CODE-NEXT: #include <stdio.h>
// The statement needs a directive only where the line it would be presumed
// at is not its own (here it is; the DIAG lines check where it lands). The
// RUN, CODE and DIAG lines are dropped from the output before FileCheck.
// CODE: /* hetile: point loops */
// CODE: {{^ *}}A[i][j] = 0.2 * (A[i - 1][j] + A[i][j - 1] + A[i][j] +
// CODE: #line 24 "{{.*}}line-directives.c"
// CODE-EMPTY:
// CODE-NEXT: {{^ *}}int unused_between;
// CODE: /* hetile: point loops */
// CODE: {{^ *}}A[i][j] += A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25;
// CODE: #line 31 "{{.*}}line-directives.c"
// CODE-EMPTY:
// CODE-NEXT: }
