// Unsigned iterators and bounds, modelled where C's arithmetic provably
// equals the integers': every unsigned operation, conversion and step stays
// in the range of its type over the points where it is evaluated (the
// enclosing domain, the left operand of &&, the branch of ?:). Nothing is
// added to the context beyond N >= 0 for an unsigned N.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --allow-empty < %t.err
#include <stddef.h>

// Counting down to 1: i - 1 never wraps, the step stops at 0.
void down(unsigned N, double A[restrict N][N]) {
#pragma hetile
  for (unsigned i = N; i > 0; i--)
    for (unsigned j = 1; j < N; j++)
      A[i - 1][j] = A[i - 1][j - 1];
}

// An int iterator against a size_t bound: i is converted, and is never
// negative there.
void sized(size_t n, double A[restrict n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      A[i][j] = 0;
}

// i - 1 under i > 0 (&&) and under the branch i > 0 of ?:.
void guarded(unsigned N, unsigned K, double A[restrict N][N]) {
#pragma hetile
  for (unsigned i = 0; i < N; i++)
    for (unsigned j = 0; j < (i > 0 ? i - 1 : N); j++)
      if (i > 0 && i - 1 < K)
        A[i][j] = 1;
}

// An `if` without loops whose condition may wrap (i - 1 at i = 0) is part of
// the statement, as a data-dependent one: its write is a may-write.
void plain(unsigned N, unsigned K, double A[restrict N][N]) {
#pragma hetile
  for (unsigned i = 0; i < N; i++)
    for (unsigned j = 0; j < N; j++)
      if (i - 1 < K)
        A[i][j] = 1;
}

// A short iterator: s++ is computed in int and converted back, in range.
void promoted(double A[restrict 100][100]) {
#pragma hetile
  for (unsigned short s = 0; s < 100; s++)
    for (short t = 99; t >= 0; t--)
      A[s][t] = A[s][t] + 1;
}

// CHECK-LABEL: in function 'down'
// CHECK:         context: [N] -> {  : N >= 0 }
// CHECK:         domain: [N] -> { S0[i, j] : 0 < i <= N and 0 < j < N }
// CHECK-NEXT:      write A[-1 + i, j]
// CHECK-NEXT:      read A[-1 + i, -1 + j]
// CHECK:         tilable: yes
// CHECK-LABEL: in function 'sized'
// CHECK:         domain: [n] -> { S0[i, j] : i >= 0 and i <= j < n }
// CHECK:         tilable: yes
// CHECK-LABEL: in function 'guarded'
// CHECK:         domain: [N, K] -> { S0[i, j] : i <= K and i < N and 0 <= j <= -2 + i }
// CHECK-LABEL: in function 'plain'
// CHECK:         domain: [N] -> { S0[i, j] : 0 <= i < N and 0 <= j < N }
// CHECK-NEXT:      may-write A[i, j]
// CHECK-LABEL: in function 'promoted'
// CHECK:         domain: { S0[s, t] : 0 <= s <= 99 and 0 <= t <= 99 }
// REMARK-NOT: remark
