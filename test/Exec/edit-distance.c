// Differential execution: edit distance (int arrays), iterators declared in
// the loop headers (no final values), two parameters.
// RUN: python3 %p/Inputs/exec-driver.py %s --work %t.dir --cc %gcc --cc %clang --cflags="%rt_cflags" --libs="%rt_libs"
//
//@ params N M
//@ loop i int 1 header
//@ loop j int 1 header
//@ stmt i,j [N, M] -> { S0[i, j] : 1 <= i <= N and 1 <= j <= M }
//@ text D[i][j] = min2(min2(D[i-1][j] + 1, D[i][j-1] + 1),
//@ text                D[i-1][j-1] + (S[i-1] != T[j-1]));
//@ band 2 [N, M] -> { S0[i, j] -> [i, j] }
#include "exec-common.h"
#include "hetile_rt.h"

static inline int min2(int a, int b) { return a < b ? a : b; }

static void kernel(int N, int M, const char *S, const char *T,
                   int D[N + 1][M + 1]) {
  /* hetile-nest-begin */
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++)
      D[i][j] = min2(min2(D[i-1][j] + 1, D[i][j-1] + 1),
                     D[i-1][j-1] + (S[i-1] != T[j-1]));
  /* hetile-nest-end */
}

int main(void) {
  static const int Sizes[][2] = {{0, 0}, {0, 5}, {5, 0}, {1, 1}, {7, 3},
                                 {40, 57}, {130, 99}};
  unsigned s;
  for (s = 0; s < sizeof(Sizes) / sizeof(Sizes[0]); s++) {
    int N = Sizes[s][0], M = Sizes[s][1], i, j;
    char *S = malloc((size_t)N + 1), *T = malloc((size_t)M + 1);
    int *D = malloc(sizeof(int) * (size_t)((N + 1) * (M + 1)));
    for (i = 0; i < N; i++)
      S[i] = "acgt"[(int)(hetile_exec_init(i, 0, 0) * 4)];
    for (j = 0; j < M; j++)
      T[j] = "acgt"[(int)(hetile_exec_init(j, 1, 0) * 4)];
    for (i = 0; i <= N; i++)
      for (j = 0; j <= M; j++)
        D[i * (M + 1) + j] = i == 0 ? j : j == 0 ? i : -1;
    kernel(N, M, S, T, (int (*)[M + 1])D);
    printf("N=%d M=%d dist=%d ", N, M, D[(N + 1) * (M + 1) - 1]);
    hetile_exec_dump_int("D", D, (size_t)((N + 1) * (M + 1)));
    free(S);
    free(T);
    free(D);
  }
  return 0;
}
