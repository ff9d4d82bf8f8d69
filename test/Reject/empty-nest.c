// Loop bounds and guards that admit no instance of any statement: there is
// nothing to tile (and no band to state over an empty domain). A nest where
// only some statements never run is tiled.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void guard(double B[restrict 72][72]) {
#pragma hetile
  for (int i = 0; i <= 3; i++)
    for (int j = i; j < 5; ++j)
      if (i >= j + 2)
        B[24][j + 25] = 0.25 * B[24][j + 24] + B[i + 21][j + 26];
}
// CHECK: empty-nest.c:[[@LINE-5]]:3: remark: nest not tiled: no statement of the nest ever runs (its loop bounds and guards admit no iteration): there is nothing to tile [hetile-reject-empty-nest]
// REPORT: nest at {{.*}}empty-nest.c:[[@LINE-6]]:3 in function 'guard': not tiled [hetile-reject-empty-nest]

void params(int N, double A[restrict 72][72]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (N < 0)
        A[i][j] = A[i][j + 1];
}
// CHECK: empty-nest.c:[[@LINE-5]]:3: remark: nest not tiled: no statement {{.*}} [hetile-reject-empty-nest]

void nothing(int N) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      ;
}
// CHECK: empty-nest.c:[[@LINE-4]]:3: remark: nest not tiled: no statement {{.*}} [hetile-reject-empty-nest]

void some(int N, double A[restrict 72][72], double B[restrict 72][72]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++) {
      if (i >= j + 2)
        B[24][j + 25] = B[24][j + 24];
      A[i + 1][j + 1] = A[i][j + 1] + A[i + 1][j];
    }
}
// CHECK-NOT: remark
// REPORT: nest at {{.*}}empty-nest.c:[[@LINE-8]]:3 in function 'some'{{$}}
// REPORT: tilable: yes
