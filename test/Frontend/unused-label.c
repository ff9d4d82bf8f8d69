// A label that no goto of the function names is ignored: the statement it
// labels starts a statement of its own, whose text leaves the label out.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

void labels(int N, double A[restrict N][N], double B[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++) {
  fill:
    for (int j = 1; j < N; j++) {
      A[i][j] = A[i - 1][j] + A[i][j - 1];
    next:
      B[i][j] = B[i - 1][j] + A[i][j];
    }
  }
}

// CHECK-LABEL: nest at {{.*}}unused-label.c:7:3 in function 'labels'
// CHECK:         statement S0 at {{.*}}unused-label.c:10:7: A[i][j] = A[i - 1][j] + A[i][j - 1];
// CHECK-NEXT:      domain: [N] -> { S0[i, j] : 0 < i < N and 0 < j < N }
// CHECK:         statement S1 at {{.*}}unused-label.c:12:7: B[i][j] = B[i - 1][j] + A[i][j];
// CHECK-NEXT:      domain: [N] -> { S1[i, j] : 0 < i < N and 0 < j < N }
// CHECK:         tilable: yes

// A goto elsewhere in the function, to another label, changes nothing.
void other(int N, double A[restrict N][N]) {
  if (N > 100)
    goto out;
#pragma hetile
  for (int i = 1; i < N; i++) {
  fill:
    for (int j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
  }
out:;
}

// CHECK-LABEL: nest at {{.*}}unused-label.c:29:3 in function 'other'
// CHECK:         statement S0 at {{.*}}unused-label.c:32:7: A[i][j] = A[i - 1][j] + A[i][j - 1];
// CHECK:         tilable: yes
