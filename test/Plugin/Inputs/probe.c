/* lit.cfg.py rewrites this nest with each backend to learn which ones the
 * library generates code for. */
void probe(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}
