/* bench/decision_cost.py: a nest of (n-1) x (n-1) points called CALLS
   times; prints the nanoseconds per call and a checksum. At n = 2 (one
   point) the time is what a call costs around its nest. Usage:
   decision_calls N CALLS */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void sweep(int n, double A[n][n]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = 0.5 * (A[i - 1][j] + A[i][j - 1]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2;
  long calls = argc > 2 ? atol(argv[2]) : 10000000;
  if (n < 2 || calls < 1)
    return 1;
  double(*A)[n] = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (i + j) % 7;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (long c = 0; c < calls; c++)
    sweep(n, A);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j];
  printf("checksum %a\nns per call %.3f\n", s,
         ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) /
             (double)calls);
  free(A);
  return 0;
}
