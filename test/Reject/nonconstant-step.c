// A step that is not a nonzero integer constant.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void f(int N, int s, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i += s)
    for (int j = 0; j < N; j++)
      A[i][j] = 0;
}
// CHECK: nonconstant-step.c:[[@LINE-4]]:26: remark: nest not tiled: step 'i += s' is not a constant [hetile-reject-nonconstant-step]
// REPORT: nest at {{.*}}nonconstant-step.c:7:3 in function 'f': not tiled [hetile-reject-nonconstant-step]

void z(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j += 0)
      A[i][j] = 0;
}
// CHECK: nonconstant-step.c:[[@LINE-3]]:28: remark: nest not tiled: step 'j += 0' is zero [hetile-reject-nonconstant-step]
