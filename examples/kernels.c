/* A tour of what `hetile analyze` finds: nests tiled as written, nests that
 * need a transformation, and nests left alone with the reason. */
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* Edit distance: dependences (1,0), (0,1), (1,1). */
void edit_distance(int N, int M, int D[restrict N + 1][M + 1],
                   const char *restrict a, const char *restrict b) {
  int i, j;
#pragma hetile
  for (i = 1; i <= N; i++)
    for (j = 1; j <= M; j++)
      D[i][j] = MIN(MIN(D[i - 1][j] + 1, D[i][j - 1] + 1),
                    D[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
}

/* Time-iterated Jacobi 1D: not permutable as written (distance (1,-1)); a
 * skew and a shift make the (t, i) band permutable. */
void jacobi_1d(int T, int N, double A[restrict N], double B[restrict N]) {
  int t, i;
#pragma hetile
  for (t = 0; t < T; t++) {
    for (i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < N - 1; i++)
      A[i] = B[i];
  }
}

/* An indirect access cannot be modelled: left untouched, with a remark. */
void gather(int N, int M, double A[restrict N][M], const int *restrict idx) {
  int i, j;
#pragma hetile
  for (i = 1; i < N; i++)
    for (j = 0; j < M; j++)
      A[i][j] = A[i - 1][idx[j]] + 1.0;
}
