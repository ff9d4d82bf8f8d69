// hetile rewrite end to end: the tiled file compiles warning-free with gcc
// and clang-19, and prints bitwise the same results as the original for
// several run-time and rewrite-time tile sizes. Code outside the nest is
// byte-identical.
// RUN: %hetile rewrite %s -o %t.tiled.c -- -std=c11
// RUN: %strip-directives %t.tiled.c | FileCheck %s --check-prefix=CODE
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig
// RUN: %gcc -std=c99 -O2 -Wall -Werror %rt_cflags %t.tiled.c -o %t.gcc %rt_libs
// RUN: %clang -std=c11 -O2 -Wall -Werror %rt_cflags %t.tiled.c -o %t.clang %rt_libs
// RUN: %t.orig 37 > %t.expected
// RUN: env HETILE_TILE_SIZES=1 %t.gcc 37 | diff %t.expected -
// RUN: env HETILE_TILE_SIZES=3,7 %t.gcc 37 | diff %t.expected -
// RUN: env HETILE_TILE_SIZES=64 %t.clang 37 | diff %t.expected -
// RUN: %t.clang 37 | diff %t.expected -
// RUN: %t.orig 0 > %t.expected0
// RUN: %t.gcc 0 | diff %t.expected0 -
// RUN: %hetile rewrite %s --tile-sizes=5,2,9 -o %t.const.c -- -std=c11
// RUN: %gcc -std=c99 -O2 -Wall -Werror %rt_cflags %t.const.c -o %t.const %rt_libs
// RUN: %t.const 37 | diff %t.expected -
// RUN: env HETILE_TILE_SIZES=0 not %t.gcc 37 2>&1 | FileCheck %s --check-prefix=BADSIZE
// RUN: sed -n '/^int main/,$p' %s > %t.main.orig
// RUN: sed -n '/^int main/,$p' %t.tiled.c | diff %t.main.orig -
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void matmul(int N, double C[restrict N][N], double A[restrict N][N],
                   double B[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}

int main(int argc, char **argv) {
  int N = 0;
  if (argc > 1 && sscanf(argv[1], "%d", &N) != 1)
    return 2;
  int M = N > 0 ? N : 1;
  double(*A)[M] = calloc((size_t)M * M, sizeof(double));
  double(*B)[M] = calloc((size_t)M * M, sizeof(double));
  double(*C)[M] = calloc((size_t)M * M, sizeof(double));
  if (!A || !B || !C)
    return 3;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i * 3 + j) % 7 / 7.0;
      B[i][j] = (i + 5 * j) % 11 / 3.0;
      C[i][j] = 0.5;
    }
  matmul(N, C, A, B);
  unsigned long h = 1469598103934665603ul;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      unsigned char bytes[sizeof(double)];
      memcpy(bytes, &C[i][j], sizeof bytes);
      for (unsigned b = 0; b < sizeof bytes; b++)
        h = (h ^ bytes[b]) * 1099511628211ul;
    }
  printf("N=%d hash=%016lx\n", N, h);
  free(A);
  free(B);
  free(C);
  return 0;
}

// CODE: #include "hetile_rt.h"
// CODE: /* hetile: the nest below was tiled (#pragma hetile) */
// CODE: /* hetile: tile loops */
// CODE: /* hetile: point loops */
// CODE: C[i][j] += A[i][k] * B[k][j];
// BADSIZE: hetile: error: {{.*}}HETILE_TILE_SIZES
