// Two loops of a nest share a C89 iterator. After the nest it holds the
// value of the loop whose header ran last, which need not be the later loop
// in the text (unordered, K < N - 1): the tiled code assigns each loop's
// final value where that loop's header runs after the other's. Both nests
// are tiled and leave the values the original leaves.
// RUN: %hetile rewrite %s -o %t.c -- -std=c99 2> %t.err
// RUN: not grep remark: %t.err
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas %rt_cflags %t.c -o %t.tiled %rt_libs
// RUN: %t.orig > %t.expected
// RUN: env HETILE_TILE_SIZES=1 %t.tiled | diff %t.expected -
// RUN: env HETILE_TILE_SIZES=2,3 %t.tiled | diff %t.expected -
// RUN: env HETILE_TILE_SIZES=64 %t.tiled | diff %t.expected -
#include <stdio.h>

#define MAXN 20

static double A[MAXN][MAXN], B[MAXN][MAXN];

// The second j loop runs at i >= K: when it runs at all, it runs last.
static int ordered(int N, int K) {
  int i = -1, j = -2;
#pragma hetile
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      A[i][j] = A[i][j] * 0.5 + 1;
    if (i >= K)
      for (j = i; j <= N; j++)
        B[i][j] = A[i][j] + B[i][j];
  }
  return 1000 * i + j;
}

// The second j loop runs at i <= K: for K < N - 1 the first one ends last.
static int unordered(int N, int K) {
  int i = -1, j = -2;
#pragma hetile
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      A[i][j] = A[i][j] * 0.5 + 1;
    if (i <= K)
      for (j = i; j <= N; j++)
        B[i][j] = A[i][j] + B[i][j];
  }
  return 1000 * i + j;
}

int main(void) {
  int N, K, i, j;
  for (N = 0; N <= 7; N++)
    for (K = -1; K <= N + 1; K++) {
      for (i = 0; i < MAXN; i++)
        for (j = 0; j < MAXN; j++)
          A[i][j] = B[i][j] = (i * 3 + j) % 5;
      printf("N=%d K=%d ordered i,j=%d", N, K, ordered(N, K));
      printf(" unordered i,j=%d", unordered(N, K));
      double Sum = 0;
      for (i = 0; i < MAXN; i++)
        for (j = 0; j < MAXN; j++)
          Sum += A[i][j] * (i + 1) + B[i][j] * (j + 2);
      printf(" sum=%.17g\n", Sum);
    }
  return 0;
}

// CODE-LABEL: static int ordered(
// CODE: /* hetile: tile loops */
// CODE-LABEL: static int unordered(
// CODE: /* hetile: tile loops */
// The first loop's value where its header runs last (K < N - 1), the
// second's elsewhere, on disjoint conditions.
// CODE: if ((long)N >= 1 && {{.*}}K{{.*}})
// CODE-NEXT: j = (long)N;
// CODE: if ((long)N >= 1 && {{.*}}K{{.*}})
// CODE-NEXT: j = (long)N + 1;
