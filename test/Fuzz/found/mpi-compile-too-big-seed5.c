/* test/Fuzz seed 5 (python3 test/Fuzz/gen_nests.py 5), not reduced: the
   `hetile rewrite --backend=mpi` takes about 60 s and writes 1.5 MB of C
   that gcc -O1 does not compile within 60 s; mpi+omp's rewrite runs over
   60 s. */
//@ args 4 7 | 4 12 | 11 11
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, int M, double A[restrict 72][72])
{
#pragma hetile
  for (int i = M - 1; i >= 0; i--) {
    double t0 = A[i + 22][22] * 0.5;
    A[i + 25][i + 21] = 0.125 * A[i + 22][i + 23] + 0.125 * t0 + 0.5;
    A[i + 21][25] = 0.125 * A[i + 21 - 2][25 - 1] + 0.125 * A[i + 21][25] + (double)i;
    A[25][i + 24] = 0.125 * A[25][i + 24 - 2] + 0.125 * A[25 - 2][i + 24 - 1] + 0.25 * A[i + 21][i + 22] + (double)i;
    for (int j = 8; j >= (i - 2 > 0 ? i - 2 : 0); j--) {
      A[j - i + 26][i + 22] = 0.125 * A[i + 22][j + 26] + 0.125 * A[j - i + 26][i + 22] + 0.5;
      A[j + 25][j - i + 26] = 0.25 * A[i + 21][j + 26] + 0.125 * A[j + 25][j - i + 26 - 2] + 0.5;
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
  int N = argc > 1 ? atoi(argv[1]) : 4;
  if (N < 0) N = 0;
  if (N > 12) N = 12;
  int M = argc > 2 ? atoi(argv[2]) : 5;
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
