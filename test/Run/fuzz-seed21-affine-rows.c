// Differential execution of a random nest (test/Fuzz/gen_nests.py, seed 21,
// its struct of sizes made parameters) that gave a wrong result on the mpi
// backends: B[(i + 22) * R + (i + 24)] is read in rows of R + 1 elements
// as B[22 + i][2]. The delinearization moved a row into the column,
// B[21 + i][R + 3], "proven" in its rows because the failing constant atom
// (R + 1 - 1 - (R + 3) >= 0) folded the conjunction to false, which has no
// atom to check. Now B[22 + i][2] runs under the row check R >= 2, and
// every backend, rank count and tile size gives the original's output.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- | FileCheck %s
// CHECK: run-time checks: the subscripts of B stay in [0, R + 1); the subscripts of A stay in [0, R)
// CHECK: write B[22 + i, 2]
//@ args 12 2 | 2 2 | 1 6
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sizes { int N; int M; int R; };

static void kern(int N, int M, int R, double *restrict A, double *restrict B)
{
  int i = 0, j = 0, k = 0, l = 0;
#pragma hetile
  for (i = 0; i <= 3; i++) {
    for (j = (i - 2 > 0 ? i - 2 : 0); j <= i; ++j) {
      double v0 = (double)j * 0.25 + 0.5;
      B[(i + 22) * R + (i + 24)] = 0.25 * A[(i + 22 - 1) * R + (i + 24)] + 0.125 * v0 + (double)i;
      for (k = (M - 1 < j + 3 ? M - 1 : j + 3); k >= (j - 2 > 0 ? j - 2 : 0); k -= 2) {
        for (l = i; l <= 7; l += 1) {
          B[(23) * R + (j + 23)] = 0.25 * A[(i + 23) * R + (j + 26)] + 0.125 * v0 + (double)l;
        }
        for (l = N - 1; l >= (i - 2 > 0 ? i - 2 : 0); l--) {
          if (k <= l + 2)
            A[(k + 22) * R + (j + 26)] = 0.25 * A[(k + 22 - 2) * R + (j + 26)] + 0.25 * A[(23) * R + (l - j + 23)] + 0.125 * v0 + (double)j;
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
  int runs = argc > 1 ? (argc - 1) / 2 : 1;
  for (int run = 0; run < runs; run++) {
    char **arg = argv + 1 + run * 2;
    int N = argc > 1 ? atoi(arg[0]) : 1;
    if (N < 0) N = 0;
    if (N > 12) N = 12;
    int M = argc > 1 ? atoi(arg[1]) : 2;
    if (M < 0) M = 0;
    if (M > 12) M = 12;
    printf("run %d\n", run);
    double *A = malloc(sizeof(double) * 5184);
    for (int q = 0; q < 5184; q++) A[q] = (double)((q * 37 + 65) % 101) / 8.0;
    double *B = malloc(sizeof(double) * 5184);
    for (int q = 0; q < 5184; q++) B[q] = (double)((q * 37 + 66) % 101) / 8.0;
    
    kern(N, M, 72, A, B);
    dump("A", A, 5184, sizeof(double));
    printf("A[mid]=%a\n", A[2616]);
    free(A);
    dump("B", B, 5184, sizeof(double));
    printf("B[mid]=%a\n", B[2616]);
    free(B);
  }
  return 0;
}
