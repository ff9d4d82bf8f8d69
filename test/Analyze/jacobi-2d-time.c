// Time-iterated Jacobi 2D (PolyBench jacobi-2d): A -> B then B -> A each time
// step. Needs a transformation to give a permutable band over (t, i, j).
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

void jacobi_2d(int T, int N, double A[restrict N][N], double B[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}

// CHECK-LABEL: nest at {{.*}}jacobi-2d-time.c:7:3 in function 'jacobi_2d'
// CHECK-NEXT:    depth: 3
// CHECK-LABEL:   dependences:
// CHECK-DAG:       flow S0 -> S1 on B: distance (0, -1, 0)
// CHECK-DAG:       flow S0 -> S1 on B: distance (0, 0, 0)
// CHECK-DAG:       flow S1 -> S0 on A: distance (1, 0, -1)
// CHECK-DAG:       flow S1 -> S0 on A: distance (1, 1, 0)
// CHECK:         permutable band: depth 3, after transformation
// CHECK-NEXT:      transformation: isl scheduler: fused, skewed, shifted
// CHECK-NEXT:      S0: (t, 2 * t + i, 2 * t + j)
// CHECK-NEXT:      S1: (t, 2 * t + i + 1, 2 * t + j + 1)
// CHECK-NEXT:    tilable: yes
