// min/max bounds written as ?:, with MIN/MAX macros, and as a conjunction in
// the condition; all three give the same exact domain.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void ternary(int N, int M, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < (N < M ? N : M); i++)
    for (int j = 0; j < N; j++)
      A[i][j] = 0;
}

void macro(int N, int M, double A[restrict N][N]) {
#pragma hetile
  for (int i = MAX(1, M - N); i < MIN(N, M); i++)
    for (int j = 0; j < N; j++)
      A[i][j] = 0;
}

void conjunction(int N, int M, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N && i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = 0;
}

// CHECK-LABEL: in function 'ternary'
// CHECK:         domain: [N, M] -> { S0[i, j] : 0 <= i < M and i < N and 0 <= j < N }
// CHECK-LABEL: in function 'macro'
// CHECK:         domain: [N, M] -> { S0[i, j] : i > 0 and -N + M <= i < M and i < N and 0 <= j < N }
// CHECK-LABEL: in function 'conjunction'
// CHECK:         domain: [N, M] -> { S0[i, j] : 0 <= i < M and i < N and 0 <= j < N }
