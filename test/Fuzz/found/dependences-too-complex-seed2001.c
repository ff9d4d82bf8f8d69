/* test/Fuzz seed 2001 (python3 test/Fuzz/gen_nests.py 2001), not reduced:
   every backend refuses the nest as too complex in about 5 s of CPU: the
   dependences stage spends its isl operation bound in the value-based flow
   of A (isl_union_access_info_compute_flow: six statements write the one
   dimension of A); without the bound that analysis alone runs past 150 s.
   The guarded write (a may-write, a may-source) is not the cost: modelled
   as an update (a read and a must-write) it leaves the flow as costly.
   Memory-based relations take 1 s, but isl's scheduler runs past the
   nest's time budget on them, and the nest as written is not permutable
   under them (docs/compile-time.md). */
//@ args 3 4 | 2 2 | 4 3
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, int M, int A[restrict 72])
{
#pragma hetile
  for (int i = 0; i < M - 1 + 1; i += 2) {
    for (int j = (M - 1 < i + 3 ? M - 1 : i + 3); j >= i; j--) {
      for (int k = 2; k <= (N - 1 < i + 1 ? N - 1 : i + 1); ++k) {
        double t0 = A[k + 25] * 0.5;
        if (i <= k + 0)
          A[i + 24] = (3 * (int)A[i + 27] + 2 * (int)A[j + 25] + 4 * (int)t0 + 3) & 1023;
        for (int l = (i - 2 > 0 ? i - 2 : 0); l < N - 1 + 1; ++l) {
          A[i - k + 23] = (5 * (int)A[i - k + 23 - 1] + 1 * (int)A[i + 26] + 3) & 1023;
          A[l + 22] = (3 * (int)A[l + 22 - 1] + 5 * (int)A[l + 22 - 1] + 2) & 1023;
        }
      }
    }
    for (int j = (i - 2 > 0 ? i - 2 : 0); j <= 7; ++j) {
      for (int k = i; k < (N - 1 < j + 1 ? N - 1 : j + 1) + 1; ++k) {
        A[k - i + 26] = (4 * (int)A[k - i + 26] + 8) & 1023;
        A[j + k + 23] = (7 * (int)A[k + 24] + 5 * (int)A[j + k + 23 - 2] + 7) & 1023;
        for (int l = (i - 2 > 0 ? i - 2 : 0); l <= (N - 1 < k + 4 ? N - 1 : k + 4); l += 1) {
          A[i - k + 27] = (4 * (int)A[i - k + 27 - 2] + 3 * (int)A[i - k + 27] + 3) & 1023;
          A[i + 26] = (1 * (int)A[i + 26] + 7 * (int)A[i + 26 - 2] + 1) & 1023;
        }
        for (int l = k; l >= (j - 2 > 0 ? j - 2 : 0); l -= 2) {
          double t7 = A[j + 26] * 0.5;
          A[j + k + 23] = (4 * (int)A[j + k + 23 - 2] + 4 * (int)A[j + 22] + 2 * (int)A[j + k + 23 - 1] + 4) & 1023;
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
  int N = argc > 1 ? atoi(argv[1]) : 6;
  if (N < 0) N = 0;
  if (N > 12) N = 12;
  int M = argc > 2 ? atoi(argv[2]) : 2;
  if (M < 0) M = 0;
  if (M > 12) M = 12;
  int *A = malloc(sizeof(int) * 72);
  for (int q = 0; q < 72; q++) A[q] = (int)((q * 53 + 65) % 1009);
  kern(N, M, A);
  dump("A", A, 72, sizeof(int));
  printf("A[mid]=%d\n", A[60]);
  free(A);
  return 0;
}
