// Messages name the lines of this file: the remark about a nest that is
// not tiled (from the analysis of this text), and clang's warnings and
// errors in the compiled (rewritten) text, inside a tiled statement, between
// tiled nests and after them. An error fails the compile and writes no
// object.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -std=c11 -Wall -fplugin=%{plugin} -c %s -o %t/ok.o 2>&1 | FileCheck %s
// RUN: not %clang -std=c11 -DBROKEN -fplugin=%{plugin} -c %s -o %t/broken.o 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not ls %t/broken.o
// The same file without the plugin, for comparison: same lines.
// RUN: not %clang -std=c11 -DBROKEN -c %s -o %t/plain.o 2>&1 | FileCheck %s --check-prefix=ERR

void tiled(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1] + (1 << 40);
// CHECK-DAG: remarks.c:[[@LINE-1]]:{{[0-9]+}}: warning: shift count >= width of type
  int between;
// CHECK-DAG: remarks.c:[[@LINE-1]]:7: warning: unused variable 'between'
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] += A[i - 1][j - 1];
}

void rejected(int N, double A[restrict N][N], const int *Idx) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][Idx[j]] = 1.0;
// CHECK-DAG: remarks.c:[[@LINE-1]]:12: remark: nest not tiled: subscript 'Idx[j]' of 'A' reads memory (indirect access) [hetile-reject-indirect-access]
}

int after(void) {
  int unused;
// CHECK-DAG: remarks.c:[[@LINE-1]]:7: warning: unused variable 'unused'
#ifdef BROKEN
  return undeclared;
// ERR: remarks.c:[[@LINE-1]]:10: error: use of undeclared identifier 'undeclared'
#endif
  return 0;
}
