// Differential execution: test/Fuzz seed 10909 (python3 test/Fuzz/gen_nests.py
// 10909), not reduced. Inner bands below a sequential outer loop i declared
// in its `for` (C99), which isl's AST of the outer loops prints with no
// `for` in a branch: the blocks there must declare i themselves (the
// rewrite did not compile: 'i' undeclared).
// RUN: %differential %s --work %t
//@ args 12 | 3 | 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, int A[restrict 72], double B[restrict 72][72])
{
#pragma hetile
  for (int i = 2; i < 6 + 1; i += 2) {
    for (int j = 3; j >= (i - 2 > 0 ? i - 2 : 0); j -= 2) {
      for (int k = j; k >= 1; k--) {
        A[k - j + 26] = (5 * (int)A[i + 23] + 7 * (int)A[j + 25] + 0) & 1023;
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
  int runs = argc > 1 ? (argc - 1) / 1 : 1;
  for (int run = 0; run < runs; run++) {
    char **arg = argv + 1 + run * 1;
    int N = argc > 1 ? atoi(arg[0]) : 10;
    if (N < 0) N = 0;
    if (N > 12) N = 12;
    printf("run %d\n", run);
    int *A = malloc(sizeof(int) * 72);
    for (int q = 0; q < 72; q++) A[q] = (int)((q * 53 + 65) % 1009);
    double *B = malloc(sizeof(double) * 5184);
    for (int q = 0; q < 5184; q++) B[q] = (double)((q * 37 + 66) % 101) / 8.0;
    kern(N, A, (double (*)[72])B);
    dump("A", A, 72, sizeof(int));
    printf("A[mid]=%d\n", A[60]);
    free(A);
    dump("B", B, 5184, sizeof(double));
    printf("B[mid]=%a\n", B[2616]);
    free(B);
  }
  return 0;
}
