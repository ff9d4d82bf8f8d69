// Differential execution: edit distance (Levenshtein) on int arrays, C89
// iterators declared in the function (their final values are printed);
// vectors (1,0), (0,1), (1,1). Sizes in (N, M) pairs: empty, one side empty,
// tiny, and one around 30.
// RUN: %differential %s --work %t
//@ args 0 0 0 4 4 0 1 1 2 3 3 2 31 26
#include "exec-common.h"
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static int last_i = -7, last_j = -7;

void edit_distance(int N, int M, int D[restrict N + 1][M + 1],
                   const char *restrict a, const char *restrict b) {
  int i = -1, j = -2;
#pragma hetile
  for (i = 1; i <= N; i++)
    for (j = 1; j <= M; j++)
      D[i][j] = MIN(MIN(D[i - 1][j] + 1, D[i][j - 1] + 1),
                    D[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
  last_i = i;
  last_j = j;
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
  printf("N=%d M=%d dist=%d i=%d j=%d ", N, M, D[(N + 1) * (M + 1) - 1],
         last_i, last_j);
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
