// The sequential outer loop of an inner-bands nest whose bounds call
// hetile_max: hetile_rt.h, which declares it, is included before the loop,
// so every backend's output compiles (a program of test/Fuzz/gen_nests.py).
// The rewritten program compiles with -Werror and prints what the original
// prints.
// RUN: %hetile rewrite %s -o %t.c -- -std=c99 2>&1 | FileCheck %s --allow-empty --check-prefix=NOREMARK
// RUN: %strip-directives %t.c | FileCheck %s
// RUN: %gcc -std=c99 -O1 -Wall -Werror %rt_cflags %t.c -o %t %rt_libs
// RUN: %gcc -std=c99 -O1 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig
// RUN: %t 6 > %t.out && %t.orig 6 > %t.want && diff %t.want %t.out
// RUN: %t 10 > %t.out && %t.orig 10 > %t.want && diff %t.want %t.out
// NOREMARK-NOT: remark
// CHECK: {{^}}#include "hetile_rt.h"
// CHECK: /* hetile: sequential outer loop (i); 1 tiled band inside */
// CHECK-NEXT: for (long hetile_o0 = hetile_max(
// CHECK: /* hetile: tile loops */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, double A[restrict 72][72], int B[restrict 72][72], double C[restrict 72][72])
{
#pragma hetile
  for (int i = N - 1; i >= 1; i--) {
    for (int j = (i - 2 > 0 ? i - 2 : 0); j < N - 1 + 1; j += 2) {
      for (int k = j; k < 3 + 1; k = k + 2) {
        A[k + 26][k + 23] = 0.25 * C[k + 26 - 2][k + 23 - 1] + 0.25 * A[k - j + 22][j + i + 25] + 0.25 * C[k + 26 - 2][k + 23] + (double)k;
        if (i >= j + 2)
          C[k + 27][26] = 0.25 * C[i + 22][j + 27] + 0.125 * A[k + 27][26 - 2] + 0.5;
        B[j + 24][22] = (3 * (int)B[j + 24][22 - 2] + 6) & 1023;
      }
    }
  }
}

static void dump(const char *name, const void *p, size_t n, size_t esz)
{
  const unsigned char *b = p;
  unsigned long long h = 1469598103934665603ULL;
  for (size_t q = 0; q < n * esz; q++) h = (h ^ b[q]) * 1099511628211ULL;
  printf("%s hash=%016llx\n", name, h);
}

int main(int argc, char **argv)
{
  int N = argc > 1 ? atoi(argv[1]) : 2;
  if (N < 0) N = 0;
  if (N > 12) N = 12;
  double *A = malloc(sizeof(double) * 5184);
  for (int q = 0; q < 5184; q++) A[q] = (double)((q * 37 + 65) % 101) / 8.0;
  int *B = malloc(sizeof(int) * 5184);
  for (int q = 0; q < 5184; q++) B[q] = (int)((q * 53 + 66) % 1009);
  double *C = malloc(sizeof(double) * 5184);
  for (int q = 0; q < 5184; q++) C[q] = (double)((q * 37 + 67) % 101) / 8.0;
  kern(N, (double (*)[72])A, (int (*)[72])B, (double (*)[72])C);
  dump("A", A, 5184, sizeof(double));
  printf("A[mid]=%a\n", A[2616]);
  free(A);
  dump("B", B, 5184, sizeof(int));
  printf("B[mid]=%d\n", B[2616]);
  free(B);
  dump("C", C, 5184, sizeof(double));
  printf("C[mid]=%a\n", C[2616]);
  free(C);
  return 0;
}
