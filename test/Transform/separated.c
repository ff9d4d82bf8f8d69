// Time-iterated Jacobi 2D: two statements, skewed into one band. No statement
// depends on itself along the last band dimension alone, so the schedule
// code generation uses marks the innermost point loop separated (isl splits
// it where the statements it runs change; no guard inside).
// RUN: %hetile rewrite %s --print=schedule -- -std=c11 | FileCheck %s
// The same schedule for the MPI backend, which also prints the columns.
// RUN: %hetile rewrite %s --print=schedule --backend=mpi -- -std=c11 | FileCheck %s

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

// CHECK-LABEL: nest at {{.*}}separated.c:11:3 in function 'jacobi_2d'
// CHECK-NEXT:  band: [T, N] -> { S1[t, i, j] -> [t, 1 + 2t + i, 1 + 2t + j] : {{.*}}; S0[t, i, j] -> [t, 2t + i, 2t + j] :
// CHECK:       columns: band dimension 2
// CHECK-NEXT:  innermost point loop: separated (no recurrence)
// CHECK-NEXT:  int counters where:
// CHECK-NEXT:  point schedule: {{.*}}options: "{ separate[2] }"
