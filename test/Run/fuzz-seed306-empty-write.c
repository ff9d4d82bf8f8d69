// Differential execution of a random nest (test/Fuzz/gen_nests.py, seed 306,
// reduced) that could not be generated: its size is read through a pointer
// (sz->N, read once, the nest's writes checked against it) and its only
// write of A is guarded by j >= i + 1 with j = i, so A is never touched.
// The check of A's box against sz->N had no box to print ("cannot compute
// a bound of 'A'"); an array that is never touched is now left out of the
// run-time checks, and every backend gives the original's output.
// RUN: %differential %s --work %t
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: FileCheck %s --input-file=%t.c
// CHECK: run-time alias check: the writes to B miss sz->N
//@ args 7 | 11 | 0
#include "exec-common.h"

struct sizes {
  int N;
};

static void kern(const struct sizes *sz, double A[restrict 72][72],
                 double B[restrict 72][72]) {
#pragma hetile
  for (int i = 0; i <= 3; ++i)
    for (int j = i; j < i + 1; j += 1) {
      if (j >= i + 1)
        A[i + 24][j + 21] = 0.25 * B[i + 24][j + 20] + 1.0;
      for (int k = sz->N - 1; k >= i; k--)
        B[i - j + 27][i + j + 24] =
            0.125 * B[i - j + 27][i + j + 23] + 0.125 * B[i - j + 26][i + j + 24] + (double)k;
    }
}

int main(int argc, char **argv) {
  struct sizes s = {argc > 1 ? atoi(argv[1]) : 7};
  double *A = hetile_exec_grid(72, 72, 1), *B = hetile_exec_grid(72, 72, 2);
  kern(&s, (double (*)[72])A, (double (*)[72])B);
  hetile_exec_dump("A", A, 72 * 72);
  hetile_exec_dump("B", B, 72 * 72);
  free(A);
  free(B);
  return 0;
}
