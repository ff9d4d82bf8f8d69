/* test/Fuzz seed 2079 (python3 test/Fuzz/gen_nests.py 2079), not reduced:
   every backend refuses the nest with an internal error, "tiled code could
   not be generated: no permutable band to tile [hetile-reject-codegen-failed]"
   (seeds 2060 and 2065 give "isl failed to build the tiled schedule", as
   codegen-failed-single-point.c). */
//@ args 12 | 9 | 2
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, double A[restrict 72][72], double B[restrict 72][72])
{
#pragma hetile
  for (int i = 0; i <= 3; i++) {
    for (int j = i; j < 4 + 1; ++j) {
      if (i >= j + 2)
        B[24][j + 25] = 0.25 * B[24][j + 25 - 1] + 0.25 * B[i + 21][j + 26] + (double)i;
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
  int N = argc > 1 ? atoi(argv[1]) : 3;
  if (N < 0) N = 0;
  if (N > 12) N = 12;
  double *A = malloc(sizeof(double) * 5184);
  for (int q = 0; q < 5184; q++) A[q] = (double)((q * 37 + 65) % 101) / 8.0;
  double *B = malloc(sizeof(double) * 5184);
  for (int q = 0; q < 5184; q++) B[q] = (double)((q * 37 + 66) % 101) / 8.0;
  kern(N, (double (*)[72])A, (double (*)[72])B);
  dump("A", A, 5184, sizeof(double));
  printf("A[mid]=%a\n", A[2616]);
  free(A);
  dump("B", B, 5184, sizeof(double));
  printf("B[mid]=%a\n", B[2616]);
  free(B);
  return 0;
}
