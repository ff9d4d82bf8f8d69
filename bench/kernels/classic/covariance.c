/* covariance (PolyBench, datamining): the column means of data, data
 * centred on them, then the upper triangle of the covariance matrix
 * (mirrored into the lower one).
 *
 *   covariance M N   data is N x M (N samples of M variables), cov is
 *                    M x M, mean has M elements */
#include "../bench-kernel.h"

static void kernel_covariance(int m, int n, double float_n, double data[n][m],
                              double cov[m][m], double mean[m]) {
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i][j] -= mean[j];
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      cov[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0);
      cov[j][i] = cov[i][j];
    }
}

int main(int argc, char **argv) {
  int m = bench_arg(argc, argv, 1, 1200, 1);
  int n = bench_arg(argc, argv, 2, 1400, 2);
  double float_n = (double)n;
  size_t s_data = sizeof(double) * (size_t)n * (size_t)m;
  size_t s_cov = sizeof(double) * (size_t)m * (size_t)m;
  size_t s_mean = sizeof(double) * (size_t)m;
  double (*data)[m] = bench_alloc(s_data), (*cov)[m] = bench_alloc(s_cov);
  double *mean = bench_alloc(s_mean);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i][j] = ((double)i * j) / m;
  for (int i = 0; i < m; i++) {
    mean[i] = 0.0;
    for (int j = 0; j < m; j++)
      cov[i][j] = 0.0;
  }
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_covariance(m, n, float_n, data, cov, mean);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = BENCH_HASH_INIT;
  h = bench_hash(h, data, s_data);
  h = bench_hash(h, cov, s_cov);
  h = bench_hash(h, mean, s_mean);
  bench_report(rank, h, t1 - t0, c1 - c0);
  free(data);
  free(cov);
  free(mean);
  return 0;
}
