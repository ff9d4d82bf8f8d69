// A triangular domain (lower triangle, j <= i): the band is still
// permutable as written, with vectors (0,1) and (1,0).
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

void lower(int N, double L[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j <= i; j++)
      L[i][j] = L[i - 1][j] + L[i][j - 1];
}

// CHECK-LABEL: nest at {{.*}}triangular.c:7:3 in function 'lower'
// CHECK:           domain: [N] -> { S0[i, j] : i < N and 0 < j <= i }
// CHECK:         dependence matrix D: (0, 1) (1, 0){{$}}
// CHECK-NEXT:    permutable band: depth 2, as written
// CHECK:         tilable: yes
