// Time-iterated Jacobi 1D (PolyBench jacobi-1d): two statements in sibling
// loops under t. As written only t is a permutable band (S1 -> S0 on A has
// distances (1, -1), (1, 0), (1, 1) in (t, i)); shifting S1 by one and
// skewing i by t makes a permutable band of depth 2.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
// RUN: %hetile analyze %s --no-skew -- -std=c11 2>&1 | FileCheck %s --check-prefix=NOSKEW

void jacobi_1d(int T, int N, double A[restrict N], double B[restrict N]) {
  int t, i;
#pragma hetile
  for (t = 0; t < T; t++) {
    for (i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < N - 1; i++)
      A[i] = B[i];
  }
}

// CHECK-LABEL: nest at {{.*}}jacobi-1d-time.c:11:3 in function 'jacobi_1d'
// CHECK-NEXT:    depth: 2
// CHECK-NEXT:    parameters: T, N
// CHECK:         statement S0 at {{.*}}jacobi-1d-time.c:13:7: B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
// CHECK-NEXT:      domain: [T, N] -> { S0[t, i] : 0 <= t < T and 0 < i <= -2 + N }
// CHECK:         statement S1 at {{.*}}jacobi-1d-time.c:15:7: A[i] = B[i];
// CHECK-LABEL:   dependences:
// CHECK-DAG:       flow S0 -> S1 on B: distance (0, 0)
// CHECK-DAG:       flow S1 -> S0 on A: distance (1, -1)
// CHECK-DAG:       flow S1 -> S0 on A: distance (1, 0)
// CHECK-DAG:       flow S1 -> S0 on A: distance (1, 1)
// CHECK:         dependence matrix D: none
// CHECK-NEXT:    permutable band: depth 2, after transformation
// CHECK-NEXT:      transformation: isl scheduler: fused, skewed, shifted
// CHECK-NEXT:      S0: (t, 2 * t + i)
// CHECK-NEXT:      S1: (t, 2 * t + i + 1)
// CHECK-NEXT:    tilable: yes

// NOSKEW: jacobi-1d-time.c:11:3: remark: nest not tiled: no legal transformation gives a fully permutable band of two or more loops (flow dependence S1 -> S0 on 'A' has distance (1, -1)) [hetile-reject-non-permutable]
// NOSKEW: permutable band: depth 1, as written
// NOSKEW: tilable: no [hetile-reject-non-permutable]
