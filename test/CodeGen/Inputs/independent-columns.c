void scale(int n, int m, double A[restrict n][m], double B[restrict n][m]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = 2.0 * A[i][j];
}

void sor(int n, int m, double A[restrict n][m]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++)
      A[i][j] = 0.5 * (A[i - 1][j] + A[i][j - 1]);
}

void rows(int n, int m, double A[restrict n][m]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i - 1][j] + 1.0;
}

void doitgen(int nr, int nq, int np, double A[restrict nr][nq][np],
             double C4[restrict np][np], double sum[restrict np]) {
#pragma hetile
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}
