// while, do, goto, break, continue, return and switch inside a nest; labels
// inside it that a goto names (from outside the nest too), and one inside a
// statement that stays whole (a data-dependent if). A label that nothing
// jumps to is ignored (Frontend/unused-label.c).
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
// REPORT: nest at {{.*}}unstructured-control.c:10:3 in function 'w': not tiled [hetile-reject-unstructured-control]

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

void into(int N, double A[restrict N][N]) {
  if (N > 100)
    goto mid;
#pragma hetile
  for (int i = 0; i < N; i++) {
  mid:
    for (int j = 0; j < N; j++)
      A[i][j] = 1;
  }
}
// CHECK: unstructured-control.c:[[@LINE-5]]:3: remark: nest not tiled: label 'mid' inside the nest [hetile-reject-unstructured-control]

void back(int N, double A[restrict N][N]) {
  int k = 0;
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
    again:
      A[i][j] = A[i][j] + 1;
    }
  if (++k < 2)
    goto again;
}
// CHECK: unstructured-control.c:[[@LINE-6]]:5: remark: nest not tiled: label 'again' inside the nest [hetile-reject-unstructured-control]

void data(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      if (A[i][j] > 0) {
      pos:
        A[i][j] = A[i - 1][j] + A[i][j - 1];
      }
}
// CHECK: unstructured-control.c:[[@LINE-4]]:7: remark: nest not tiled: label 'pos' inside the nest [hetile-reject-unstructured-control]
