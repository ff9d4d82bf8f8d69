// Pointer arithmetic, dereferences and addresses taken.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void f(int N, double *restrict A) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      *(A + i * N + j) = 0;
}
// CHECK: pointer-arithmetic.c:9:7: remark: nest not tiled: pointer dereference '*(A + i * N + j)' [hetile-reject-pointer-arithmetic]
// REPORT: nest at {{.*}}pointer-arithmetic.c:7:3 in function 'f': not tiled [hetile-reject-pointer-arithmetic]

void g(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double *row = A[i];
      row[j] = 0;
    }
}
// CHECK: pointer-arithmetic.c:18:21: remark: nest not tiled: 'A[i]' is used as a pointer [hetile-reject-pointer-arithmetic]
