// Types the model does not cover: a floating-point iterator, struct members,
// arrays of pointers.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void f(int N, double A[restrict N][N]) {
#pragma hetile
  for (double x = 0; x < N; x++)
    for (int j = 0; j < N; j++)
      A[0][j] = x;
}
// CHECK: unsupported-type.c:[[@LINE-4]]:8: remark: nest not tiled: iterator 'x' has type 'double' [hetile-reject-unsupported-type]
// REPORT: nest at {{.*}}unsupported-type.c:8:3 in function 'f': not tiled [hetile-reject-unsupported-type]

struct point { double x, y; };
void g(int N, struct point P[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      P[i][j].x = 0;
}
// CHECK: unsupported-type.c:[[@LINE-2]]:7: remark: nest not tiled: struct member 'P[i][j].x' is written in the nest, or read through a pointer that is not a variable the nest never writes: only members read as numbers or as the base of an array are modelled [hetile-reject-unsupported-type]

// A table of row pointers indexed R[i][j] is read as a 2-D array
// (docs/invariant-loads.md); a table of tables is not.
void h(int N, double ***restrict R) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      R[i][j][0] = 0;
}
// CHECK: unsupported-type.c:[[@LINE-2]]:7: remark: nest not tiled: array 'R' holds pointers (type 'double ***restrict') [hetile-reject-unsupported-type]
