// `i != e` with a unit step on a signed iterator is `i < e` (or `i > e` when
// counting down): if the start lay past e, the loop would overflow its signed
// iterator. No assumption is added to the context. On an unsigned iterator
// it would wrap around instead, so the start must provably not lie past e
// (test/Reject/unsigned-wrap.c when it may).
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
#include <stddef.h>

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

// size_t loops in the style of C++ iterators: 0 and i never lie past n.
void sized(size_t n, double A[restrict n][n]) {
#pragma hetile
  for (size_t i = 0; i != n; ++i)
    for (size_t j = i; j != n; j++)
      A[i][j] = A[j][i];
}

void unsignedDown(unsigned N, double A[restrict N][N]) {
#pragma hetile
  for (unsigned i = N; i != 0; i--)
    for (unsigned j = 0; j < N; j++)
      A[i - 1][j] = 1;
}

// CHECK-LABEL: in function 'up'
// CHECK-NEXT:    depth: 2
// CHECK-NEXT:    parameters: N
// CHECK-NEXT:    context: [N] -> {  :  }
// CHECK:         domain: [N] -> { S0[i, j] : i >= 0 and i <= j < N }
// CHECK-LABEL: in function 'down'
// CHECK:         domain: [N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }
// CHECK-LABEL: in function 'sized'
// CHECK:         context: [n] -> {  : n >= 0 }
// CHECK:         domain: [n] -> { S0[i, j] : i >= 0 and i <= j < n }
// CHECK-LABEL: in function 'unsignedDown'
// CHECK:         domain: [N] -> { S0[i, j] : 0 < i <= N and 0 <= j < N }
