// Two pointer-based arrays, one written, not both restrict, are tiled under a
// run-time alias check (test/Analyze/runtime-checks.c); where the elements
// the nest touches in one of them cannot be bounded by a few affine cases,
// no check can be built and the nest is left alone; restrict on both needs
// no check.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err
// RUN: sed 's/double \*A, double B\[N\]\[N\]/double *restrict A, double B[restrict N][N]/' %s > %t.c
// RUN: %hetile analyze %t.c -- -std=c11 2>&1 | FileCheck %s --check-prefix=ASSUME

void f(int N, int P0, int P1, int P2, int P3, int P4, int P5, int P6, int P7,
       int P8, double *A, double B[N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      B[i][j] = B[i - 1][j] + A[P0] + A[P1] + A[P2] + A[P3] + A[P4] + A[P5] +
                A[P6] + A[P7] + A[P8];
}
// CHECK: possible-alias.c:[[@LINE-3]]:31: remark: nest not tiled: arrays 'B' and 'A' may overlap and no run-time check can tell (the lowest subscript 1 of 'A' has more than 8 cases): declare them restrict if they never overlap [hetile-reject-possible-alias]
// REPORT: nest at {{.*}}possible-alias.c:14:3 in function 'f': not tiled [hetile-reject-possible-alias]
// ASSUME-NOT: possible-alias
// ASSUME: nest at {{.*}}:14:3 in function 'f'
// ASSUME-NEXT: depth: 2
// ASSUME: run-time checks: none

void both(int N, int P0, int P1, int P2, int P3, int P4, int P5, int P6,
          int P7, int P8, double *restrict A, double B[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      B[i][j] = B[i - 1][j] + A[P0] + A[P1] + A[P2] + A[P3] + A[P4] + A[P5] +
                A[P6] + A[P7] + A[P8];
}
// REPORT: nest at {{.*}}possible-alias.c:29:3 in function 'both'
// REPORT-NEXT: depth: 2
// REPORT: run-time checks: none
// REPORT: tilable: yes

double S[100][100];
void single(int N, double *p) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < 100; j++)
      S[i][j] = p[i * 100 + j] + S[i - 1][j];
}
// REPORT: nest at {{.*}}possible-alias.c:42:3 in function 'single'
// REPORT-NEXT: depth: 2
// REPORT: run-time checks: none
