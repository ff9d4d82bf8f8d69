// Differential execution of a random nest (test/Fuzz/gen_nests.py, seed
// 3129, reduced) that could not be generated: A is a table of row pointers
// (int **A, checked at run time to be an array of equally spaced rows), and
// its only access lies under `if (i <= j - 1)` with j <= i, so the nest
// touches no row of A. The check of A's rows had no lowest row to print
// ("cannot compute the lowest row of 'A'"); a table the nest never touches
// now has nothing to check, and every backend gives the original's output.
// RUN: %differential %s --work %t
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: FileCheck %s --input-file=%t.c
// CHECK: /* hetile: the nest touches no row of A */
//@ args 7 | 11 | 0
#include "exec-common.h"

static void kern(int n, int **A, double **B) {
#pragma hetile
  for (int i = 7; i >= 0; i--)
    for (int j = 2; j <= i; j = j + 2) {
      B[j - i + 24][i - j + 27] = 0.25 * B[i - j + 24][25] + (double)n;
      if (i <= j - 1)
        B[j - i + 23][j + 21] = 0.125 * A[i + 27][j + 26] + (double)i;
    }
}

int main(int argc, char **argv) {
  for (int a = 1; a < argc; a++) {
    int n = atoi(argv[a]);
    int *a_data = malloc(sizeof(int) * 72 * 72);
    double *b_data = hetile_exec_grid(72, 72, 1);
    int *a_rows[72];
    double *b_rows[72];
    for (int q = 0; q < 72 * 72; q++)
      a_data[q] = q % 1009;
    for (int q = 0; q < 72; q++) {
      a_rows[q] = a_data + q * 72;
      b_rows[q] = b_data + q * 72;
    }
    kern(n, a_rows, b_rows);
    printf("n=%d\n", n);
    hetile_exec_dump("B", b_data, 72 * 72);
    free(a_data);
    free(b_data);
  }
  return 0;
}
