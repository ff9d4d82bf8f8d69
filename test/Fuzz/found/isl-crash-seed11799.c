// Fuzz seed 11799 (test/Fuzz/gen_nests.py): `hetile rewrite` on any backend
// crashes (SIGSEGV) inside isl: isl_basic_map_swap_div, under
// isl_union_access_info_compute_flow called by mayDependences
// (lib/Analysis), during the dependence analysis of the nest. The same
// with --isl-max-operations=0 --nest-time-budget=0. Not reduced yet.
// Reproduce: build/bin/hetile rewrite THIS_FILE -o /tmp/out.c -- -std=c99
//@ args 5 6 | 10 7 | 3 9
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, int M, double A[restrict 72][72], double B[restrict 72][72])
{
#pragma hetile
  for (int i = 2; i < N - 1 + 1; i = i + 2) {
    for (int j = i; j >= 2; j--) {
      if (i <= j + 0)
        A[i + j + 21][j + i + 25] = 0.125 * A[i + j + 21][j + i + 25 - 1] + 0.25 * B[i + j + 21][j + i + 25] + 0.125 * A[i + 25][j + 27] + 0.5;
      for (int k = j; k < M - 1 + 1; ++k) {
        for (int l = j; l >= (j - 2 > 0 ? j - 2 : 0); l--) {
          double t1 = A[i + 25][l - i + 27] * 0.5;
          A[i + 27][l + 27] = 0.125 * B[i + 27 - 2][l + 27] + 0.25 * B[l + 24][25] + 0.25 * B[j + 21][j + 21] + 0.5;
          A[l + j + 21][j + k + 26] = 0.25 * A[i + 27][i - k + 21] + (double)l;
          B[k + 21][24] = 0.25 * B[k + 21 - 2][24] + 0.125 * A[k + 21 - 2][24] + 0.25 * t1 + 0.5;
        }
      }
      for (int k = i; k < (M - 1 < j + 2 ? M - 1 : j + 2) + 1; k += 2) {
        for (int l = k; l <= (N - 1 < i + 4 ? N - 1 : i + 4); ++l) {
          A[i + 23][j + 27] = 0.125 * A[i + 23][j + 27] + (double)k;
          A[i + 27][l - j + 21] = 0.25 * B[l + 25][j + 23] + 0.5;
        }
        for (int l = (M - 1 < i + 3 ? M - 1 : i + 3); l >= (k - 2 > 0 ? k - 2 : 0); l--) {
          A[l + 27][26] = 0.125 * A[j + 23][24] + 0.5;
          if (j >= i + 1)
            A[k + i + 21][l + 25] = 0.25 * B[k + i + 21][l + 25] + 0.5;
        }
      }
    }
    for (int j = (i - 2 > 0 ? i - 2 : 0); j < N - 1 + 1; j += 2) {
      for (int k = 1; k <= 9; k = k + 2) {
        for (int l = 0; l <= (N - 1 < j + 3 ? N - 1 : j + 3); ++l) {
          if (j <= i + -1)
            B[k + 21][i + 26] = 0.125 * A[k + 21][i + 26 - 1] + 0.25 * A[k + 21 - 2][i + 26 - 1] + 1.0;
          if (k >= l + 2)
            B[l + 25][j + 23] = 0.25 * A[k + 21][l + i + 27] + 0.25 * A[k + 21][i + k + 27] + 1.0;
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
  int runs = argc > 1 ? (argc - 1) / 2 : 1;
  for (int run = 0; run < runs; run++) {
    char **arg = argv + 1 + run * 2;
    int N = argc > 1 ? atoi(arg[0]) : 4;
    if (N < 0) N = 0;
    if (N > 12) N = 12;
    int M = argc > 1 ? atoi(arg[1]) : 5;
    if (M < 0) M = 0;
    if (M > 12) M = 12;
    printf("run %d\n", run);
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
  }
  return 0;
}
