// A subscript that reads memory.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void f(int N, double A[restrict N][N], const int *restrict idx) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[idx[i]][j] = 0;
}
// CHECK: indirect-access.c:9:9: remark: nest not tiled: subscript 'idx[i]' of 'A' reads memory (indirect access) [hetile-reject-indirect-access]
// REPORT: nest at {{.*}}indirect-access.c:7:3 in function 'f': not tiled [hetile-reject-indirect-access]
