// Differential execution: the tensor contraction of polybench (doitgen),
// C89 style, with the 1D temporary sum[] declared at function scope (a
// constant size, NP <= 16 of it used): each (r, q) fills sum[0..NP-1] before
// reading it, so the tiles compute on copies of their own (privatization)
// and the band (r, q) is tiled. sum and the iterators are printed after the
// nest. Sizes in (NR, NQ, NP) triples.
// RUN: %differential %s --work %t
//@ args 0 0 0 1 1 1 2 3 4 3 2 16 | 13 11 7
#include "exec-common.h"

static void doitgen(int NR, int NQ, int NP, double A[NR][NQ][NP],
                    double C4[NP][NP]) {
  int r, q, p, s;
  double sum[16];
  for (p = 0; p < 16; p++)
    sum[p] = -p;
  r = q = p = s = -1;
#pragma hetile
  for (r = 0; r < NR; r++)
    for (q = 0; q < NQ; q++) {
      for (p = 0; p < NP; p++) {
        sum[p] = 0;
        for (s = 0; s < NP; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < NP; p++)
        A[r][q][p] = sum[p];
    }
  printf("NR=%d NQ=%d NP=%d r=%d q=%d p=%d s=%d\n", NR, NQ, NP, r, q, p, s);
  hetile_exec_dump("sum", sum, 16);
}

int main(int argc, char **argv) {
  int a, i, j;
  for (a = 1; a + 2 < argc; a += 3) {
    int NR = atoi(argv[a]), NQ = atoi(argv[a + 1]), NP = atoi(argv[a + 2]);
    double *A = malloc(sizeof(double) * (size_t)(NR * NQ * NP + 1));
    double *C4 = malloc(sizeof(double) * (size_t)(NP * NP + 1));
    for (i = 0; i < NR * NQ; i++)
      for (j = 0; j < NP; j++)
        A[i * NP + j] = hetile_exec_init(i, j, 0);
    for (i = 0; i < NP; i++)
      for (j = 0; j < NP; j++)
        C4[i * NP + j] = hetile_exec_init(i, j, 1);
    doitgen(NR, NQ, NP, (double (*)[NQ][NP])A, (double (*)[NP])C4);
    hetile_exec_dump("A", A, (size_t)(NR * NQ * NP));
    free(A);
    free(C4);
  }
  return 0;
}
