// C integer facts that the model needs and that only the parameters decide
// are checked at run time (docs/runtime-checks.md): the nest is tiled under
// the fact, the original nest runs where it fails. A dividend of `/` or `%`
// that is not negative (C truncates, the model rounds down), a conversion
// that keeps a value, an unsigned operation that does not wrap around. Each
// fact is the range the value must lie in, as the program spells the value.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
// RUN: %hetile analyze %s --format=json -- -std=c11 | FileCheck %s --check-prefix=JSON

#include <stddef.h>
#define LEN2 4

// TSVC's outer loop: ntimes / LEN2 is floor(ntimes / 4) where ntimes >= 0.
void tsvc(int ntimes, int n, double A[restrict 64][n]) {
#pragma hetile
  for (int nl = 0; nl < ntimes / LEN2; nl++)
    for (int j = 1; j < n; j++)
      A[nl % 64][j] = A[nl % 64][j - 1] + 1;
}
// CHECK-LABEL: nest at {{.*}}runtime-integer-facts.c:16:3 in function 'tsvc'
// CHECK:         run-time checks: ntimes >= 0
// CHECK:         domain: [ntimes, n] -> { S0[nl, j] : nl >= 0 and 4nl <= -4 + ntimes and 0 < j < n }
// CHECK:         tilable: yes
// JSON:          "function": "tsvc"
// JSON:          "runtime_checks": [
// JSON-NEXT:       {
// JSON-NEXT:         "fact": "ntimes >= 0",
// JSON-NEXT:         "kind": "integer-value"
// JSON-NEXT:       }
// JSON-NEXT:     ],

// A start: N / 2, evaluated wherever the header runs.
void start(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = N / 2; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i][j] + 1;
}
// CHECK-LABEL: in function 'start'
// CHECK:         run-time checks: N >= 0
// CHECK:         tilable: yes

// A long bound narrowed to int: both ends of int's range.
void narrow(long len, double A[restrict 64][64]) {
#pragma hetile
  for (int i = 1; i < (int)len; i++)
    for (int j = 1; j < 64; j++)
      A[i][j] = A[i - 1][j] + 1;
}
// CHECK-LABEL: in function 'narrow'
// CHECK:         run-time checks: len >= -2147483648 and len <= 2147483647
// CHECK:         domain: [len] -> { S0[i, j] : 0 < i < len and 0 < j <= 63 }
// CHECK:         tilable: yes

// Unsigned arithmetic: N - 1 wraps around at N = 0.
void wrap(unsigned N, double A[restrict N][N]) {
#pragma hetile
  for (unsigned i = 0; i < N - 1; i++)
    for (unsigned j = 0; j < N; j++)
      A[i][j] = A[i + 1][j];
}
// CHECK-LABEL: in function 'wrap'
// CHECK:         run-time checks: N - 1 >= 0
// CHECK:         tilable: yes

// Signed parameters that C converts to unsigned: the start K of an unsigned
// iterator, and `i < n` with a size_t i.
void mixed(unsigned N, int K, int n, double A[restrict N][n]) {
#pragma hetile
  for (unsigned i = K; i < N; i++)
    for (size_t j = 0; j < n; j++)
      A[i][j] = 0;
}
// CHECK-LABEL: in function 'mixed'
// CHECK:         run-time checks: K >= 0; n >= 0
// CHECK:         tilable: yes

// One fact serves every expression it covers: the bound and the subscript
// both divide M.
void shared(int N, int M, double A[restrict N][M]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < M / 2; j++)
      A[i][j + M / 2] = A[i - 1][j + M / 2] + 1;
}
// CHECK-LABEL: in function 'shared'
// CHECK:         run-time checks: M >= 0
// CHECK-NOT:     M >= 0; M
// CHECK:         tilable: yes

// A size_t parameter narrowed to int stays refused: the generated check
// reads parameters as long (Reject/value-changing-conversion.c).
