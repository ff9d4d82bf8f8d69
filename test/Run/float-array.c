// Differential execution: a nest over a float array (single-precision
// constants and arithmetic): a 5-point Gauss-Seidel smoother in place,
// iterated in t inside the nest (skewed to a band of depth 3). Sizes in
// (T, N) pairs: no steps, empty interiors, tiny, one around 30.
// RUN: %differential %s --work %t
//@ args 0 5 2 0 2 2 1 3 3 4 4 31
#include "exec-common.h"

void smooth(int T, int N, float A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2f * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}

static void dump_float(const char *name, const float *a, size_t n) {
  printf("%s: n=%zu hash=%016llx", name, n, hetile_exec_hash(a, n * sizeof(float)));
  if (n > 0)
    printf(" first=%a last=%a", (double)a[0], (double)a[n - 1]);
  printf("\n");
}

static void run(int T, int N) {
  size_t n = (size_t)N * (size_t)N;
  float *A = malloc(sizeof(float) * (n + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i * N + j] = (float)hetile_exec_init(i, j, 0);
  smooth(T, N, (float (*)[N])A);
  printf("T=%d N=%d\n", T, N);
  dump_float("A", A, n);
  free(A);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 1 < argc; a += 2)
    run(atoi(argv[a]), atoi(argv[a + 1]));
  return 0;
}
