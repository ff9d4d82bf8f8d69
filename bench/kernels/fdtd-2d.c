/* PolyBench fdtd-2d: four statements per time step (a 1D boundary update and
 * three 2D updates of different extents). The whole time-stepped nest is
 * tiled (fused, shifted and skewed by hetile).
 *
 *   fdtd-2d N T     three N x N arrays, T steps */
#include "bench-kernel.h"

static void kernel(int TMAX, int NX, int NY, double ex[restrict NX][NY],
                   double ey[restrict NX][NY], double hz[restrict NX][NY],
                   double fict[restrict TMAX]) {
#pragma hetile
  for (int t = 0; t < TMAX; t++) {
    for (int j = 0; j < NY; j++)
      ey[0][j] = fict[t];
    for (int i = 1; i < NX; i++)
      for (int j = 0; j < NY; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < NX; i++)
      for (int j = 1; j < NY; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < NX - 1; i++)
      for (int j = 0; j < NY - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

int main(int argc, char **argv) {
  int N = bench_arg(argc, argv, 1, 1000, 1), T = bench_arg(argc, argv, 2, 10, 0);
  size_t bytes = sizeof(double) * (size_t)N * (size_t)N;
  double (*ex)[N] = bench_alloc(bytes), (*ey)[N] = bench_alloc(bytes),
         (*hz)[N] = bench_alloc(bytes);
  double *fict = bench_alloc(sizeof(double) * (size_t)(T + 1));
  for (int t = 0; t < T; t++)
    fict[t] = (double)t;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) { /* PolyBench's init_array */
      ex[i][j] = ((double)i * (j + 1)) / N;
      ey[i][j] = ((double)i * (j + 2)) / N;
      hz[i][j] = ((double)i * (j + 3)) / N;
    }
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel(T, N, N, ex, ey, hz, fict);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = bench_hash(BENCH_HASH_INIT, ex, bytes);
  h = bench_hash(h, ey, bytes);
  bench_report(rank, bench_hash(h, hz, bytes),
               t1 - t0, c1 - c0);
  free(ex);
  free(ey);
  free(hz);
  free(fict);
  return 0;
}
