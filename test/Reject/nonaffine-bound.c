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

void h(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = N / 2; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = 0;
}
// FIXME: integer division by a constant could be modelled (floor, N >= 0).
// CHECK: nonaffine-bound.c:25:16: remark: nest not tiled: loop bound 'N / 2' is not affine [hetile-reject-nonaffine-bound]
