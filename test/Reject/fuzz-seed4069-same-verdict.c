// test/Fuzz seed 4069 (python3 test/Fuzz/gen_nests.py 4069), not reduced:
// one array written by six statements of an imperfect 4-deep nest. Every
// backend runs the same analysis and gives the nest the same verdict, no
// legal band: the mpi backends used to compute the element-tagged flow
// (what their messages need, for arrays one statement writes twice) with
// the dependences of every nest, and on this one that third dataflow
// analysis ran out of the dependences stage's isl operations (too-complex
// on mpi, non-permutable on seq). It is now computed by the communication
// stage, for a band that tiles.
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -std=c99 2>&1 | FileCheck %s
// RUN: %hetile rewrite --backend=seq %s -o %t.seq.c -- -std=c99 2>&1 | FileCheck %s

// CHECK-NOT: too-complex
// CHECK: fuzz-seed4069-same-verdict.c:[[@LINE+9]]:3: remark: nest not tiled: no legal transformation gives a fully permutable band of two or more loops (output dependence S0 -> S1 on 'A' has distance (1, -1, -1)) [hetile-reject-non-permutable]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, int A[restrict 72])
{
  int i = 0, j = 0, k = 0, l = 0;
#pragma hetile
  for (i = 0; i < 4 + 1; i++) {
    for (j = i; j <= N - 1; j += 1) {
      for (k = N - 1; k >= j; k--) {
        A[j + 26] = (2 * (int)A[i - k + 27] + 6) & 1023;
        A[i + j + 26] = (5 * (int)A[i + j + 26] + 6) & 1023;
        for (l = k; l <= (N - 1 < i + 2 ? N - 1 : i + 2); l++) {
          double t2 = A[i + l + 27] * 0.5;
          if (l >= i + 2)
            A[i + 27] = (5 * (int)A[i + 27] + 7 * (int)t2 + 2) & 1023;
          A[j + 25] = (3 * (int)A[j + 25 - 2] + 4 * (int)A[j + 25 - 1] + 3 * (int)A[j + 25] + 9) & 1023;
          A[i + 23] = (6 * (int)A[i + 23 - 2] + 1 * (int)A[l - i + 22] + 3 * (int)t2 + 3) & 1023;
        }
        for (l = i; l < (N - 1 < j + 1 ? N - 1 : j + 1) + 1; l += 1) {
          A[k - j + 27] = (5 * (int)A[k + 22] + 9) & 1023;
        }
      }
    }
  }
  printf("iters %d %d %d %d\n", i, j, k, l);
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
  int runs = argc > 1 ? (argc - 1) / 1 : 1;
  for (int run = 0; run < runs; run++) {
    char **arg = argv + 1 + run * 1;
    int N = argc > 1 ? atoi(arg[0]) : 10;
    if (N < 0) N = 0;
    if (N > 12) N = 12;
    printf("run %d\n", run);
    int *A = malloc(sizeof(int) * 72);
    for (int q = 0; q < 72; q++) A[q] = (int)((q * 53 + 65) % 1009);
    kern(N, A);
    dump("A", A, 72, sizeof(int));
    printf("A[mid]=%d\n", A[60]);
    free(A);
  }
  return 0;
}
