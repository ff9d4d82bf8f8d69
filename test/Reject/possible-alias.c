// Two pointer-based arrays, one written, not both restrict. One pointer
// array alone, static arrays, and --assume-no-alias are fine.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err
// RUN: %hetile analyze %s --assume-no-alias -- -std=c11 2>&1 | FileCheck %s --check-prefix=ASSUME

void f(int N, double A[N][N], double B[N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = B[i - 1][j];
}
// CHECK: possible-alias.c:[[@LINE-2]]:17: remark: nest not tiled: arrays 'A' and 'B' may overlap: declare them restrict or pass --assume-no-alias [hetile-reject-possible-alias]
// REPORT: nest at {{.*}}possible-alias.c:9:3 in function 'f': not tiled [hetile-reject-possible-alias]
// ASSUME-NOT: possible-alias
// ASSUME: nest at {{.*}}possible-alias.c:9:3 in function 'f'
// ASSUME-NEXT: depth: 2

double S[100][100];
void single(int N, double *p) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < 100; j++)
      S[i][j] = p[i * 100 + j] + S[i - 1][j];
}
// REPORT: nest at {{.*}}possible-alias.c:22:3 in function 'single'
// REPORT-NEXT: depth: 2
