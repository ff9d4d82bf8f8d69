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

void g(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j % 4] = 1;
}
// CHECK: nonaffine-subscript.c:18:12: remark: nest not tiled: subscript 'j % 4' of 'A' is not affine [hetile-reject-nonaffine-subscript]
