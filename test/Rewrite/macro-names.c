// The names a statement uses come from the AST, macro expansions included:
// the text says WEIGHT, the expression reads the global c1, so the point
// loop that isl names c1 (the skewed dimension, no iterator's) is renamed
// hetile_c1 rather than shadowing the global inside the statement.
// RUN: %hetile rewrite %s -o %t.c -- -std=c99
// RUN: %strip-directives %t.c | FileCheck %s
// RUN: %gcc -std=c99 -Wall -Werror %rt_cflags -c %t.c -o %t.o

double c1 = 0.5;
#define WEIGHT c1

void seidel(int T, int N, double A[N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      A[i] = (A[i - 1] + A[i] + A[i + 1]) * WEIGHT;
}

// CHECK-NOT:  {{^ *}}for (int c1 =
// CHECK:      for (int hetile_c1 = hetile_max(hetile_t1, t + 1);
// CHECK-NEXT:      hetile_c1 < hetile_min(hetile_T1 + hetile_t1, (long)N + t - 1); hetile_c1++) {
// CHECK-NEXT:   const int i = -t + hetile_c1;
// CHECK-NEXT:   A[i] = (A[i - 1] + A[i] + A[i + 1]) * WEIGHT;
