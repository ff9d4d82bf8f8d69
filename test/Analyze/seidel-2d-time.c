// PolyBench seidel-2d: a 9-point Gauss-Seidel sweep in place, iterated in t.
// Reads of A[i-1][j+1] make (t, i, j) not permutable as written (distance
// (0, 1, -1)); skewing j by i (and i, j by t) gives a permutable band of
// depth 3.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
// RUN: %hetile analyze %s --no-skew -- -std=c11 2>&1 | FileCheck %s --check-prefix=NOSKEW

void seidel_2d(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t <= T - 1; t++)
    for (int i = 1; i <= N - 2; i++)
      for (int j = 1; j <= N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] +
                   A[i][j] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] +
                   A[i + 1][j + 1]) / 9.0;
}

// CHECK-LABEL: nest at {{.*}}seidel-2d-time.c:10:3 in function 'seidel_2d'
// CHECK-NEXT:    depth: 3
// CHECK-LABEL:   dependences:
// CHECK-DAG:       flow S0 -> S0 on A: distance (0, 1, -1)
// CHECK-DAG:       flow S0 -> S0 on A: distance (1, -1, -1)
// CHECK-DAG:       flow S0 -> S0 on A: distance (0, 0, 1)
// CHECK:         permutable band: depth 3, after transformation
// CHECK-NEXT:      transformation: isl scheduler: skewed
// CHECK-NEXT:      S0: (t, t + i, 2 * t + i + j)
// CHECK-NEXT:    tilable: yes

// NOSKEW: remark: nest not tiled: no legal transformation gives a fully permutable band of two or more loops
// NOSKEW: permutable band: depth 1, as written
