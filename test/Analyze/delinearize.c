// Flat arrays with a run-time row length (docs/delinearization.md): the
// model reads a[i * n + j] as a[i][j] with rows of n elements, and a 3-D
// a[(i * n + j) * m + k] as a[i][j][k] with extents n and m. Every
// subscript but the first must stay in [0, extent): proven over the
// statement's iterations where it can be (no run-time check), a run-time
// check of the nest otherwise.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
// RUN: %hetile analyze %s --format=json -- -std=c11 | FileCheck %s --check-prefix=JSON

// j in [1, n - 2]: j - 1 and j + 1 lie in [0, n).
void stencil(int T, int n, double *a) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] +
                               a[i * n + j - 1] + a[i * n + j + 1]);
}
// CHECK-LABEL: nest at {{.*}}delinearize.c:{{[0-9]+}}:3 in function 'stencil'
// CHECK:         parameters: T, n
// CHECK-NEXT:    context: [T, n] -> {  :  }
// CHECK-NEXT:    run-time checks: none
// CHECK-NEXT:    delinearized: a as a[][n], subscripts but the first in [0, n)
// CHECK:         write a[i, j]
// CHECK-NEXT:    read a[-1 + i, j]
// CHECK-NEXT:    read a[1 + i, j]
// CHECK-NEXT:    read a[i, -1 + j]
// CHECK-NEXT:    read a[i, 1 + j]
// CHECK:         flow S0 -> S0 on a: distance (0, 0, 1)
// CHECK:         tilable: yes
// JSON:          "function": "stencil"
// JSON:          "runtime_checks": [],

// The same through an index macro; the statement keeps its text.
#define A(i, j) a[(i) * n + (j)]
void macro(int N, int n, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < n; j++)
      A(i, j) = A(i - 1, j) + A(i, j - 1);
}
// CHECK-LABEL: nest at {{.*}}delinearize.c:{{[0-9]+}}:3 in function 'macro'
// CHECK:         run-time checks: none
// CHECK:         statement S0 at {{.*}}: A(i, j) = A(i - 1, j) + A(i, j - 1);
// CHECK-NEXT:      domain: [N, n] -> { S0[i, j] : 0 < i < N and 0 < j < n }
// CHECK-NEXT:      write a[i, j]
// CHECK-NEXT:      read a[-1 + i, j]
// CHECK-NEXT:      read a[i, -1 + j]
// CHECK:         tilable: yes

// Three dimensions; k < K, not k < m: that k + 1 < m is checked at run time.
void three(int N, int n, int m, int K, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < K; k++)
        a[(i * n + j) * m + k] = a[((i - 1) * n + j) * m + k + 1];
}
// CHECK-LABEL: nest at {{.*}}delinearize.c:{{[0-9]+}}:3 in function 'three'
// CHECK:         parameters: N, n, m, K
// CHECK:         run-time checks: the subscripts of a stay in [0, n) x [0, m)
// CHECK-NEXT:    delinearized: a as a[][n][m], subscripts but the first in [0, n) x [0, m)
// CHECK:         write a[i, j, k]
// CHECK-NEXT:    read a[-1 + i, j, 1 + k]
// CHECK:         tilable: yes
// JSON:          "function": "three"
// JSON:          "runtime_checks": [
// JSON-NEXT:       {
// JSON-NEXT:         "array": "a",
// JSON-NEXT:         "extents": [
// JSON-NEXT:           "n",
// JSON-NEXT:           "m"
// JSON-NEXT:         ],
// JSON-NEXT:         "kind": "in-rows"
// JSON-NEXT:       }
// JSON-NEXT:     ],

// a[i * n + n - 1 - j] is a[i + 1][-1 - j] and a[i][n - 1 - j]: the second
// stays in its row, and is the model; (i - 1) * n + n cancels into i * n.
void reversed(int N, int n, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < n; j++)
      a[i * n + n - 1 - j] = a[(i - 1) * n + n - 1 - j] + a[i * n + j];
}
// CHECK-LABEL: nest at {{.*}}delinearize.c:{{[0-9]+}}:3 in function 'reversed'
// CHECK:         run-time checks: none
// CHECK:         write a[i, -1 + n - j]
// CHECK-NEXT:    read a[-1 + i, -1 + n - j]
// CHECK-NEXT:    read a[i, j]
// CHECK:         tilable: yes

// An affine subscript of the same array takes its rows too: a[j] is
// a[0][j], j < n proven.
void affine(int N, int n, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = a[(i - 1) * n + j] + a[j];
}
// CHECK-LABEL: nest at {{.*}}delinearize.c:{{[0-9]+}}:3 in function 'affine'
// CHECK:         run-time checks: none
// CHECK:         write a[i, j]
// CHECK-NEXT:    read a[-1 + i, j]
// CHECK-NEXT:    read a[0, j]
// CHECK:         tilable: yes

// Arrays without a product keep their one dimension.
void flat(int N, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < 10; j++)
      a[i * 10 + j] = a[(i - 1) * 10 + j];
}
// CHECK-LABEL: nest at {{.*}}delinearize.c:{{[0-9]+}}:3 in function 'flat'
// CHECK-NOT:     delinearized:
// CHECK:         write a[10i + j]
// CHECK:         tilable: yes

// A subscript computed in size_t from int values (as C++ indexes a vector):
// arithmetic modulo 2^64 whose magnitude stays below 2^63, so the address
// is the model's, and the rows are found. (A size_t row length has no such
// bound: Reject/unsigned-wrap.c.)
typedef unsigned long size_t;
void wide(int T, int n, double *a) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[(size_t)i * n + j] = 0.5 * (a[(size_t)(i - 1) * n + j] +
                                      a[(size_t)i * n + j - 1]);
}
// CHECK-LABEL: nest at {{.*}}delinearize.c:{{[0-9]+}}:3 in function 'wide'
// CHECK:         delinearized: a as a[][n], subscripts but the first in [0, n)
// CHECK:         write a[i, j]
// CHECK:         tilable: yes
