// Differential execution: test/Fuzz seed 7267. kern() owns A and reads one
// element of it after the nest, so the final exchange of the whole nest
// need move only A[23][N + 23] (Frontend/ReadAfter.h). But the nest's
// outer loop is distributed into bands (a sum X[i + 24] over j read by a
// sibling loop: docs/inner-bands.md) that the mpi backends run one after
// the other, each with its own final exchange, and the later bands read
// what the earlier ones wrote anywhere in A: each band's exchange must
// move all of A. Restricting it too made the ranks compute Y from stale
// elements of A.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- | FileCheck %s
// CHECK: distributed: the outermost loop, into 3 bands
//@ args 1 | 2 | 12
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kern(int N, double B[restrict 72][72], double X[restrict 72], double Y[restrict 72][72])
{
  double (*A)[72] = malloc(sizeof(double) * 5184);
  if (!A) abort();
  for (int q = 0; q < 72; q++)
    for (int p = 0; p < 72; p++) A[q][p] = (double)(((q * 72 + p) * 37 + 65) % 101) / 8.0;
#pragma hetile
  for (int i = 0; i < 4 + 1; i += 1) {
    int o0 = i - 2;
    for (int j = i; j <= 5; j += 2) {
      double t1 = A[i + o0 + 22][i + j + 27] * 0.5;
      B[j + 22][o0 + 27] = 0.25 * A[o0 - j + 21][j - o0 + 24] + 0.25 * t1 + (double)i;
    }
    for (int j = i; j <= N - 1; ++j) {
      if (i >= j + 1)
        A[i + 22][j - i + 22] = 0.25 * B[i + 22 - 1][j - i + 22] + 0.25 * B[21][o0 + 22] + 0.125 * A[j - i + 27][o0 + 25] + (double)j;
      A[i + 23][i + 24] = 0.125 * B[i + 23 - 2][i + 24] + 1.0;
    }
    X[i + 24] = 0.0;
    for (int j = 0; j <= N - 1; j++)
      X[i + 24] += 0.125 * A[j + 24 - 2][i + 24 - 1];
    for (int j = 0; j <= N - 1; j++)
      Y[j + 24][i + 24] = 0.25 * X[i + 24] + 0.125 * A[j + 24][i + 24] + 0.5;
  }
  printf("own A[23][N + 23]=%a\n", A[23][N + 23]);
  free(A);
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
    int N = argc > 1 ? atoi(arg[0]) : 9;
    if (N < 0) N = 0;
    if (N > 12) N = 12;
    printf("run %d\n", run);
    double *B = malloc(sizeof(double) * 5184);
    for (int q = 0; q < 5184; q++) B[q] = (double)((q * 37 + 66) % 101) / 8.0;
    double *X = malloc(sizeof(double) * 72);
    for (int q = 0; q < 72; q++) X[q] = 0.0;
    double *Y = malloc(sizeof(double) * 5184);
    for (int q = 0; q < 5184; q++) Y[q] = (double)(q % 5) / 4.0;
    kern(N, (double (*)[72])B, X, (double (*)[72])Y);
    dump("B", B, 5184, sizeof(double));
    printf("B[mid]=%a\n", B[2616]);
    free(B);
    dump("X", X, 72, sizeof(double));
    free(X);
    dump("Y", Y, 5184, sizeof(double));
    free(Y);
  }
  return 0;
}
