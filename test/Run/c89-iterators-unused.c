// Differential execution: edit distance exactly as in test/Analyze: C89
// iterators declared in the function and never read after the nest.
// RUN: %differential %s --work %t
//@ args 0 0 0 4 4 0 1 1 2 3 3 2 31 26
// Regression test (fixed): hetile rewrite assigns the iterators' final values after the tiled
// nest (`i = (long)N <= 0 ? 1 : (long)N + 1; if ((long)N >= 1) j = ...;`)
// while the point loops declare their own `int i`, `int j`: the function's
// `int i, j;` are now set but never used, and gcc and clang-19 -Wall -Werror
// reject the rewritten file (-Werror=unused-but-set-variable) although the
// original compiles cleanly. Minimal reproducer (hetile rewrite, any backend):
//   void f(int N, double A[N][N]) {
//     int i, j;
//   #pragma hetile
//     for (i = 1; i < N; i++)
//       for (j = 1; j < N; j++)
//         A[i][j] = A[i - 1][j] + A[i][j - 1];
//   }
// The exit values should only be stored when the iterators are read after
// the nest (or the variables marked used, e.g. `(void)i;`).
#include "exec-common.h"
#define MIN(a, b) ((a) < (b) ? (a) : (b))

void edit_distance(int N, int M, int D[restrict N + 1][M + 1],
                   const char *restrict a, const char *restrict b) {
  int i, j;
#pragma hetile
  for (i = 1; i <= N; i++)
    for (j = 1; j <= M; j++)
      D[i][j] = MIN(MIN(D[i - 1][j] + 1, D[i][j - 1] + 1),
                    D[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
}

static void run(int N, int M) {
  char *a = malloc((size_t)N + 1), *b = malloc((size_t)M + 1);
  int *D = malloc(sizeof(int) * (size_t)((N + 1) * (M + 1)));
  int i, j;
  for (i = 0; i < N; i++)
    a[i] = "acgt"[(int)(hetile_exec_init(i, 0, 0) * 4)];
  for (j = 0; j < M; j++)
    b[j] = "acgt"[(int)(hetile_exec_init(j, 1, 0) * 4)];
  for (i = 0; i <= N; i++)
    for (j = 0; j <= M; j++)
      D[i * (M + 1) + j] = i == 0 ? j : j == 0 ? i : -1;
  edit_distance(N, M, (int (*)[M + 1])D, a, b);
  printf("N=%d M=%d dist=%d ", N, M, D[(N + 1) * (M + 1) - 1]);
  hetile_exec_dump_int("D", D, (size_t)((N + 1) * (M + 1)));
  free(a);
  free(b);
  free(D);
}

int main(int argc, char **argv) {
  int k;
  for (k = 1; k + 1 < argc; k += 2)
    run(atoi(argv[k]), atoi(argv[k + 1]));
  return 0;
}
