// The body writes an iterator, or an inner loop reuses an outer iterator.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void f(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = 0;
      j++;
    }
}
// CHECK: write-to-iterator.c:[[@LINE-3]]:7: remark: nest not tiled: the nest writes iterator 'j' [hetile-reject-write-to-iterator]
// REPORT: nest at {{.*}}write-to-iterator.c:7:3 in function 'f': not tiled [hetile-reject-write-to-iterator]

void g(int N, double A[restrict N][N]) {
  int i;
#pragma hetile
  for (i = 0; i < N; i++)
    for (i = 0; i < N; i++)
      A[i][i] = 0;
}
// CHECK: write-to-iterator.c:[[@LINE-3]]:10: remark: nest not tiled: the nest writes iterator 'i' [hetile-reject-write-to-iterator]
