// A transpose-like update: A[i][j] reads A[j][i]. The distances are not
// uniform (they depend on i and j): the report gives their polyhedron and no
// matrix D.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

void transpose_update(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[j][i] + 1.0;
}

// CHECK-LABEL: nest at {{.*}}non-uniform.c:8:3 in function 'transpose_update'
// CHECK-LABEL:   dependences:
// CHECK:           flow S0 -> S0 on A: distances
// CHECK:         dependence matrix D: none
