// Other constructs: a scalar declared in the nest but used by two statements,
// a static local, inline assembly, an iterator read after its loop.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void f(int N, double A[restrict N][N], double B[restrict N]) {
#pragma hetile
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++)
      s += A[i][j];
    B[i] = s;
  }
}
// FIXME: scalar expansion or privatization would allow this reduction.
// CHECK: unsupported-statement.c:[[@LINE-5]]:7: remark: nest not tiled: variable 's' declared in the nest is used by more than one statement [hetile-reject-unsupported-statement]
// REPORT: nest at {{.*}}unsupported-statement.c:8:3 in function 'f': not tiled [hetile-reject-unsupported-statement]

void g(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      static int calls;
      A[i][j] = calls;
    }
}
// CHECK: unsupported-statement.c:[[@LINE-4]]:18: remark: nest not tiled: static variable 'calls' declared in the nest [hetile-reject-unsupported-statement]

void h(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      __asm__("nop");
}
// CHECK: unsupported-statement.c:[[@LINE-2]]:7: remark: nest not tiled: inline assembly inside the nest [hetile-reject-unsupported-statement]

void k(int N, double A[restrict N][N], double B[restrict N]) {
  int i, j;
#pragma hetile
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      A[i][j] = 0;
    B[i] = j;
  }
}
// CHECK: unsupported-statement.c:[[@LINE-3]]:12: remark: nest not tiled: iterator 'j' is read outside its loop [hetile-reject-unsupported-statement]

// A C89 iterator declared in the body and read after its loop is not dead
// there: it stays a variable of the nest, which two statements use.
void after(int N, double A[restrict 64][64]) {
#pragma hetile
  for (int i = 1; i < N; i++) {
    int t;
    for (t = 0; t < 2; t++)
      A[i][t] = A[i - 1][t];
    A[i][5] = t;
  }
}
// CHECK: unsupported-statement.c:[[@LINE-3]]:15: remark: nest not tiled: variable 't' declared in the nest is used by more than one statement [hetile-reject-unsupported-statement]
