/* test/Fuzz seed 13076 (python3 test/Fuzz/gen_nests.py 13076), not reduced:
   isl (inside LLVM 19) dies of a segmentation fault in
   isl_basic_map_swap_div under isl_union_access_info_compute_flow, during
   the dependence analysis, with the joint dataflow form and with the form
   that asks once per may-source statement. hetile survives it (the crash
   happens in the child process of Support/Isolation.h) and leaves the nest
   as it is on every backend with [hetile-reject-isl-crashed]; with
   --isl-in-process it crashes. Reduced to isl alone: one sink
   (S0__read -> A[24, 25 + i + k], the domain strided by (j + l) mod 2 = 0),
   one must-source (S3) and one may-source (S0) crash compute_flow; it does
   not crash with the must-source alone or the may-source alone. isl
   crashes the same with the schedule as a tree or as a map, with the sinks
   split per statement, after coalesce, compute_divs or
   detect_equalities of the inputs, and with the must-sources given as
   kills. The dependences derived without compute_flow (each sink's last
   must-source as a lexmax of write times, the may-sources after it) are
   exact and do not crash, but take 18 s of isl on this nest (past the
   bound: too-complex). To fix: a cheaper exact formulation of the
   may-sources' kills, or a newer isl. */
//@ args 8 1 | 1 12 | 2 7
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, int M, int A[restrict 72][72])
{
  int i = 0, j = 0, k = 0, l = 0;
#pragma hetile
  for (i = 1; i <= 3; i += 1) {
    for (j = (i - 2 > 0 ? i - 2 : 0); j <= (M - 1 < i + 0 ? M - 1 : i + 0); j++) {
      for (k = 1; k < i + 1; k += 1) {
        for (l = j; l <= k; l += 2) {
          double t0 = A[k + 24][k + i + 26] * 0.5;
          A[j - l + 21][j + 27] = (3 * (int)A[j - l + 21 - 2][j + 27] + 7 * (int)A[j - l + 21][j + 27] + 1 * (int)A[j - l + 21 - 1][j + 27 - 2] + 3) & 1023;
          if (l >= j + -1)
            A[24][k + i + 27] = (3 * (int)A[24][k + i + 27 - 2] + 3 * (int)t0 + 8) & 1023;
        }
      }
    }
    for (j = 0; j <= 6; j = j + 2) {
      double t2 = A[j + i + 24][j + i + 24] * 0.5;
      A[j + 23][26] = (7 * (int)A[j + 23 - 1][26 - 2] + 1 * (int)A[j + 23][26] + 7 * (int)A[i + 25][j + 26] + 4) & 1023;
      for (k = (i - 2 > 0 ? i - 2 : 0); k < N - 1 + 1; k++) {
        for (l = (i - 2 > 0 ? i - 2 : 0); l <= i; l += 1) {
          double t3 = A[k + 26][27] * 0.5;
          if (l >= k + 1)
            A[k + 26][i - l + 25] = (6 * (int)A[k + 26 - 1][i - l + 25 - 1] + 7 * (int)A[k + 26][i - l + 25 - 2] + 7 * (int)A[l + 21][j + 22] + 2 * (int)t3 + 1) & 1023;
          A[j + 22][i + 25] = (1 * (int)A[j + 22][i + 25] + 2 * (int)A[l + 26][j + 22] + 6) & 1023;
        }
        for (l = 2; l <= 9; ++l) {
          A[j - k + 25][k + 26] = (2 * (int)A[j - k + 25 - 2][k + 26] + 1 * (int)A[j - k + 25][k + 26] + 2) & 1023;
          A[l + 24][k + 23] = (1 * (int)A[l + 24 - 1][k + 23 - 2] + 6 * (int)A[k + 26][k - j + 27] + 3) & 1023;
          A[l + 24][k + 25] = (1 * (int)A[l + 24][k + 25 - 1] + 7 * (int)A[l + 24 - 2][k + 25 - 2] + 4) & 1023;
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
    int N = argc > 1 ? atoi(arg[0]) : 0;
    if (N < 0) N = 0;
    if (N > 12) N = 12;
    int M = argc > 1 ? atoi(arg[1]) : 5;
    if (M < 0) M = 0;
    if (M > 12) M = 12;
    printf("run %d\n", run);
    int *A = malloc(sizeof(int) * 5184);
    for (int q = 0; q < 5184; q++) A[q] = (int)((q * 53 + 65) % 1009);
    kern(N, M, (int (*)[72])A);
    dump("A", A, 5184, sizeof(int));
    printf("A[mid]=%d\n", A[2616]);
    free(A);
  }
  return 0;
}
