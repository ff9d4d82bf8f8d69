// Differential execution: matrix product C += A * B, non-square, C89
// iterators, a statement text that declares a local (kept in its block).
// RUN: python3 %p/Inputs/exec-driver.py %s --work %t.dir --cc %gcc --cc %clang --cflags="%rt_cflags" --libs="%rt_libs"
//
//@ params NI NJ NK
//@ loop i int 1 outside
//@ loop j int 1 outside
//@ loop k int 1 outside
//@ exit i entry [NI, NJ, NK] -> { [] }
//@ exit i iters [NI, NJ, NK] -> { [i] : 0 <= i < NI }
//@ exit i init [NI, NJ, NK] -> { [] -> [0] }
//@ exit j entry [NI, NJ, NK] -> { [i] : 0 <= i < NI }
//@ exit j iters [NI, NJ, NK] -> { [i, j] : 0 <= i < NI and 0 <= j < NJ }
//@ exit j init [NI, NJ, NK] -> { [i] -> [0] }
//@ exit k entry [NI, NJ, NK] -> { [i, j] : 0 <= i < NI and 0 <= j < NJ }
//@ exit k iters [NI, NJ, NK] -> { [i, j, k] : 0 <= i < NI and 0 <= j < NJ and 0 <= k < NK }
//@ exit k init [NI, NJ, NK] -> { [i, j] -> [0] }
//@ stmt i,j,k [NI, NJ, NK] -> { S0[i, j, k] : 0 <= i < NI and 0 <= j < NJ and 0 <= k < NK }
//@ text double p = A[i][k] * B[k][j];
//@ text C[i][j] += p;
//@ band 3 [NI, NJ, NK] -> { S0[i, j, k] -> [i, j, k] }
#include "exec-common.h"
#include "hetile_rt.h"

static void kernel(int NI, int NJ, int NK, double C[NI][NJ],
                   double A[NI][NK], double B[NK][NJ], int *f) {
  int i = -7, j = -7, k = -7;
  /* hetile-nest-begin */
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      for (k = 0; k < NK; k++) {
        double p = A[i][k] * B[k][j];
        C[i][j] += p;
      }
  /* hetile-nest-end */
  f[0] = i;
  f[1] = j;
  f[2] = k;
}

int main(void) {
  static const int Cases[][3] = {{0, 4, 4}, {4, 0, 4}, {4, 4, 0}, {1, 1, 1},
                                 {13, 7, 29}, {50, 41, 33}};
  unsigned s;
  for (s = 0; s < sizeof(Cases) / sizeof(Cases[0]); s++) {
    int NI = Cases[s][0], NJ = Cases[s][1], NK = Cases[s][2], i, j, f[3];
    double *A = malloc(sizeof(double) * (size_t)(NI * NK + 1));
    double *B = malloc(sizeof(double) * (size_t)(NK * NJ + 1));
    double *C = malloc(sizeof(double) * (size_t)(NI * NJ + 1));
    for (i = 0; i < NI * NK; i++)
      A[i] = hetile_exec_init(i, 0, 1);
    for (i = 0; i < NK * NJ; i++)
      B[i] = hetile_exec_init(i, 0, 2);
    for (i = 0; i < NI; i++)
      for (j = 0; j < NJ; j++)
        C[i * NJ + j] = hetile_exec_init(i, j, 3);
    kernel(NI, NJ, NK, (double (*)[NJ])C, (double (*)[NK])A,
           (double (*)[NJ])B, f);
    printf("NI=%d NJ=%d NK=%d i=%d j=%d k=%d ", NI, NJ, NK, f[0], f[1], f[2]);
    hetile_exec_dump("C", C, (size_t)(NI * NJ));
    free(A);
    free(B);
    free(C);
  }
  return 0;
}
