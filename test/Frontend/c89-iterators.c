// C89 iterators declared before the nest (the nest reads them only as loop
// iterators), and in the loop body for the loops that follow only.
// RUN: %hetile analyze %s -- -std=c89 | FileCheck %s

void c89(int N, int M, double A[N][M]) {
  int i, j;
#pragma hetile
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      A[i][j] = A[i][j] * 2.0;
}

// CHECK-LABEL: nest at {{.*}}c89-iterators.c:8:3 in function 'c89'
// CHECK-NEXT:    depth: 2
// CHECK-NEXT:    parameters: N, M
// CHECK:         statement S0 at {{.*}}c89-iterators.c:10:7: A[i][j] = A[i][j] * 2.0;
// CHECK-NEXT:      domain: [N, M] -> { S0[i, j] : 0 <= i < N and 0 <= j < M }
// CHECK-NEXT:      write A[i, j]
// CHECK-NEXT:      read A[i, j]

// C89 iterators declared in the loop body, for the loops that follow only:
// modelled as iterators declared in their headers (no statement holds the
// declaration, nothing restores them after the nest). k serves two sibling
// loops.
void body(int N, int M, double A[N][M], double B[N][M]) {
  int i;
#pragma hetile
  for (i = 1; i < N; i++) {
    int j, k;
    for (j = 0; j < M; j++)
      A[i][j] = A[i - 1][j] * 2.0;
    for (k = 0; k < M; k++)
      B[i][k] = A[i][k];
    for (k = 0; k < 1; k++)
      B[i][k] = B[i][k] + B[i - 1][k];
  }
}

// CHECK-LABEL: nest at {{.*}}c89-iterators.c:28:3 in function 'body'
// CHECK-NEXT:    depth: 2
// CHECK-NEXT:    parameters: N, M
// CHECK:         statement S0 at {{.*}}c89-iterators.c:31:7: A[i][j] = A[i - 1][j] * 2.0;
// CHECK-NEXT:      domain: [N, M] -> { S0[i, j] : 0 < i < N and 0 <= j < M }
// CHECK:         statement S1 at {{.*}}c89-iterators.c:33:7: B[i][k] = A[i][k];
// CHECK-NEXT:      domain: [N, M] -> { S1[i, k] : 0 < i < N and 0 <= k < M }
// CHECK:         statement S2 at {{.*}}c89-iterators.c:35:7: B[i][k] = B[i][k] + B[i - 1][k];
// CHECK-NEXT:      domain: [N, M] -> { S2[i, k = 0] : 0 < i < N }
// CHECK-NOT:     statement S3
// CHECK:         tilable: yes
// A value, a read after the loop or static storage keeps such a variable
// one of the nest's: Reject/unsupported-loop.c.

