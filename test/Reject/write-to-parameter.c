// The nest writes a variable that its bounds or subscripts use.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void f(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = 0;
      N = N - 1;
    }
}
// CHECK: write-to-parameter.c:[[@LINE-3]]:7: remark: nest not tiled: the nest writes 'N', which its bounds or subscripts use [hetile-reject-write-to-parameter]
// REPORT: nest at {{.*}}write-to-parameter.c:7:3 in function 'f': not tiled [hetile-reject-write-to-parameter]

void g(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int k = i;
      k++;
      A[k - 1][j] = 0;
    }
}
// A scalar assigned after its definition is not recomputed
// (RecomputedScalars.cpp): a variable of its statement.
// CHECK: write-to-parameter.c:[[@LINE-7]]:11: remark: nest not tiled: the nest writes 'k', which its bounds or subscripts use [hetile-reject-write-to-parameter]

// The row length of a flat subscript (docs/delinearization.md) is a
// parameter too.
void h(int N, int M, int n, double *restrict a) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      a[i * n + j] = 0;
      n = M;
    }
}
// CHECK: write-to-parameter.c:[[@LINE-3]]:7: remark: nest not tiled: the nest writes 'n', which its bounds or subscripts use [hetile-reject-write-to-parameter]
