/* fdtd-2d (PolyBench, stencils): 2-D finite-difference time-domain
 * electromagnetics, each step updating ey (its first row from the source
 * _fict_[t]), ex, then hz.
 *
 *   fdtd-2d NX NY T   ex, ey and hz are NX x NY, _fict_ has T elements */
#include "../bench-kernel.h"

static void kernel_fdtd_2d(int tmax, int nx, int ny, double ex[nx][ny],
                           double ey[nx][ny], double hz[nx][ny],
                           double _fict_[tmax]) {
  for (int t = 0; t < tmax; t++) {
    for (int j = 0; j < ny; j++)
      ey[0][j] = _fict_[t];
    for (int i = 1; i < nx; i++)
      for (int j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < nx; i++)
      for (int j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < nx - 1; i++)
      for (int j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j]
                                     + ey[i + 1][j] - ey[i][j]);
  }
}

int main(int argc, char **argv) {
  int nx = bench_arg(argc, argv, 1, 1000, 2);
  int ny = bench_arg(argc, argv, 2, 1200, 2);
  int tmax = bench_arg(argc, argv, 3, 500, 1);
  size_t bytes = sizeof(double) * (size_t)nx * (size_t)ny;
  size_t s_fict = sizeof(double) * (size_t)tmax;
  double (*ex)[ny] = bench_alloc(bytes), (*ey)[ny] = bench_alloc(bytes);
  double (*hz)[ny] = bench_alloc(bytes), *_fict_ = bench_alloc(s_fict);
  for (int t = 0; t < tmax; t++)
    _fict_[t] = (double)t;
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      ex[i][j] = ((double)i * (j + 1)) / nx;
      ey[i][j] = ((double)i * (j + 2)) / ny;
      hz[i][j] = ((double)i * (j + 3)) / nx;
    }
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz, _fict_);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = BENCH_HASH_INIT;
  h = bench_hash(h, ex, bytes);
  h = bench_hash(h, ey, bytes);
  h = bench_hash(h, hz, bytes);
  h = bench_hash(h, _fict_, s_fict);
  bench_report(rank, h, t1 - t0, c1 - c0);
  free(ex);
  free(ey);
  free(hz);
  free(_fict_);
  return 0;
}
