// `i != e` with a unit step on a signed iterator is `i < e` (or `i > e` when
// counting down): if the start lay past e, the loop would overflow its signed
// iterator. No assumption is added to the context.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

void up(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i != N; i++)
    for (int j = i; N != j; ++j)
      A[i][j] = A[j][i];
}

void down(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = N - 1; i != -1; i--)
    for (int j = 0; j < N; j++)
      A[i][j] = 1;
}

// CHECK-LABEL: in function 'up'
// CHECK-NEXT:    depth: 2
// CHECK-NEXT:    parameters: N
// CHECK-NEXT:    context: [N] -> {  :  }
// CHECK:         domain: [N] -> { S0[i, j] : i >= 0 and i <= j < N }
// CHECK-LABEL: in function 'down'
// CHECK:         domain: [N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }
