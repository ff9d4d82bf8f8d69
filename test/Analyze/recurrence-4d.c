// A 4-level uniform recurrence with a diagonal term: vectors (1,0,0,0),
// (0,1,0,0), (0,0,1,0), (0,0,0,1) and (1,1,0,0).
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
#define N 20
double A[N][N][N][N];

void rec4(void) {
#pragma hetile
  for (int a = 1; a < N; a++)
    for (int b = 1; b < N; b++)
      for (int c = 1; c < N; c++)
        for (int d = 1; d < N; d++)
          A[a][b][c][d] = A[a - 1][b][c][d] + A[a][b - 1][c][d] + A[a][b][c - 1][d] +
                          A[a][b][c][d - 1] + A[a - 1][b - 1][c][d];
}

// CHECK-LABEL: nest at {{.*}}recurrence-4d.c:9:3 in function 'rec4'
// CHECK-NEXT:    depth: 4
// CHECK-NEXT:    parameters: none
// CHECK:           domain: { S0[a, b, c, d] : 0 < a <= 19 and 0 < b <= 19 and 0 < c <= 19 and 0 < d <= 19 }
// CHECK:         dependence matrix D: (0, 0, 0, 1) (0, 0, 1, 0) (0, 1, 0, 0) (1, 0, 0, 0) (1, 1, 0, 0){{$}}
// CHECK-NEXT:    permutable band: depth 4, as written
// CHECK:         tilable: yes
