// Matrix multiplication: the only dependences are on C along k, (0,0,1):
// flow and output. (The anti dependence from the read of C[i][j] at k to the
// write at k+1 is implied: the nearest write after that read is the same
// instance's, and the output dependence orders it before k+1.) The whole
// 3-loop nest is permutable.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

void matmul(int N, double C[restrict N][N], double A[restrict N][N],
            double B[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}

// CHECK-LABEL: nest at {{.*}}matmul.c:11:3 in function 'matmul'
// CHECK-NEXT:    depth: 3
// CHECK:         statement S0 at {{.*}}matmul.c:14:9: C[i][j] += A[i][k] * B[k][j];
// CHECK-NEXT:      domain: [N] -> { S0[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N }
// CHECK-LABEL:   dependences:
// CHECK-NEXT:      flow S0 -> S0 on C: distance (0, 0, 1)
// CHECK-NEXT:      output S0 -> S0 on C: distance (0, 0, 1)
// CHECK-NEXT:    dependence matrix D: (0, 0, 1){{$}}
// CHECK-NEXT:    permutable band: depth 3, as written
// CHECK:         tilable: yes
