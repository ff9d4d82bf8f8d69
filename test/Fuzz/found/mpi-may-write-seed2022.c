/* test/Fuzz seed 2022 (python3 test/Fuzz/gen_nests.py 2022), not reduced:
   --backend=mpi and mpi+omp refuse the nest with an internal error, "array
   'A' has a conditional (may) write: its final values cannot be exchanged
   [hetile-reject-codegen-failed]" (seq and omp tile it). The guarded write
   inside a run of statements is a may-write; the final exchange needs each
   element's last write. Seed 2023 is the same. */
//@ args 8 10 | 3 7 | 10 5
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, int M, double A[restrict 72][72], double B[restrict 72][72])
{
#pragma hetile
  for (int i = 2; i < M - 1 + 1; i++) {
    for (int j = i; j <= 4; j += 1) {
      double t0 = B[j + 26][j + 21] * 0.5;
      A[i + 24][j + 24] = 0.125 * B[i + 24 - 1][j + 24 - 1] + 0.25 * B[i + 24 - 2][j + 24 - 1] + 0.125 * B[i + 24 - 1][j + 24] + 0.25 * t0 + (double)i;
      if (j <= i + 0)
        A[i + 24][j - i + 27] = 0.25 * B[i + 24 - 1][j - i + 27] + 0.125 * B[i + 24][j - i + 27] + 0.125 * B[i + 24 - 1][j - i + 27 - 2] + 0.25 * t0 + (double)j;
      B[i + 23][j + 23] = 0.125 * A[i + 23 - 2][j + 23 - 1] + 0.125 * A[i + 23 - 1][j + 23 - 2] + 1.0;
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
  int M = argc > 2 ? atoi(argv[2]) : 6;
  if (M < 0) M = 0;
  if (M > 12) M = 12;
  double *A = malloc(sizeof(double) * 5184);
  for (int q = 0; q < 5184; q++) A[q] = (double)((q * 37 + 65) % 101) / 8.0;
  double *B = malloc(sizeof(double) * 5184);
  for (int q = 0; q < 5184; q++) B[q] = (double)((q * 37 + 66) % 101) / 8.0;
  kern(N, M, (double (*)[72])A, (double (*)[72])B);
  dump("A", A, 5184, sizeof(double));
  printf("A[mid]=%a\n", A[2616]);
  free(A);
  dump("B", B, 5184, sizeof(double));
  printf("B[mid]=%a\n", B[2616]);
  free(B);
  return 0;
}
