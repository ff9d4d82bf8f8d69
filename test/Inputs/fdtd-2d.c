// Differential execution: PolyBench fdtd-2d (four statements per time step,
// 1D boundary and three 2D updates of different extents; fused, shifted and
// skewed to a band of depth 3), C89 iterators whose final values are printed.
// Sizes in (TMAX, NX, NY) triples: no steps, empty grids, tiny, one larger
// (NX >= 1 when TMAX, NY > 0: every step writes row 0 of ey).
// Run by test/Run/fdtd-2d.c and test/Run/strips-stencils.c.
//@ args 0 3 3 2 0 0 2 1 4 2 4 0 1 1 1 2 2 3 3 3 2 4 23 31
#include "exec-common.h"

static int last_t, last_i, last_j;

void fdtd_2d(int TMAX, int NX, int NY, double ex[restrict NX][NY],
             double ey[restrict NX][NY], double hz[restrict NX][NY],
             double fict[restrict TMAX]) {
  int t = -1, i = -2, j = -3;
#pragma hetile
  for (t = 0; t < TMAX; t++) {
    for (j = 0; j < NY; j++)
      ey[0][j] = fict[t];
    for (i = 1; i < NX; i++)
      for (j = 0; j < NY; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < NX; i++)
      for (j = 1; j < NY; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < NX - 1; i++)
      for (j = 0; j < NY - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
  last_t = t;
  last_i = i;
  last_j = j;
}

static void run(int TMAX, int NX, int NY) {
  size_t n = (size_t)NX * (size_t)NY;
  double *ex = malloc(sizeof(double) * (n + 1));
  double *ey = malloc(sizeof(double) * (n + 1));
  double *hz = malloc(sizeof(double) * (n + 1));
  double *fict = malloc(sizeof(double) * (size_t)(TMAX + 1));
  int i, j;
  for (i = 0; i < TMAX; i++)
    fict[i] = hetile_exec_init(i, 0, 3);
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++) {
      ex[i * NY + j] = hetile_exec_init(i, j, 0);
      ey[i * NY + j] = hetile_exec_init(i, j, 1);
      hz[i * NY + j] = hetile_exec_init(i, j, 2);
    }
  fdtd_2d(TMAX, NX, NY, (double (*)[NY])ex, (double (*)[NY])ey,
          (double (*)[NY])hz, fict);
  printf("TMAX=%d NX=%d NY=%d t=%d i=%d j=%d\n", TMAX, NX, NY, last_t, last_i,
         last_j);
  hetile_exec_dump("ex", ex, n);
  hetile_exec_dump("ey", ey, n);
  hetile_exec_dump("hz", hz, n);
  free(ex);
  free(ey);
  free(hz);
  free(fict);
}

int main(int argc, char **argv) {
  int k;
  for (k = 1; k + 2 < argc; k += 3)
    run(atoi(argv[k]), atoi(argv[k + 1]), atoi(argv[k + 2]));
  return 0;
}
