// Differential execution: test/Fuzz seed 18010 (python3 test/Fuzz/gen_nests.py
// 18010), not reduced. Below a sequential outer loop i, the second group of
// statements (S2) runs no iteration: its guard j >= i + 2 contradicts its
// loop j = i. The first group (S0, S1) is an inner band of depth 2; the empty
// group has nothing to tile and no code, and the nest's iterators still end
// with the values the original prints. Tiling it once failed with
// codegen-failed ("no permutable band to tile").
// RUN: %differential %s --work %t
//@ args 4 | 1 | 7
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, double A[restrict 72][72])
{
  int i = 0, j = 0, k = 0, l = 0;
#pragma hetile
  for (i = 1; i < N - 1 + 1; i++) {
    for (j = (N - 1 < i + 0 ? N - 1 : i + 0); j >= i; j--) {
      for (k = (j - 2 > 0 ? j - 2 : 0); k <= N - 1; k++) {
        for (l = (i - 2 > 0 ? i - 2 : 0); l < j + 1; l = l + 2) {
          A[j - k + 25][i + 27] = 0.25 * A[j - k + 25][i + 27 - 2] + 0.25 * A[j - k + 25][i + 27] + 0.25 * A[i + 26][21] + 0.5;
          A[l + k + 21][k + 24] = 0.125 * A[l + k + 21 - 1][k + 24 - 2] + 0.125 * A[l + k + 21][k + 24 - 1] + (double)i;
          if (j <= k + 2)
            A[i + 26][l + 21] = 0.25 * A[i + 26][l + 21 - 1] + 0.125 * A[i + 26][l + 21] + 1.0;
        }
      }
    }
    for (j = i; j < i + 1; j++) {
      for (k = 2; k < 7 + 1; k++) {
        for (l = i; l < (N - 1 < i + 2 ? N - 1 : i + 2) + 1; l += 1) {
          if (j >= i + 2)
            A[l + k + 21][j + 21] = 0.25 * A[l + 22][j - i + 27] + 0.25 * A[l + k + 21][j + 21] + 1.0;
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
    int N = argc > 1 ? atoi(arg[0]) : 4;
    if (N < 0) N = 0;
    if (N > 12) N = 12;
    printf("run %d\n", run);
    double *A = malloc(sizeof(double) * 5184);
    for (int q = 0; q < 5184; q++) A[q] = (double)((q * 37 + 65) % 101) / 8.0;
    kern(N, (double (*)[72])A);
    dump("A", A, 5184, sizeof(double));
    printf("A[mid]=%a\n", A[2616]);
    free(A);
  }
  return 0;
}
