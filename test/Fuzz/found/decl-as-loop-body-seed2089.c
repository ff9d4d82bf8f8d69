/* test/Fuzz seed 2089 (python3 test/Fuzz/gen_nests.py 2089), not reduced:
   the rewritten program does not compile with any backend,
     error: expected expression before 'double'
   The run `double t2 = ...; if (...) A[...] = ...;` becomes two statements
   and the point loops print the declaration alone as the body of a `for`
   without braces (PointLoopPrinter: isSimpleStatement takes a declaration
   for a simple statement).
     hetile rewrite decl-as-loop-body-seed2089.c --backend=seq -o out.c -- -std=c99
     gcc -std=c99 -fsyntax-only -Iruntime/include out.c */
//@ args 1 4 | 12 2 | 11 11
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, int M, double A[restrict 72][72])
{
#pragma hetile
  for (int i = 5; i >= 1; i--) {
    A[i + 26][i + 26] = 0.125 * A[i + 26 - 2][i + 26] + 0.5;
    for (int j = 2; j < M - 1 + 1; j++) {
      A[j + 25][i + 22] = 0.25 * A[j + 25][i + 22 - 1] + 1.0;
    }
    for (int j = 2; j < M - 1 + 1; j++) {
      double t2 = A[i + 21][j + 21] * 0.5;
      if (i <= j + 2)
        A[26][j + 22] = 0.125 * A[26 - 1][j + 22 - 1] + 0.25 * A[26][j + 22] + 0.5;
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
  int N = argc > 1 ? atoi(argv[1]) : 8;
  if (N < 0) N = 0;
  if (N > 12) N = 12;
  int M = argc > 2 ? atoi(argv[2]) : 9;
  if (M < 0) M = 0;
  if (M > 12) M = 12;
  double *A = malloc(sizeof(double) * 5184);
  for (int q = 0; q < 5184; q++) A[q] = (double)((q * 37 + 65) % 101) / 8.0;
  kern(N, M, (double (*)[72])A);
  dump("A", A, 5184, sizeof(double));
  printf("A[mid]=%a\n", A[2616]);
  free(A);
  return 0;
}
