// Differential execution: a 4-deep nest with && and min/max bounds and a
// step of 2 (a random nest of test/Fuzz/gen_nests.py). Its mpi rewrite once
// ran over a minute and wrote about 100 KB of C that mpicc -O2 did not
// compile within two minutes; each message now enumerates its elements once
// and the block is bounded (--max-nest-code-bytes). Every backend.
// RUN: %differential %s --work %t
//@ args 3 4 3 | 5 6 11 | 7 9 5

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

static double kernel0(int NX, int NY, int NZ, int dX0, int dX1, int X[restrict dX0][dX1], double alpha)
{
  double ret = 0.0;
#pragma hetile
  for (int i1 = 0; i1 <= NY - 1 && i1 <= NX - 2; i1 += 1) {
    for (int i2 = i1; i2 <= NX - 1; i2 = i2 + 2) {
      for (int i3 = (0 > i2 - 6 ? 0 : i2 - 6); i3 <= (NY - 1 <= i2 + 3 ? NY - 1 : i2 + 3); ++i3)
        for (int i4 = 0; i4 <= NY - 2; i4 += 1)
          X[i2 + 2][i3 + 2] = (3 * X[i2 + 1][i3 + 1] + 5 * X[i2 + 2][i3 + 1] + 2) & 1023;
    }
  }
  return ret;
}

static unsigned long fnv(unsigned long h, const void *p, size_t n)
{
  const unsigned char *b = p;
  for (size_t q = 0; q < n; q++) h = (h ^ b[q]) * 1099511628211UL;
  return h;
}



static void dump_i(const char *name, const int *x, long n)
{
  long s = 0;
  for (long q = 0; q < n; q++) s += (long)x[q] * (q % 7 + 1);
  printf("%s n=%ld sum=%ld hash=%016lx first=%d mid=%d last=%d at37=%d\n", name, n, s,
         fnv(1469598103934665603UL, x, sizeof(int) * (size_t)n), x[0], x[n / 2], x[n - 1], x[(n * 37) / 100]);
}

int main(int argc, char **argv)
{
  int NX = argc > 1 ? atoi(argv[1]) : 5;
  if (NX < 1) NX = 1;
  if (NX > 9) NX = 9;
  int NY = argc > 2 ? atoi(argv[2]) : 6;
  if (NY < 0) NY = 0;
  if (NY > 7) NY = 7;
  int NZ = argc > 3 ? atoi(argv[3]) : 51;
  if (NZ < 2) NZ = 2;
  if (NZ > 54) NZ = 54;
  printf("params NX=%d NY=%d NZ=%d\n", NX, NY, NZ);
  int dX0 = 12;
  int dX1 = 9;
  int (*X)[dX1] = malloc(sizeof(int) * (size_t)dX0 * (size_t)dX1);
  for (int a0 = 0; a0 < dX0; a0++)
    for (int a1 = 0; a1 < dX1; a1++)
      X[a0][a1] = (int)(((long)(a0 * 37 + a1 * 11) * 131L + 11) % 1024);
  printf("kernel0=%a\n", kernel0(NX, NY, NZ, dX0, dX1, X, 0.375));
  dump_i("X", (const int *)X, (long)dX0 * (long)dX1);
  free(X);
  return 0;
}
