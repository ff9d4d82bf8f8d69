/* A large in-place stencil called once per time step: a 5-point SOR sweep
   over an N x N plate, T steps. Usage: big_stencil N T. Prints the checksum
   and the time of the steps. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void sor_sweep(int n, double a[n][n]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      a[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] +
                       a[i][j + 1]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 3000, T = argc > 2 ? atoi(argv[2]) : 20;
  double(*a)[n] = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = (i == 0 || j == 0) ? 1.0 : ((i * 7 + j) % 10) * 0.01;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int t = 0; t < T; t++)
    sor_sweep(n, a);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += a[i][j] * (1 + (i + j) % 3);
  printf("checksum %a\ntime %.6f\n", s,
         (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
  free(a);
  return 0;
}
