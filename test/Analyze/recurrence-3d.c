// A 3-level uniform recurrence: vectors (1,0,0), (0,1,0), (0,0,1).
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

void rec3(int N, int M, int P, double A[restrict N][M][P]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      for (int k = 1; k < P; k++)
        A[i][j][k] = 0.5 * A[i - 1][j][k] + 0.3 * A[i][j - 1][k] + 0.2 * A[i][j][k - 1];
}

// CHECK-LABEL: nest at {{.*}}recurrence-3d.c:6:3 in function 'rec3'
// CHECK-NEXT:    depth: 3
// CHECK-NEXT:    parameters: N, M, P
// CHECK:           domain: [N, M, P] -> { S0[i, j, k] : 0 < i < N and 0 < j < M and 0 < k < P }
// CHECK:         dependence matrix D: (0, 0, 1) (0, 1, 0) (1, 0, 0){{$}}
// CHECK-NEXT:    permutable band: depth 3, as written
// CHECK:         tilable: yes
