/* floyd-warshall (PolyBench, medley): all-pairs shortest paths of a dense
 * graph in int arithmetic, as PolyBench 4.2 (paths of 999 stand for "far").
 *
 *   floyd-warshall N   path is N x N */
#include "../bench-kernel.h"

static void kernel_floyd_warshall(int n, int path[n][n]) {
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1400, 1);
  size_t bytes = sizeof(int) * (size_t)n * (size_t)n;
  int (*path)[n] = bench_alloc(bytes);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      path[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        path[i][j] = 999;
    }
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_floyd_warshall(n, path);
  double t1 = bench_now(), c1 = bench_cpu();
  bench_report(rank, bench_hash(BENCH_HASH_INIT, path, bytes), t1 - t0,
               c1 - c0);
  free(path);
  return 0;
}
