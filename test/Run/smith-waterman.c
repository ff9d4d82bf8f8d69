// Differential execution: Smith-Waterman local alignment (linear gap) on int
// arrays, max written with ?: macros, C99 iterators. Sizes in (N, M) pairs:
// empty, one side empty, tiny, one around 30.
// RUN: %differential %s --work %t
//@ args 0 0 0 3 3 0 1 1 2 3 3 2 29 36
#include "exec-common.h"
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void smith_waterman(int N, int M, int H[restrict N + 1][M + 1],
                    const char *restrict a, const char *restrict b) {
#pragma hetile
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++)
      H[i][j] = MAX(0, MAX(H[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 3 : -3),
                           MAX(H[i - 1][j] - 2, H[i][j - 1] - 2)));
}

static void run(int N, int M) {
  char *a = malloc((size_t)N + 1), *b = malloc((size_t)M + 1);
  int *H = malloc(sizeof(int) * (size_t)((N + 1) * (M + 1)));
  for (int i = 0; i < N; i++)
    a[i] = "acgt"[(int)(hetile_exec_init(i, 0, 0) * 4)];
  for (int j = 0; j < M; j++)
    b[j] = "acgt"[(int)(hetile_exec_init(j % 7, 1, 0) * 4)];
  for (int i = 0; i <= N; i++)
    for (int j = 0; j <= M; j++)
      H[i * (M + 1) + j] = i == 0 || j == 0 ? 0 : -1;
  smith_waterman(N, M, (int (*)[M + 1])H, a, b);
  int best = 0;
  for (int k = 0; k < (N + 1) * (M + 1); k++)
    best = MAX(best, H[k]);
  printf("N=%d M=%d best=%d ", N, M, best);
  hetile_exec_dump_int("H", H, (size_t)((N + 1) * (M + 1)));
  free(a);
  free(b);
  free(H);
}

int main(int argc, char **argv) {
  for (int k = 1; k + 1 < argc; k += 2)
    run(atoi(argv[k]), atoi(argv[k + 1]));
  return 0;
}
