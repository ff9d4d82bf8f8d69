/* Successive over-relaxation (Gauss-Seidel, 5-point), in place: every point
 * uses the new values of its north and west neighbours. Dependence vectors
 * (1,0) and (0,1): fully permutable as written, so hetile tiles it. */
#include <stdio.h>
#include <stdlib.h>

static void sor(int N, int M, double A[restrict N][M], int Iters) {
  int t, i, j;
  for (t = 0; t < Iters; t++) {
#pragma hetile
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < M - 1; j++)
        A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);
  }
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 500;
  int M = argc > 2 ? atoi(argv[2]) : N;
  if (N < 3 || M < 3) {
    fprintf(stderr, "usage: %s [N >= 3] [M >= 3]\n", argv[0]);
    return 1;
  }
  double (*A)[M] = malloc(sizeof(double[N][M]));
  if (!A)
    return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (double)((i * 7 + j * 3) % 11) / 11.0;
  sor(N, M, A, 4);
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += A[i][j] * (1 + (i + j) % 3);
  printf("checksum %.12e\n", sum);
  free(A);
  return 0;
}
