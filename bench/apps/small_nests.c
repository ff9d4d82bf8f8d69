/* A loop-kernel suite's shape: several small 2-D nests (a stencil sweep, a
   recurrence, a copy, an update), each N x N, run one after another REPS
   times. Usage: small_nests N REPS. Prints the checksum and the time. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void sweep(int n, double a[n][n]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      a[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
}

static void recur(int n, double b[n][n], const double c[n][n]) {
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      b[i][j] = 0.5 * b[i - 1][j] + 0.3 * b[i][j - 1] + c[i][j];
}

static void copy(int n, double d[n][n], const double a[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      d[i][j] = a[i][j];
}

static void update(int n, double c[n][n], const double d[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      c[i][j] = 0.999 * c[i][j] + 1e-3 * d[i][j];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 64, reps = argc > 2 ? atoi(argv[2]) : 5000;
  double(*a)[n] = malloc(sizeof(double) * n * n);
  double(*b)[n] = malloc(sizeof(double) * n * n);
  double(*c)[n] = malloc(sizeof(double) * n * n);
  double(*d)[n] = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i][j] = (i * 3 + j) % 7;
      b[i][j] = 0;
      c[i][j] = ((i + 2 * j) % 5) * 0.01;
      d[i][j] = 0;
    }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int r = 0; r < reps; r++) {
    sweep(n, a);
    recur(n, b, c);
    copy(n, d, a);
    update(n, c, d);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += (a[i][j] + b[i][j] + c[i][j]) * (1 + (i + j) % 3);
  printf("checksum %a\ntime %.6f\n", s,
         (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
  free(a), free(b), free(c), free(d);
  return 0;
}
