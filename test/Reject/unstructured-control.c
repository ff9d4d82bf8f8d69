// while, do, goto, break, continue, return and switch inside a nest.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void w(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int k = 0;
      while (k < j)
        k++;
      A[i][j] = k;
    }
}
// CHECK: unstructured-control.c:[[@LINE-5]]:7: remark: nest not tiled: 'while' loop inside the nest [hetile-reject-unstructured-control]
// REPORT: nest at {{.*}}unstructured-control.c:7:3 in function 'w': not tiled [hetile-reject-unstructured-control]

void b(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      if (A[i][j] < 0)
        break;
      A[i][j] = 1;
    }
}
// CHECK: unstructured-control.c:[[@LINE-4]]:9: remark: nest not tiled: 'break' statement inside the nest [hetile-reject-unstructured-control]

void r(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (i == j)
        return;
}
// CHECK: unstructured-control.c:[[@LINE-2]]:9: remark: nest not tiled: 'return' statement inside the nest [hetile-reject-unstructured-control]

void g(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = 0;
      goto out;
    }
out:;
}
// CHECK: unstructured-control.c:[[@LINE-4]]:7: remark: nest not tiled: 'goto' statement inside the nest [hetile-reject-unstructured-control]
