// C89 iterators declared before the nest; the nest reads them only as loop
// iterators, and DeclaredInHeader is false (checked through the JSON loops).
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
