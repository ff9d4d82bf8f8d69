// The bytes of final values that the MPI backends' final exchange moves in
// all, as a function of the parameters: exact where each array's written
// elements are boxes, a bound (their bounding box) where they are not.
// RUN: %hetile analyze %s -- | FileCheck %s
// RUN: %hetile analyze --format=json %s -- | FileCheck %s --check-prefix=JSON

// CHECK-LABEL: in function 'edit'
// CHECK: final exchange (mpi backends): [N, M] -> { 4 * N * M : N > 0 and M > 0 } bytes of final values; each rank receives those of the other ranks' tile columns (rank 0 only with --gather=root)
// JSON: "final_exchange_bytes": "[N, M] -> { 4 * N * M : N > 0 and M > 0 }"
void edit(int N, int M, int D[N + 1][M + 1], const char *a, const char *b) {
#pragma hetile
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++)
      D[i][j] = (D[i - 1][j] < D[i][j - 1] ? D[i - 1][j] : D[i][j - 1]) +
                (a[i - 1] != b[j - 1]);
}

// Two arrays: a 3D box (T - 1 planes of N x N doubles) and a square.
// CHECK-LABEL: in function 'planes'
// CHECK: final exchange (mpi backends): [N, T] -> { 8 * N^2 * T : N > 0 and T >= 2 } bytes
void planes(int N, int T, double B[T][N + 1][N + 1], double C[N + 1][N + 1]) {
#pragma hetile
  for (int t = 1; t < T; t++)
    for (int i = 1; i <= N; i++)
      for (int j = 1; j <= N; j++) {
        B[t][i][j] = 0.5 * B[t - 1][i][j] + 0.25 * B[t][i - 1][j] +
                     0.125 * B[t][i][j - 1];
        C[i][j] = B[t][i][j];
      }
}

// The lower triangle is not a box: its bounding box, N x N floats.
// CHECK-LABEL: in function 'lower'
// CHECK: final exchange (mpi backends): at most [N] -> { 4 * N^2 : N > 0 } bytes
void lower(int N, float L[N + 1][N + 1]) {
#pragma hetile
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= i; j++)
      L[i][j] = L[i - 1][j] + L[i][j - 1];
}
