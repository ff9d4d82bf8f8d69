/* Application-style data: a grid of cells, each a struct of a density and
   a velocity (struct cell { double rho; double u[3]; }), relaxed for T time
   steps, the density from the neighbours' velocities and each velocity
   from the density (docs/struct-arrays.md). Usage: cells N T. Prints the
   checksum and the time of the nest. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct cell {
  double rho;
  double u[3];
};

static void relax(int T, int n, int m, struct cell c[n][m]) {
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++) {
        c[i][j].rho = 0.25 * (c[i - 1][j].rho + c[i + 1][j].rho +
                              c[i][j - 1].u[1] + c[i][j + 1].u[2]);
        for (int k = 0; k < 3; k++)
          c[i][j].u[k] = 0.5 * c[i][j].u[k] + 0.125 * c[i][j].rho;
      }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1500, T = argc > 2 ? atoi(argv[2]) : 40;
  struct cell(*c)[n] = malloc(sizeof(struct cell) * (size_t)n * (size_t)n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      c[i][j].rho = (i + j) % 4;
      for (int k = 0; k < 3; k++)
        c[i][j].u[k] = (i * k + j) % 3 * 0.5;
    }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  relax(T, n, n, c);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += c[i][j].rho * (1 + (i + j) % 3) + c[i][j].u[0] - c[i][j].u[2];
  printf("checksum %a\ntime %.6f\n", s,
         (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
  free(c);
  return 0;
}
