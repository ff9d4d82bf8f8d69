/* Point-loop orders inside a tile (Tiling.cpp, chooseInnerDim). */

/* PolyBench's gemm: the band is (i, j, k) after the fusion of the two
 * statements; k carries the sum into C[i][j] and reads B a row apart, j
 * carries nothing and walks C and B element by element. */
void gemm(int ni, int nj, int nk, double alpha, double beta,
          double C[ni][nj], double A[ni][nk], double B[nk][nj]) {
#pragma hetile
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

/* A column sweep: j walks the rows a row apart, i walks them element by
 * element but carries the recurrence along the row: the order stays. */
void column_sweep(int n, double A[n][n], double B[n][n]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      A[j][i] = A[j][i - 1] + B[j][i];
}

/* A transposed copy: j walks A a row apart and B element by element; i
 * walks A element by element and B a row apart: neither is free of strides,
 * the order stays. */
void transpose_add(int n, double A[n][n], double B[n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[j][i] += B[i][j] + A[j][i];
}

/* A loop nest written for column-major data: j walks both arrays a row
 * apart and carries nothing; i walks them element by element: i runs
 * innermost in a tile. */
void scale_columns(int n, double A[n][n], double B[n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[j][i] = 2.0 * B[j][i];
}
