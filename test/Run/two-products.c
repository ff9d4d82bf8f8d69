// Differential execution: PolyBench's 2mm as such suites write it (no
// restrict). Each nest's band as written is (i, j), the sum over k below it;
// isl's scheduler gives the band (i, j, k), the initialization at k = 0
// (Permutability.cpp), whose tiles run their points as (i, k, j)
// (Tiling.cpp, chooseInnerDim). Sizes: empty, 1-3, non-square, around 30.
// RUN: %differential %s --work %t
//@ args 0 0 0 0 1 1 1 1 2 3 1 2 | 3 2 4 1 29 17 23 31
#include "exec-common.h"

void two_products(int ni, int nj, int nk, int nl, double alpha, double beta,
                  double tmp[ni][nj], double A[ni][nk], double B[nk][nj],
                  double C[nj][nl], double D[ni][nl]) {
#pragma hetile
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < nk; k++)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
#pragma hetile
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < nj; k++)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

static void run(int ni, int nj, int nk, int nl) {
  double *tmp = hetile_exec_grid(ni, nj, 1);
  double *A = hetile_exec_grid(ni, nk, 2);
  double *B = hetile_exec_grid(nk, nj, 3);
  double *C = hetile_exec_grid(nj, nl, 4);
  double *D = hetile_exec_grid(ni, nl, 5);
  two_products(ni, nj, nk, nl, 1.5, 1.2, (double (*)[nj])tmp,
               (double (*)[nk])A, (double (*)[nj])B, (double (*)[nl])C,
               (double (*)[nl])D);
  printf("ni=%d nj=%d nk=%d nl=%d\n", ni, nj, nk, nl);
  hetile_exec_dump("tmp", tmp, ni > 0 && nj > 0 ? (size_t)ni * nj : 0);
  hetile_exec_dump("D", D, ni > 0 && nl > 0 ? (size_t)ni * nl : 0);
  free(tmp);
  free(A);
  free(B);
  free(C);
  free(D);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 3 < argc; a += 4)
    run(atoi(argv[a]), atoi(argv[a + 1]), atoi(argv[a + 2]), atoi(argv[a + 3]));
  return 0;
}
