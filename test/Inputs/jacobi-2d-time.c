// Time-iterated Jacobi 2D, two statements per time step (A -> B -> A): the
// input of the schedule and AST printer tests (test/Transform,
// test/CodeGen). The nest starts on line 7.

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
