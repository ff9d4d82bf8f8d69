// A loop bound that is not affine in the iterators and parameters.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void f(int N, int M, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N * M - i * i; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = 0;
}
// CHECK: nonaffine-bound.c:7:23: remark: nest not tiled: loop bound 'N * M - i * i' is not affine [hetile-reject-nonaffine-bound]
// REPORT: nest at {{.*}}nonaffine-bound.c:7:3 in function 'f': not tiled [hetile-reject-nonaffine-bound]

void g(int N, double A[restrict N][N], int *restrict len) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < len[i]; j++)
      A[i][j] = 0;
}
// CHECK: nonaffine-bound.c:17:25: remark: nest not tiled: loop bound 'len[i]' is not affine [hetile-reject-nonaffine-bound]
// REPORT: nest at {{.*}}nonaffine-bound.c:16:3 in function 'g': not tiled [hetile-reject-nonaffine-bound]

// Division by a positive constant is modelled where the dividend is not
// negative (test/Analyze/division.c, test/Reject/negative-dividend.c); by a
// variable or a negative constant it is not.
void h(int N, int K, double A[restrict N][N]) {
#pragma hetile
  for (int i = N / K; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = 0;
}
// CHECK: nonaffine-bound.c:[[@LINE-4]]:16: remark: nest not tiled: loop bound 'N / K' is not affine (the divisor 'K' is not a positive integer constant) [hetile-reject-nonaffine-bound]

void k(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N / -2; j++)
      A[i][j] = 0;
}
// CHECK: nonaffine-bound.c:[[@LINE-3]]:25: remark: nest not tiled: loop bound 'N / -2' is not affine (the divisor '-2' is not a positive integer constant) [hetile-reject-nonaffine-bound]
