// Differential execution: test/Fuzz seed 10852 (python3 test/Fuzz/gen_nests.py
// 10852), not reduced. Two inner bands below a sequential outer loop i
// (i = 2, 4; C89 iterators declared before the nest). Where the first band
// is empty (M <= 0), isl's AST of the outer loop has no `for` for i: one
// block per iteration, each under its own condition. Each such block must
// set i (its bands read B[i + 25] and test i == 4) from the AST's values;
// with `7 0` the blocks ran with the i of before the nest.
// RUN: %differential %s --work %t
//@ args 1 6 | 12 11 | 7 0
//@ gather-root
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, int M, double A[restrict 72][72], double B[restrict 72], double C[restrict 72][72])
{
  int i = 0, j = 0, k = 0, l = 0;
#pragma hetile
  for (i = 2; i < 5 + 1; i = i + 2) {
    for (j = 0; j < M - 1 + 1; j++) {
      for (k = N - 1; k >= (j - 2 > 0 ? j - 2 : 0); k--) {
        for (l = 7; l >= i; l--) {
          B[l + 21] = 0.25 * C[j + 26][l - j + 21] + 1.0;
        }
      }
    }
    for (j = (i - 2 > 0 ? i - 2 : 0); j <= N - 1; j++) {
      for (k = 0; k < 7 + 1; ++k) {
        for (l = 1; l <= (N - 1 < k + 3 ? N - 1 : k + 3); l += 1) {
          A[j - k + 23][k + 22] = 0.25 * A[j - k + 23][k + 22] + 0.125 * B[i + 25] + 0.5;
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
    int N = argc > 1 ? atoi(arg[0]) : 10;
    if (N < 0) N = 0;
    if (N > 12) N = 12;
    int M = argc > 1 ? atoi(arg[1]) : 12;
    if (M < 0) M = 0;
    if (M > 12) M = 12;
    printf("run %d\n", run);
    double *A = malloc(sizeof(double) * 5184);
    for (int q = 0; q < 5184; q++) A[q] = (double)((q * 37 + 65) % 101) / 8.0;
    double *B = malloc(sizeof(double) * 72);
    for (int q = 0; q < 72; q++) B[q] = (double)((q * 37 + 66) % 101) / 8.0;
    double *C = malloc(sizeof(double) * 5184);
    for (int q = 0; q < 5184; q++) C[q] = (double)((q * 37 + 67) % 101) / 8.0;
    kern(N, M, (double (*)[72])A, B, (double (*)[72])C);
    dump("A", A, 5184, sizeof(double));
    printf("A[mid]=%a\n", A[2616]);
    free(A);
    dump("B", B, 72, sizeof(double));
    printf("B[mid]=%a\n", B[60]);
    free(B);
    dump("C", C, 5184, sizeof(double));
    printf("C[mid]=%a\n", C[2616]);
    free(C);
  }
  return 0;
}
