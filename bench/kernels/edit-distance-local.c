/* Edit distance as a function that owns its table: it allocates D[N+1][M+1],
 * fills it and returns the last cell, the one value its caller needs. hetile
 * sees that nothing after the nest reads any other element of D
 * (Frontend/ReadAfter.h), so the mpi backends' final exchange moves that
 * one value instead of the whole table (compare edit-distance.c, whose
 * caller owns D).
 *
 *   edit-distance-local N M   two random strings over "acgt" of lengths N and M */
#include "bench-kernel.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))

static int distance(int N, int M, const char *restrict a,
                    const char *restrict b) {
  int (*D)[M + 1] = malloc(sizeof(int) * (size_t)(N + 1) * (size_t)(M + 1));
  if (!D) {
    fprintf(stderr, "edit-distance-local: out of memory\n");
    exit(1);
  }
  for (int i = 0; i <= N; i++)
    D[i][0] = i;
  for (int j = 0; j <= M; j++)
    D[0][j] = j;
#pragma hetile
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++)
      D[i][j] = MIN(MIN(D[i - 1][j] + 1, D[i][j - 1] + 1),
                    D[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
  int d = D[N][M];
  free(D);
  return d;
}

int main(int argc, char **argv) {
  int N = bench_arg(argc, argv, 1, 2000, 0), M = bench_arg(argc, argv, 2, N, 0);
  char *a = bench_alloc((size_t)N + 1), *b = bench_alloc((size_t)M + 1);
  for (int i = 0; i < N; i++)
    a[i] = "acgt"[(int)(bench_init(i, 0, 0) * 4)];
  for (int j = 0; j < M; j++)
    b[j] = "acgt"[(int)(bench_init(j, 1, 0) * 4)];
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  int d = distance(N, M, a, b);
  double t1 = bench_now(), c1 = bench_cpu();
  bench_report(rank, bench_hash(BENCH_HASH_INIT, &d, sizeof d), t1 - t0, c1 - c0);
  free(a);
  free(b);
  return 0;
}
