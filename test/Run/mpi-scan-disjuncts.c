// Differential execution: a nest whose MPI flow-out set of A has some
// twenty disjuncts with coefficients 2 to 6 on the subscripts (statements
// writing A along rows, columns and diagonals; test/Fuzz seed 5). isl's
// AST of that set took over a minute and printed 1.5 MB of C; the MPI
// backends scan each disjunct instead (lib/CodeGen/ScanLoops.h). The
// messages must still carry exactly what the other ranks' tiles read.
// RUN: %differential %s --work %t
//@ args 4 7 | 4 12 | 11 11
//@ mpi-runs 2:1,1 3:2,1 3:1,3
#include "exec-common.h"

static void kern(int M, double A[restrict 72][72]) {
#pragma hetile
  for (int i = M - 1; i >= 0; i--) {
    double t0 = A[i + 22][22] * 0.5;
    A[i + 25][i + 21] = 0.125 * A[i + 22][i + 23] + 0.125 * t0 + 0.5;
    A[i + 21][25] = 0.125 * A[i + 21 - 2][25 - 1] + 0.125 * A[i + 21][25] + (double)i;
    A[25][i + 24] = 0.125 * A[25][i + 24 - 2] + 0.125 * A[25 - 2][i + 24 - 1] + 0.25 * A[i + 21][i + 22] + (double)i;
    for (int j = 8; j >= (i - 2 > 0 ? i - 2 : 0); j--) {
      A[j - i + 26][i + 22] = 0.125 * A[i + 22][j + 26] + 0.125 * A[j - i + 26][i + 22] + 0.5;
      A[j + 25][j - i + 26] = 0.25 * A[i + 21][j + 26] + 0.125 * A[j + 25][j - i + 26 - 2] + 0.5;
    }
  }
}

int main(int argc, char **argv) {
  int M = argc > 2 ? atoi(argv[2]) : 5;
  if (M < 0)
    M = 0;
  if (M > 12)
    M = 12;
  static double A[72][72];
  for (int q = 0; q < 72 * 72; q++)
    A[q / 72][q % 72] = (double)((q * 37 + 65) % 101) / 8.0;
  kern(M, A);
  hetile_exec_dump("A", &A[0][0], 72 * 72);
  return 0;
}
