// Scalars declared outside the nest that cannot be privatized: their
// dependences stay, and the band they block is not tiled. Privatization
// needs every value read from the variable to be written earlier in the
// same band point (Analysis/Privatization.h) and its address not to escape
// before the nest (Frontend/PrivateVars.h).
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

// A running sum: each (i, j) reads the value of the previous one.
void running(int N, double A[restrict N][N], double B[restrict N][N]) {
  int i, j;
  double run = 0;
#pragma hetile
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      run += A[i][j];
      B[i][j] = run;
    }
}
// CHECK: non-permutable-scalar.c:[[@LINE-6]]:3: remark: nest not tiled: no legal transformation gives a fully permutable band of two or more loops (flow dependence S0 -> S0 on 'run' has distances {{.*}}) [hetile-reject-non-permutable]
// REPORT-LABEL: nest at {{.*}}non-permutable-scalar.c:14:3 in function 'running'
// REPORT-NOT:   privatized:
// REPORT:       tilable: no [hetile-reject-non-permutable]

// The value read is the one the previous iteration wrote.
void shifted(int N, double A[restrict N][N], double B[restrict N][N]) {
  int i, j, k;
  double t = 0;
#pragma hetile
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      for (k = 0; k < 1; k++)
        B[i][j] = t;
      t = A[i][j];
    }
}
// CHECK: non-permutable-scalar.c:[[@LINE-7]]:3: remark: nest not tiled: no legal transformation gives a fully permutable band of two or more loops (flow dependence S1 -> S0 on 't' has distances {{.*}}) [hetile-reject-non-permutable]
// REPORT-LABEL: nest at {{.*}}non-permutable-scalar.c:30:3 in function 'shifted'
// REPORT-NOT:   privatized:
// REPORT:       tilable: no [hetile-reject-non-permutable]

// The address of s escapes before the nest: a copy would not be what *p
// reads.
void escapes(int N, double C[restrict N][N], double A[restrict N][N],
             double B[restrict N][N], double **Out) {
  int i, j, k;
  double s;
  *Out = &s;
#pragma hetile
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      s = 0;
      for (k = 0; k < N; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}
// CHECK: non-permutable-scalar.c:[[@LINE-8]]:3: remark: nest not tiled: no legal transformation gives a fully permutable band of two or more loops (anti dependence S2 -> S0 on 's' has distances {{.*}}) [hetile-reject-non-permutable]
// REPORT-LABEL: nest at {{.*}}non-permutable-scalar.c:50:3 in function 'escapes'
// REPORT-NOT:   privatized:
// REPORT:       tilable: no [hetile-reject-non-permutable]
