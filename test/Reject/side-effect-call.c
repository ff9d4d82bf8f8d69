// Calls to functions not known to be pure; a known pure one (sqrt) is fine.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err
#include <math.h>
int printf(const char *, ...);
double work(double);

void f(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = sqrt(A[i][j]);
      printf("%f\n", A[i][j]);
    }
}
// CHECK: side-effect-call.c:13:7: remark: nest not tiled: call to 'printf' may have side effects [hetile-reject-side-effect-call]
// REPORT: nest at {{.*}}side-effect-call.c:10:3 in function 'f': not tiled [hetile-reject-side-effect-call]

void g(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = work(A[i][j]);
}
// CHECK: side-effect-call.c:23:17: remark: nest not tiled: call to 'work' may have side effects [hetile-reject-side-effect-call]
