/* An SSOR-style solver: for each plane k of a 3-D grid, a lower-triangular
   wavefront over (j, i) that reads the plane below, then a small update of
   the plane. Each nest is N x N points (a few thousand) and is called N
   times per iteration: tens of thousands of calls. Usage: ssor_planes N ITER.
   Prints the checksum and the time of the iterations. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void plane_sweep(int N, int k, double omega, double V[N][N][N],
                        const double A[N][N]) {
  for (int j = 1; j < N - 1; j++)
    for (int i = 1; i < N - 1; i++)
      V[k][j][i] = (1.0 - omega) * V[k][j][i] +
                   omega * A[j][i] *
                       (V[k][j - 1][i] + V[k][j][i - 1] + V[k - 1][j][i]);
}

static void plane_update(int N, double V[N][N][N], const double B[N][N],
                         int k) {
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      V[k][j][i] += 1e-3 * B[j][i];
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 33, ITER = argc > 2 ? atoi(argv[2]) : 300;
  double(*V)[N][N] = malloc(sizeof(double) * N * N * N);
  double(*A)[N] = malloc(sizeof(double) * N * N);
  double(*B)[N] = malloc(sizeof(double) * N * N);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) {
      A[j][i] = 0.3 / (1 + (i + 2 * j) % 5);
      B[j][i] = (i * 7 + j * 3) % 11 - 5;
    }
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
        V[k][j][i] = ((k + j + i) % 13) * 0.1;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int it = 0; it < ITER; it++)
    for (int k = 1; k < N; k++) {
      plane_sweep(N, k, 1.2, V, A);
      plane_update(N, V, B, k);
    }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = 0;
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
        s += V[k][j][i] * (1 + (i + j + k) % 3);
  printf("checksum %a\ntime %.6f\n", s,
         (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
  free(V), free(A), free(B);
  return 0;
}
