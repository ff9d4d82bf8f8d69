// The AST printer shows the counters code generation uses: int where the
// iterators are ints (with the original nest as the fallback where the band
// could exceed +-2^26), long where an iterator is wider.
// RUN: %hetile rewrite %s --print=ast -- -std=c11 | FileCheck %s

void sor(int N, int M, double A[restrict N][M]) {
#pragma hetile
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++)
      A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);
}

void sor_long(long N, long M, double A[restrict N][M]) {
#pragma hetile
  for (long i = 1; i < N - 1; i++)
    for (long j = 1; j < M - 1; j++)
      A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);
}

// CHECK-LABEL: nest at {{.*}}int-counters.c:8:3 in function 'sor'
// CHECK:         /* hetile: point loops */
// CHECK-NEXT:    for (int i = hetile_max(1, hetile_ti);
// CHECK:         for (int j = hetile_max(1, hetile_tj);
// CHECK-NEXT:    j < hetile_min((long)M - 1, hetile_T1 + hetile_tj); j++)
// CHECK-NEXT:    A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);

// CHECK-LABEL: nest at {{.*}}int-counters.c:15:3 in function 'sor_long'
// CHECK:         /* hetile: point loops */
// CHECK-NEXT:    for (long i = hetile_max(1, hetile_ti);
// CHECK:         for (long j = hetile_max(1, hetile_tj);
