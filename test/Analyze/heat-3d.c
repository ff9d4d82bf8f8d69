// PolyBench heat-3d: two 3D 7-point stencils per time step, A -> B -> A.
// Needs a transformation (shift + skew) to give a permutable band of depth 4.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

void heat_3d(int T, int N, double A[restrict N][N][N], double B[restrict N][N][N]) {
  int t, i, j, k;
#pragma hetile
  for (t = 1; t <= T; t++) {
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        for (k = 1; k < N - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                     + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                     + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
                     + A[i][j][k];
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        for (k = 1; k < N - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                     + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                     + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
                     + B[i][j][k];
  }
}

// CHECK-LABEL: nest at {{.*}}heat-3d.c:8:3 in function 'heat_3d'
// CHECK-NEXT:    depth: 4
// CHECK-NEXT:    parameters: T, N
// CHECK-LABEL:   dependences:
// CHECK-DAG:       flow S0 -> S1 on B: distance (0, 0, 0, 0)
// CHECK-DAG:       flow S1 -> S0 on A: distance (1, -1, 0, 0)
// CHECK-DAG:       flow S1 -> S0 on A: distance (1, 0, 0, 1)
// CHECK:         permutable band: depth 4, after transformation
// CHECK-NEXT:      transformation: isl scheduler: fused, skewed, shifted
// CHECK-NEXT:      S0: (t, 2 * t + i, 2 * t + j, 2 * t + k)
// CHECK-NEXT:      S1: (t, 2 * t + i + 1, 2 * t + j + 1, 2 * t + k + 1)
// CHECK-NEXT:    tilable: yes
