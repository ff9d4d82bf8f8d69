// test/Fuzz seed 1008 (python3 test/Fuzz/gen_nests.py 1008), not reduced: an
// imperfect 4-deep nest, one array written by five statements. Its
// rewrite once ran over 60 s, then was refused as too complex in the
// dependences stage; its dependences are now computed within the bounds
// (about 7 s of CPU), and the nest is refused for what it is: no band of two
// loops is legal.
// RUN: %hetile analyze %s -- -std=c99 2>&1 | FileCheck %s

// CHECK-NOT: too-complex
// CHECK: fuzz-seed1008-non-permutable.c:[[@LINE+8]]:3: remark: nest not tiled: no legal transformation gives a fully permutable band of two or more loops (flow dependence S1 -> S1 on 'A' has distance (0, 2, -1)) [hetile-reject-non-permutable]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, int M, int A[restrict 72], int B[restrict 72][72])
{
#pragma hetile
  for (int i = 0; i <= 7; i += 1) {
    double t0 = A[i + 24] * 0.5;
    B[i + 22][24] = (4 * (int)B[i + 22][27] + 2 * (int)B[i + 22 - 2][24] + 3 * (int)t0 + 0) & 1023;
    A[24] = (1 * (int)B[i + 24][26] + 5 * (int)A[24] + 2 * (int)t0 + 7) & 1023;
    A[i + 26] = (3 * (int)A[i + 26 - 1] + 6 * (int)t0 + 8) & 1023;
    for (int j = (i - 2 > 0 ? i - 2 : 0); j < (N - 1 < i + 3 ? N - 1 : i + 3) + 1; j = j + 2) {
      for (int k = 0; k < N - 1 + 1; k += 1) {
        double t3 = B[i + 24][i + 21] * 0.5;
        A[k + 26] = (1 * (int)A[27] + 7) & 1023;
        for (int l = 1; l < (N - 1 < i + 2 ? N - 1 : i + 2) + 1; l += 1) {
          A[i - k + 24] = (6 * (int)A[i - k + 24] + 3 * (int)A[k + 25] + 3 * (int)A[i - k + 24 - 1] + 4) & 1023;
        }
        for (int l = N - 1; l >= (i - 2 > 0 ? i - 2 : 0); l--) {
          A[j + 25] = (3 * (int)A[j + 25] + 0) & 1023;
          A[l + 24] = (2 * (int)B[i + j + 22][k + j + 24] + 0) & 1023;
          if (l <= j + 2)
            A[24] = (7 * (int)A[24] + 2) & 1023;
        }
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
  int N = argc > 1 ? atoi(argv[1]) : 11;
  if (N < 0) N = 0;
  if (N > 12) N = 12;
  int M = argc > 2 ? atoi(argv[2]) : 7;
  if (M < 0) M = 0;
  if (M > 12) M = 12;
  int *A = malloc(sizeof(int) * 72);
  for (int q = 0; q < 72; q++) A[q] = (int)((q * 53 + 65) % 1009);
  int *B = malloc(sizeof(int) * 5184);
  for (int q = 0; q < 5184; q++) B[q] = (int)((q * 53 + 66) % 1009);
  kern(N, M, A, (int (*)[72])B);
  dump("A", A, 72, sizeof(int));
  printf("A[mid]=%d\n", A[60]);
  free(A);
  dump("B", B, 5184, sizeof(int));
  printf("B[mid]=%d\n", B[2616]);
  free(B);
  return 0;
}
