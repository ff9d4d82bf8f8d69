// Scalars that are not recomputed where they are read
// (Frontend/RecomputedScalars.cpp): each keeps the nest's statements as
// written, and the refusals are today's.
// RUN: %hetile analyze %s -- -std=c11 2>&1 | FileCheck %s

// x is read after the nest: its last value must stay the original's.
double used_after(int n, double A[n][n]) {
  double x = 0;
#pragma hetile
  for (int i = 0; i < n; i++) {
    x = i * 0.5;
    for (int j = 0; j < n; j++)
      A[i][j] += x;
  }
  return x;
}
// CHECK-LABEL: in function 'used_after'
// CHECK:       tilable: no [hetile-reject-non-permutable]

// The definition reads memory (a value of the array the loop writes).
void reads_memory(int n, double A[n][n]) {
#pragma hetile
  for (int i = 1; i < n; i++) {
    double y = A[i - 1][0];
    for (int j = 0; j < n; j++)
      A[i][j] += y;
  }
}
// CHECK: in function 'reads_memory': not tiled [hetile-reject-unsupported-statement]

// Assigned again after the loop that reads it.
void written_twice(int n, double A[n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++) {
    int r = i;
    for (int j = 0; j < n; j++)
      A[r][j] += 1;
    r = 0;
    A[r][i] = 0;
  }
}
// CHECK: in function 'written_twice': not tiled [hetile-reject-write-to-parameter]

// Read by the statement that defines it only: one statement, as written.
void same_statement(int n, double A[n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int k = i + j;
      A[i][j] = A[i][j] + k;
    }
}
// CHECK-LABEL: in function 'same_statement'
// CHECK:       statement S0 at {{.*}}: int k = i + j; A[i][j] = A[i][j] + k;
// CHECK:       tilable: yes
