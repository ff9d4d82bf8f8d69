// Differential execution: longest common subsequence on int arrays, a
// data-dependent ?: inside the statement; C89 iterators whose final values
// are printed. Sizes in (N, M) pairs: empty, one side empty, tiny, one
// around 30.
// RUN: %differential %s --work %t
//@ args 0 0 0 3 3 0 1 1 2 3 3 2 34 27
#include "exec-common.h"

static int last_i, last_j;

void lcs(int N, int M, int L[restrict N + 1][M + 1], const char *restrict x,
         const char *restrict y) {
  int i = -1, j = -2;
#pragma hetile
  for (i = 1; i <= N; i++)
    for (j = 1; j <= M; j++)
      L[i][j] = x[i - 1] == y[j - 1] ? L[i - 1][j - 1] + 1
                : (L[i - 1][j] > L[i][j - 1] ? L[i - 1][j] : L[i][j - 1]);
  last_i = i;
  last_j = j;
}

static void run(int N, int M) {
  char *x = malloc((size_t)N + 1), *y = malloc((size_t)M + 1);
  int *L = malloc(sizeof(int) * (size_t)((N + 1) * (M + 1)));
  int i, j;
  for (i = 0; i < N; i++)
    x[i] = "abc"[(int)(hetile_exec_init(i, 0, 0) * 3)];
  for (j = 0; j < M; j++)
    y[j] = "abc"[(int)(hetile_exec_init(j, 1, 0) * 3)];
  for (i = 0; i <= N; i++)
    for (j = 0; j <= M; j++)
      L[i * (M + 1) + j] = i == 0 || j == 0 ? 0 : -1;
  lcs(N, M, (int (*)[M + 1])L, x, y);
  printf("N=%d M=%d lcs=%d i=%d j=%d ", N, M, L[(N + 1) * (M + 1) - 1],
         last_i, last_j);
  hetile_exec_dump_int("L", L, (size_t)((N + 1) * (M + 1)));
  free(x);
  free(y);
  free(L);
}

int main(int argc, char **argv) {
  int k;
  for (k = 1; k + 1 < argc; k += 2)
    run(atoi(argv[k]), atoi(argv[k + 1]));
  return 0;
}
