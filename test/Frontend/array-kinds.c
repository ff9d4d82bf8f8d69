// Arrays: VLA parameters (with restrict in the brackets), pointer-to-array
// parameters, global arrays with constant extents (#define and enum), and a
// pure math call (sqrt, fabs, exp, fmax).
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
#include <math.h>
#define NX 64
enum { NY = 32 };

float G[NX][NY];

void kinds(int N, int M, double A[restrict N][M], double (*restrict B)[M]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < M && j < NY; j++)
      A[i][j] = sqrt(fabs(B[i - 1][j])) + exp(G[i][j]) + fmax(A[i][j], 0.0);
}

// CHECK-LABEL: in function 'kinds'
// CHECK:         parameters: N, M
// CHECK:         domain: [N, M] -> { S0[i, j] : 0 < i < N and 0 <= j <= 31 and j < M }
// CHECK-NEXT:      write A[i, j]
// CHECK-NEXT:      read B[-1 + i, j]
// CHECK-NEXT:      read G[i, j]
// CHECK-NEXT:      read A[i, j]
// CHECK:         tilable: yes
