// Two flat accesses to one array with different row lengths: a[i * n + j]
// and a[i * m + j] cannot both be rows of one 2-D array
// (docs/delinearization.md).
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void f(int N, int n, int m, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < n && j < m; j++)
      a[i * n + j] = a[(i - 1) * m + j];
}
// CHECK: array-shape-mismatch.c:[[@LINE-2]]:24: remark: nest not tiled: the accesses to 'a' disagree on its row length: 'i * n + j' steps by 'n', '(i - 1) * m + j' by 'm' [hetile-reject-array-shape-mismatch]
// REPORT: nest at {{.*}}array-shape-mismatch.c:9:3 in function 'f': not tiled [hetile-reject-array-shape-mismatch]

// Three dimensions: rows of m inside rows of n * m, and rows of n.
void g(int N, int n, int m, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < m; k++)
        a[(i * n + j) * m + k] = a[(i - 1) * n + j];
}
// CHECK: array-shape-mismatch.c:[[@LINE-2]]:36: remark: nest not tiled: the accesses to 'a' disagree on its row length: '(i * n + j) * m + k' steps by 'm', '(i - 1) * n + j' by 'n' [hetile-reject-array-shape-mismatch]

// A subscript that divides cannot take the rows of the others.
void h(int N, int n, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = a[j / 2];
}
// CHECK: array-shape-mismatch.c:[[@LINE-2]]:24: remark: nest not tiled: 'a[j / 2]' cannot be split into the rows the other accesses to 'a' give it (it divides) [hetile-reject-array-shape-mismatch]
