// The runtime's #include lines go after the leading comments and #define
// lines of the file (with their continuations), so that a feature-test
// macro defined first still precedes every system header: under -std=c11,
// clock_gettime is declared only when _POSIX_C_SOURCE is defined before
// <time.h> and <stdio.h>.
// RUN: %hetile rewrite %s -o %t.c -- -std=c11
// RUN: %strip-directives %t.c | FileCheck %s
// RUN: %gcc -std=c11 -Werror=implicit-function-declaration -c %rt_cflags %t.c -o %t.o
// RUN: %hetile rewrite %s --line-directives -o %t.lines.c -- -std=c11
// RUN: %strip-directives %t.lines.c | FileCheck %s --check-prefix=LINES
// CHECK: #define _POSIX_C_SOURCE 199309L
// CHECK-NEXT: #define TWICE(x) \
// CHECK-NEXT: ((x) + (x))
// CHECK-NEXT: #include <stdio.h>
// CHECK-NEXT: #include <stdlib.h>
// CHECK-NEXT: #include "hetile_rt.h"
// CHECK-NEXT: #include <time.h>
// LINES: #include "hetile_rt.h"
// LINES-NEXT: #line 25 "{{.*}}includes-after-defines.c"
// LINES-NEXT: #include <time.h>
/* A block comment before the macros. */
#define _POSIX_C_SOURCE 199309L
#define TWICE(x) \
  ((x) + (x))
#include <time.h>

double sweep(int n, double a[n][n]) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      a[i][j] = TWICE(a[i - 1][j]) + a[i][j - 1];
  return t.tv_sec;
}
