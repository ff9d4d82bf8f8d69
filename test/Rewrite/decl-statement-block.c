// A statement that declares a variable is printed in a block of its own:
// never as the unbraced body of a point loop (`for (...) double t = ...;`
// does not compile), and never beside another copy of itself or another
// statement declaring the same name in one block. In both nests the
// declaration and the guarded assignment after it are two statements (the
// `if` does not read the scalar). The rewritten programs compile with
// -Werror and print what the original prints.
// REQUIRES: openmp
// RUN: %hetile rewrite %s -o %t.seq.c -- -std=c99 2>&1 | FileCheck %s --allow-empty --check-prefix=NOREMARK
// RUN: %hetile rewrite --backend=omp %s -o %t.omp.c -- -std=c99 2>&1 | FileCheck %s --allow-empty --check-prefix=NOREMARK
// RUN: %strip-directives %t.seq.c | FileCheck %s
// RUN: grep -A1 -E '\)$' %t.seq.c | not grep -E '^ *double t'
// RUN: %gcc -std=c99 -O1 -Wall -Werror -Wno-unused-variable %rt_cflags %t.seq.c -o %t.seq %rt_libs
// RUN: %gcc -std=c99 -O1 -fopenmp -Wall -Werror -Wno-unused-variable %rt_cflags %t.omp.c -o %t.omp %rt_libs
// RUN: %gcc -std=c99 -O1 -Wall -Werror -Wno-unused-variable -Wno-unknown-pragmas %s -o %t.orig
// RUN: %t.orig 4 > %t.want && %t.seq 4 > %t.out && diff %t.want %t.out
// RUN: %t.orig 11 > %t.want && %t.seq 11 > %t.out && diff %t.want %t.out
// RUN: env HETILE_TILE_SIZES=1,1 %t.seq 11 > %t.out && diff %t.want %t.out
// RUN: env HETILE_TILE_SIZES=2,3 OMP_NUM_THREADS=3 %t.omp 11 > %t.out && diff %t.want %t.out
// NOREMARK-NOT: remark
// CHECK-COUNT-2: hetile: tile loops
#include <stdio.h>
#include <stdlib.h>

static void alone(int M, double A[restrict 72][72]) {
#pragma hetile
  for (int i = 5; i >= 1; i--) {
    A[i + 26][i + 26] = 0.125 * A[i + 24][i + 26] + 0.5;
    for (int j = 2; j < M; j++)
      A[j + 25][i + 22] = 0.25 * A[j + 25][i + 21] + 1.0;
    for (int j = 2; j < M; j++) {
      double t2 = A[i + 21][j + 21] * 0.5;
      if (i <= j + 2)
        A[26][j + 22] = 0.125 * A[25][j + 21] + 0.25 * A[26][j + 22] + 0.5;
    }
  }
}

static void twice(int M, double A[restrict 72][72]) {
#pragma hetile
  for (int i = 1; i < M; i++) {
    for (int j = 1; j < M; j++) {
      double t = A[i][j] * 0.5;
      if (i <= j)
        A[i][j] = A[i - 1][j] + 1.0;
    }
    for (int j = 1; j < M; j++) {
      double t = A[i][j + 1] * 0.5;
      if (j <= i)
        A[i][j + 1] = A[i - 1][j] * 0.5;
    }
  }
}

int main(int argc, char **argv) {
  int M = argc > 1 ? atoi(argv[1]) : 9;
  double *A = malloc(sizeof(double) * 72 * 72);
  for (int q = 0; q < 72 * 72; q++)
    A[q] = (double)((q * 37 + 65) % 101) / 8.0;
  alone(M, (double (*)[72])A);
  twice(M, (double (*)[72])A);
  unsigned long long h = 1469598103934665603ULL;
  const unsigned char *b = (const unsigned char *)A;
  for (size_t q = 0; q < sizeof(double) * 72 * 72; q++)
    h = (h ^ b[q]) * 1099511628211ULL;
  printf("A hash=%016llx A[mid]=%a\n", h, A[2616]);
  free(A);
  return 0;
}
