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

// Arrays of structs are modelled through their members (docs/struct-arrays.md):
// a[i][j].x is element (i, j, offsetof x). Not: a whole element, a member
// that is not a number, a bit-field, a member of a union, a subscript whose
// byte offset overflows 64 bits, a private array of structs (declared in the
// nest).
struct point { double x, y; };
struct flags { int a : 4; int b : 4; };
union word { double d; long l; };
struct nested { double v[2]; struct point p; double *q; };
void g(int N, struct point P[restrict N][N], struct flags F[restrict N][N],
       union word W[restrict N][N], struct nested Q[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      P[i][j] = P[i - 1][j];
// CHECK: unsupported-type.c:[[@LINE-1]]:7: remark: nest not tiled: 'P[i][j]' is a whole element of the array of structs 'P': only its members are modelled [hetile-reject-unsupported-type]
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      F[i][j].a = 1;
// CHECK: unsupported-type.c:[[@LINE-1]]:7: remark: nest not tiled: struct member 'F[i][j].a' is a bit-field [hetile-reject-unsupported-type]
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      W[i][j].d = 1;
// CHECK: unsupported-type.c:[[@LINE-1]]:7: remark: nest not tiled: struct member 'W[i][j].d' is a member of a union [hetile-reject-unsupported-type]
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      Q[i][j].q[0] = 1;
// CHECK: unsupported-type.c:[[@LINE-1]]:7: remark: nest not tiled: struct member 'Q[i][j].q[0]' is reached through a member that is not an array of constant size [hetile-reject-unsupported-type]
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      Q[i][j].v[j * 2305843009213693952L] = 1;
// CHECK: unsupported-type.c:[[@LINE-1]]:7: remark: nest not tiled: struct member 'Q[i][j].v[j * 2305843009213693952L]' has a subscript too large to model [hetile-reject-unsupported-type]
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      struct point t[2];
      t[0].x = Q[i][j].p.y;
      Q[i][j].v[1] = t[0].x;
    }
// CHECK: unsupported-type.c:[[@LINE-4]]:20: remark: nest not tiled: 't' has unsupported type 'struct point[2]' [hetile-reject-unsupported-type]
}

// A table of row pointers indexed R[i][j] is read as a 2-D array
// (docs/invariant-loads.md); a table of tables is not.
void h(int N, double ***restrict R) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      R[i][j][0] = 0;
}
// CHECK: unsupported-type.c:[[@LINE-2]]:7: remark: nest not tiled: array 'R' holds pointers (type 'double ***restrict') [hetile-reject-unsupported-type]
