// Differential execution: test/Fuzz seed 80510, with restrict arrays.
// isl's scheduler fuses the nest into the band (i, i + k) for the first two
// statements and (0, 2i), (0, i) for the last two, with the two groups
// under a set node (independent at one band point). Distributing the
// band's innermost member over the statements (Transform/Tiling.cpp,
// distributeInnermost) sinks it below that set: the groups' loops over
// i + k now depend on each other (B[2 * 0 + 24][0 + 27] written by the
// second statement at i = k = 0 is read by the last at i = 2), and the
// legality check, made on isl_schedule_get_map, took the set's children in
// their order. isl's AST generator did not: in tiles of 2 x 3 it ran the
// last two statements of band point 0 before the first two's loop. Every
// set is now a sequence before the checks (sequenceEverySet).
// RUN: %differential %s --work %t
// RUN: %hetile rewrite %s --backend=omp --print=schedule -- -I %S/../Exec/Inputs | FileCheck %s
// CHECK: innermost point loop: distributed over the statements
// CHECK: point schedule:
// CHECK-NOT: set:
// CHECK-SAME: sequence:
//@ args 3 | 6 | 10
#include "exec-common.h"

static void kern(int N, int R, double A[restrict], double B[restrict],
                 double C[restrict]) {
#pragma hetile
  for (int i = 0; i <= N - 1; ++i) {
    for (int j = i; j >= i; j--) {
      for (int k = 0; k <= i; k += 1) {
        C[(k - i + 27) * R + (j + 26)] = 0.125 * A[(k - i + 26) * R + (j + 26)] + 0.125 * C[(k - i + 27) * R + (j + 26)] + 0.25 * C[(k - i + 26) * R + (j + 26)] + 1.0;
        B[(j + i + 24) * R + (i + k + 27)] = 0.25 * C[(j + i + 24) * R + (i + k + 27)] + 0.125 * B[(j + i + 22) * R + (i + k + 27)] + (double)k;
        for (int l = j; l <= k; ++l) {
          if (k >= l - 1)
            B[(j + k + 23) * R + (k + 25)] = 0.25 * A[(j + k + 23) * R + (k + 25)] + 1.0;
          B[23 * R + (j - i + 25)] = 0.25 * B[23 * R + (j - i + 25)] + 0.125 * B[(i + 22) * R + 27] + (double)j;
        }
      }
    }
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  double *A = hetile_exec_grid(72, 72, 1), *B = hetile_exec_grid(72, 72, 2);
  double *C = hetile_exec_grid(72, 72, 3);
  kern(n, 72, A, B, C);
  printf("n=%d\n", n);
  hetile_exec_dump("A", A, 72 * 72);
  hetile_exec_dump("B", B, 72 * 72);
  hetile_exec_dump("C", C, 72 * 72);
  free(A);
  free(B);
  free(C);
  return 0;
}
