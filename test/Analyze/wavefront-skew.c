// A 2D recurrence reading its north-east neighbour: distance (1, -1), so the
// nest as written is not permutable (the outer loop alone carries it).
// Skewing j by i makes it (1, 0): a permutable band of depth 2.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

void wave(int N, int M, double A[restrict N][M]) {
  int i, j;
#pragma hetile
  for (i = 1; i < N; i++)
    for (j = 0; j < M - 1; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0;
}

// CHECK-LABEL: nest at {{.*}}wavefront-skew.c:9:3 in function 'wave'
// CHECK:           flow S0 -> S0 on A: distance (1, -1)
// CHECK:         dependence matrix D: (1, -1){{$}}
// CHECK-NEXT:    permutable band: depth 2, after transformation
// CHECK-NEXT:      transformation: isl scheduler: skewed, permuted
// CHECK-NEXT:      S0: (i + j, i)
// CHECK-NEXT:    tilable: yes
