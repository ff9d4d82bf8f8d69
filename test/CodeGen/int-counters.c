// The AST printer shows the counters code generation uses. A skewed band
// dimension (j + i) gets a counter of its own, c1: an int where every
// iterator is an int (the original nest is the fallback where the band's
// values could exceed +-2^26), a long where an iterator is wider.
// RUN: %hetile rewrite %s --print=ast -- -std=c11 | FileCheck %s

void seidel(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      A[i][j] = (A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j]) / 4.0;
}

void seidel_long(long N, double A[restrict N][N]) {
#pragma hetile
  for (long i = 1; i < N - 1; i++)
    for (long j = 1; j < N - 1; j++)
      A[i][j] = (A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j]) / 4.0;
}

// CHECK-LABEL: nest at {{.*}}int-counters.c:9:3 in function 'seidel'
// CHECK:         /* hetile: point loops */
// CHECK-NEXT:    for (int i = hetile_max(
// CHECK:         for (int c1 = hetile_max(hetile_t1, i + 1);
// CHECK-NEXT:    c1 < {{.*}}; c1++) {
// CHECK-NEXT:      const int j = -i + c1;
// CHECK-NEXT:      A[i][j] = (A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j]) / 4.0;

// CHECK-LABEL: nest at {{.*}}int-counters.c:16:3 in function 'seidel_long'
// CHECK:         /* hetile: point loops */
// CHECK-NEXT:    for (long i = hetile_max(
// CHECK:         for (long c1 = hetile_max(hetile_t1, i + 1);
// CHECK-NEXT:    c1 < {{.*}}; c1++) {
// CHECK-NEXT:      const long j = -i + c1;
