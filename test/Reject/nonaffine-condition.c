// An 'if' around a loop whose condition is not affine. (A data-dependent
// 'if' around plain statements is kept: its writes are may-writes.)
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void f(int N, double A[restrict N][N], int *restrict flag) {
#pragma hetile
  for (int i = 0; i < N; i++)
    if (flag[i] > 0)
      for (int j = 0; j < N; j++)
        A[i][j] = 0;
}
// CHECK: nonaffine-condition.c:9:9: remark: nest not tiled: condition 'flag[i] > 0' of an 'if' around a loop is not affine [hetile-reject-nonaffine-condition]
// REPORT: nest at {{.*}}nonaffine-condition.c:8:3 in function 'f': not tiled [hetile-reject-nonaffine-condition]

void g(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] > 0)
        A[i][j] = 0;
}
// REPORT: nest at {{.*}}nonaffine-condition.c:18:3 in function 'g'
// REPORT:   statement S0 at {{.*}}nonaffine-condition.c:20:7: if (A[i][j] > 0) A[i][j] = 0;
// REPORT:     read A[i, j]
// REPORT:     may-write A[i, j]
