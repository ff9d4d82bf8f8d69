// A subscript that is not affine.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void f(int N, double A[restrict N][N], double *restrict B) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = B[i * j];
}
// CHECK: nonaffine-subscript.c:9:19: remark: nest not tiled: subscript 'i * j' of 'B' is not affine [hetile-reject-nonaffine-subscript]
// REPORT: nest at {{.*}}nonaffine-subscript.c:7:3 in function 'f': not tiled [hetile-reject-nonaffine-subscript]

// `%` by a positive constant is modelled (test/Analyze/division.c); by a
// variable it is not.
void g(int N, int K, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j % K] = 1;
}
// CHECK: nonaffine-subscript.c:[[@LINE-2]]:12: remark: nest not tiled: subscript 'j % K' of 'A' is not affine (the divisor 'K' is not a positive integer constant) [hetile-reject-nonaffine-subscript]

// A flat subscript (docs/delinearization.md) whose row length is a product
// of variables, n * m: the model states rows of one parameter each.
void h(int N, int n, int m, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < n; j++)
      a[i * n * m + j] = a[(i - 1) * n * m + j];
}
// CHECK: nonaffine-subscript.c:[[@LINE-2]]:9: remark: nest not tiled: subscript 'i * n * m + j' of 'a' is not affine (the row length 'm * n' of 'a' is a product of variables) [hetile-reject-nonaffine-subscript]

// A product of two iterators splits into no rows.
void k(int N, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i * N + j] = a[i * j];
}
// CHECK: nonaffine-subscript.c:[[@LINE-2]]:24: remark: nest not tiled: subscript 'i * j' of 'a' is not affine [hetile-reject-nonaffine-subscript]
