// hetile rewrite of nests whose iterators are declared before them (C89
// style): each nest is tiled, and after it every iterator holds what the
// original loops leave in it. The program prints the final value of every
// iterator and a hash of the arrays for several sizes (N = 0, 1, 2 leave
// some loops without a single iteration, or never reach their headers), and
// the tiled build must print bitwise the same for several tile sizes.
// RUN: %hetile rewrite %s -o %t.c -- -std=c99
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
// RUN: not grep -n '^ *#pragma hetile' %t.c
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig
// RUN: %clang -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig.clang
// RUN: %gcc -std=c99 -O2 -Wall -Werror %rt_cflags %t.c -o %t.gcc %rt_libs
// RUN: %clang -std=c99 -O2 -Wall -Werror %rt_cflags %t.c -o %t.clang %rt_libs
// RUN: %t.orig 0 1 2 3 4 5 8 13 31 > %t.expected
// RUN: %t.orig.clang 0 1 2 3 4 5 8 13 31 | diff %t.expected -
// RUN: env HETILE_TILE_SIZES=1 %t.gcc 0 1 2 3 4 5 8 13 31 | diff %t.expected -
// RUN: env HETILE_TILE_SIZES=2,3 %t.gcc 0 1 2 3 4 5 8 13 31 | diff %t.expected -
// RUN: env HETILE_TILE_SIZES=7 %t.clang 0 1 2 3 4 5 8 13 31 | diff %t.expected -
// RUN: env HETILE_TILE_SIZES=64 %t.clang 0 1 2 3 4 5 8 13 31 | diff %t.expected -
// RUN: env HETILE_TILE_SIZES=3,1,2 %t.gcc 0 1 2 3 4 5 8 13 31 | diff %t.expected -
// RUN: %t.clang 0 1 2 3 4 5 8 13 31 | diff %t.expected -
// RUN: %hetile rewrite %s --tile-sizes=4,3,5 -o %t.const.c -- -std=c99
// RUN: %gcc -std=c99 -O2 -Wall -Werror %rt_cflags %t.const.c -o %t.const %rt_libs
// RUN: %t.const 0 1 2 3 4 5 8 13 31 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 40
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

static double A[MAXN + 4][MAXN + 4], B[MAXN + 4][MAXN + 4];
static double C[MAXN + 4][MAXN + 4][MAXN + 4];

// Gauss-Seidel sweeps inside a time loop that is not part of the nest.
static void sweeps(int N, int T) {
  int t = -1, i = -2, j = -3;
  for (t = 0; t < T; t++) {
#pragma hetile
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);
  }
  printf(" sweeps t=%d i=%d j=%d", t, i, j);
}

// Triangular: at the last i the inner loop does not run, j keeps its start.
static void triangle(int N) {
  int i = -4, j = -5;
#pragma hetile
  for (i = 0; i < N; i++)
    for (j = i + 1; j < N; j++)
      B[i][j] = 0.5 * B[i][j] + 0.25 * B[i][j - 1] + 0.125 * B[i + 1][j];
  printf(" triangle i=%d j=%d", i, j);
}

// An affine guard around the inner loop: its header runs only at some i,
// never at the last one when K < N - 1. The stride 2 makes the tile bounds
// contain `2 * (e % 2)` (HETILE_TILE_SIZES=1, N = 13, K = 7).
static void guarded(int N, int K) {
  int i = -6, j = -7;
#pragma hetile
  for (i = 0; i < N; i++) {
    if (i <= K && 2 * i != K + 1)
      for (j = i; j <= N; j += 2)
        A[i + 1][j] = A[i + 1][j] * 0.75 + A[i][j] + 1.0;
  }
  printf(" guarded i=%d j=%d", i, j);
}

// Counting down, by 1 and by 2, with min/max bounds.
static void downward(int N) {
  int i = -8, j = -9;
#pragma hetile
  for (i = N - 1; i >= 0; i--)
    for (j = MIN(N, 2 * i + 1); j >= MAX(1, i - 3); j -= 2)
      B[i][j] = 0.5 * (B[i + 1][j] + B[i][j + 2]) + 0.125 * B[i][j];
  printf(" downward i=%d j=%d", i, j);
}

// Zero iterations for small N (the outer loop needs N >= 3, the middle one
// N >= 4), a `!=` loop, and two loops sharing an iterator one after the
// other (the second one's start may lie past its bound).
static void small(int N) {
  int i = -10, j = -11, k = -12;
#pragma hetile
  for (i = 2; i < N; i++)
    for (j = 3; j != N; j++) {
      for (k = 0; k < j - 2; k++)
        C[i][j][k] = C[i - 1][j][k] + C[i][j - 1][k] * 0.5 + C[i][j][k];
      for (k = MAX(0, i - j); k < 2; k++)
        C[i][j][k + 2] += 1.0 + k;
    }
  printf(" small i=%d j=%d k=%d", i, j, k);
}

// C89 iterators declared in the body for the loops that follow only: dead
// after them, nothing restores them; the tiled code declares its own
// counters and keeps the declaration in the original nest only.
static void body(int N) {
  int i = -13;
#pragma hetile
  for (i = 1; i < N; i++) {
    int j, k;
    for (j = 1; j < N; j++)
      for (k = 0; k < 2; k++)
        C[i][j][k] = C[i - 1][j][k] + C[i][j - 1][k] * 0.5;
  }
  printf(" body i=%d", i);
}

static unsigned long hashBytes(unsigned long H, const void *P, size_t N) {
  const unsigned char *Bytes = P;
  size_t I;
  for (I = 0; I < N; I++)
    H = (H ^ Bytes[I]) * 1099511628211ul;
  return H;
}

static void init(void) {
  int i, j, k;
  for (i = 0; i < MAXN + 4; i++)
    for (j = 0; j < MAXN + 4; j++) {
      A[i][j] = (i * 7 + j * 3) % 11 / 11.0;
      B[i][j] = (i * 5 + j * 9) % 13 / 7.0;
      for (k = 0; k < MAXN + 4; k++)
        C[i][j][k] = (i + 2 * j + 3 * k) % 5 / 3.0;
    }
}

int main(int argc, char **argv) {
  int a;
  for (a = 1; a < argc; a++) {
    int N = atoi(argv[a]);
    if (N < 0 || N > MAXN)
      return 2;
    init();
    printf("N=%d", N);
    sweeps(N, 3);
    sweeps(N, 0);
    triangle(N);
    guarded(N, N / 2);
    guarded(N, N + 5);
    downward(N);
    small(N);
    body(N);
    unsigned long H = 1469598103934665603ul;
    H = hashBytes(H, A, sizeof A);
    H = hashBytes(H, B, sizeof B);
    H = hashBytes(H, C, sizeof C);
    printf(" hash=%016lx\n", H);
  }
  return 0;
}

// Every nest is tiled (none refused with codegen-failed).
// CODE: #include "hetile_rt.h"
// CODE-LABEL: static void sweeps(
// CODE: /* hetile: tile loops */
// CODE-LABEL: static void triangle(
// CODE: /* hetile: tile loops */
// CODE-LABEL: static void guarded(
// CODE: /* hetile: tile loops */
// CODE-LABEL: static void downward(
// CODE: /* hetile: tile loops */
// CODE-LABEL: static void small(
// CODE: /* hetile: tile loops */
// CODE-LABEL: static void body(
// CODE: /* hetile: tile loops */
// CODE-NOT: int j, k;
// CODE: } else {
// CODE: int j, k;
// CODE-NOT: (void)j
// CODE: (void)i;
// CODE-LABEL: static unsigned long hashBytes(
