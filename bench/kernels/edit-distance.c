/* Edit distance (Levenshtein) as users write it: one int matrix
 * D[N+1][M+1], dependences (1,0), (0,1), (1,1). Every element is written
 * once, so the final exchange moves as many values as the nest computes.
 *
 *   edit-distance N M   two random strings over "acgt" of lengths N and M */
#include "bench-kernel.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))

static void kernel(int N, int M, int D[restrict N + 1][M + 1],
                   const char *restrict a, const char *restrict b) {
#pragma hetile
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++)
      D[i][j] = MIN(MIN(D[i - 1][j] + 1, D[i][j - 1] + 1),
                    D[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
}

int main(int argc, char **argv) {
  int N = bench_arg(argc, argv, 1, 2000, 0), M = bench_arg(argc, argv, 2, N, 0);
  size_t bytes = sizeof(int) * (size_t)(N + 1) * (size_t)(M + 1);
  char *a = bench_alloc((size_t)N + 1), *b = bench_alloc((size_t)M + 1);
  int (*D)[M + 1] = bench_alloc(bytes);
  for (int i = 0; i < N; i++)
    a[i] = "acgt"[(int)(bench_init(i, 0, 0) * 4)];
  for (int j = 0; j < M; j++)
    b[j] = "acgt"[(int)(bench_init(j, 1, 0) * 4)];
  for (int i = 0; i <= N; i++)
    for (int j = 0; j <= M; j++)
      D[i][j] = i == 0 ? j : j == 0 ? i : -1;
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel(N, M, D, a, b);
  double t1 = bench_now(), c1 = bench_cpu();
  bench_report(rank, bench_hash(BENCH_HASH_INIT, D, bytes), t1 - t0, c1 - c0);
  free(a);
  free(b);
  free(D);
  return 0;
}
