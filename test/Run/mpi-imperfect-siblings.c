// Differential execution: an imperfect nest with two sibling inner loops in
// one band; the second loop writes A[x + 1][y + x + 1] at every z, which the
// first loop reads at later x. The band is skewed and shifted to
// (x, 2x + z + 3) and (x, 3x + y): the flow-out sets of the MPI backends have
// several disjuncts, and every element of them must be sent (3 ranks,
// tile size 1, T = 17 and 19).
// RUN: %differential %s --work %t
//@ args 19 19 | 4 17 | 19 19
//@ mpi-runs 3:1,1,1,1 4:1 2:1,1,1,1
#include "exec-common.h"

static void kern(int N, int T, double A[restrict 64][64],
                 double B[restrict 64][64]) {
#pragma hetile
  for (int x = 1; x <= T - 1; x += 1)
    for (int y = 0; y <= T - 1; y += 2) {
      for (int z = y; z <= N - 1; ++z)
        B[y + 2][z] = 0.5 * B[y + 2][z] + 0.25 * B[z][y] + 0.125 * A[y + 1][z + 4];
      for (int z = y + 1; z <= y + N - 1; ++z)
        A[x + 1][y + x + 1] = 0.5 * B[y + x + 3][x] + 0.25 * A[x + 1][y + x + 3];
    }
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 19, T = argc > 2 ? atoi(argv[2]) : 19;
  double *A = malloc(sizeof(double) * 4096), *B = malloc(sizeof(double) * 4096);
  for (int q = 0; q < 4096; q++) {
    A[q] = q % 17;
    B[q] = q % 13;
  }
  kern(N, T, (double (*)[64])A, (double (*)[64])B);
  hetile_exec_dump("A", A, 4096);
  hetile_exec_dump("B", B, 4096);
  free(A);
  free(B);
  return 0;
}
