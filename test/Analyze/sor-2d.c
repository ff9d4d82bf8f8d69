// 2D SOR / Gauss-Seidel in place, 5-point: reads of the north and west
// neighbours see this sweep's values (flow (1,0), (0,1)); reads of the south
// and east neighbours see the old ones (anti (1,0), (0,1)).
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

void sor(int N, int M, double A[restrict N][M]) {
  int i, j;
#pragma hetile
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < M - 1; j++)
      A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);
}

// CHECK-LABEL: nest at {{.*}}sor-2d.c:9:3 in function 'sor'
// CHECK-NEXT:    depth: 2
// CHECK-NEXT:    parameters: N, M
// CHECK:         statement S0 at {{.*}}sor-2d.c:11:7: A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);
// CHECK-NEXT:      domain: [N, M] -> { S0[i, j] : 0 < i <= -2 + N and 0 < j <= -2 + M }
// CHECK-DAG:       write A[i, j]
// CHECK-DAG:       read A[-1 + i, j]
// CHECK-DAG:       read A[i, -1 + j]
// CHECK-DAG:       read A[1 + i, j]
// CHECK-DAG:       read A[i, 1 + j]
// CHECK-LABEL:   dependences:
// CHECK-DAG:       flow S0 -> S0 on A: distance (0, 1)
// CHECK-DAG:       flow S0 -> S0 on A: distance (1, 0)
// CHECK-DAG:       anti S0 -> S0 on A: distance (0, 1)
// CHECK-DAG:       anti S0 -> S0 on A: distance (1, 0)
// CHECK-NOT:       output
// CHECK:         dependence matrix D: (0, 1) (1, 0){{$}}
// CHECK-NEXT:    permutable band: depth 2, as written
// CHECK:         tilable: yes
