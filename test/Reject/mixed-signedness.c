// A signed operand that C's usual arithmetic conversions make unsigned, where
// it may be negative: C compares (or computes) modulo 2^n, not the integers.
// `j < i` with i = -1 runs about 4 billion iterations in C. A parameter
// (`i < K`, K an int) is checked at run time instead
// (Analyze/runtime-integer-facts.c).
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err
#include <stddef.h>

void loop(int K, double A[restrict 8][8]) {
#pragma hetile
  for (int i = -1; i < K; i++)
    for (unsigned j = 0; j < i; j++)
      A[i + 1][j] = 0;
}
// CHECK: mixed-signedness.c:[[@LINE-3]]:26: remark: nest not tiled: comparison 'j < i' mixes unsigned 'j' with signed 'i': C converts 'i' to 'unsigned int', which changes negative values (e.g. when i = -1) [hetile-reject-mixed-signedness]
// REPORT: nest at {{.*}}mixed-signedness.c:12:3 in function 'loop': not tiled [hetile-reject-mixed-signedness]

// An `if` around a loop: the int iterator i may be negative here.
void guard(int N, unsigned M, double A[restrict N][N]) {
#pragma hetile
  for (int i = -N; i < N; i++)
    if (i < M)
      for (int j = 0; j < N; j++)
        A[i + N][j] = 0;
}
// CHECK: mixed-signedness.c:[[@LINE-4]]:9: remark: nest not tiled: comparison 'i < M' mixes unsigned 'M' with signed 'i': C converts 'i' to 'unsigned int', which changes negative values (e.g. when i = -1) [hetile-reject-mixed-signedness]

// Arithmetic: j is converted to unsigned before the addition.
void subscript(int N, unsigned K, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = -1; j < N; j++)
      A[i][j + K] = 0;
}
// CHECK: mixed-signedness.c:[[@LINE-2]]:12: remark: nest not tiled: 'j + K' mixes unsigned 'K' with signed 'j': C converts 'j' to 'unsigned int', which changes negative values (e.g. when j = -1) [hetile-reject-mixed-signedness]
