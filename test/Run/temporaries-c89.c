// Differential execution: temporaries declared at function scope, C89 style,
// in the shapes privatization must get right: a scalar only written in the
// nest (last), a scalar set on both branches of an affine `if` (t, by two
// statements), and elements of a small 2D array set and
// read in one run of statements (w[0][1], w[1][2]: the other elements keep
// their values). Each tile computes on copies; last, t, w and the iterators
// are printed after the nest. Sizes in (N, M) pairs.
// RUN: %differential %s --work %t
//@ args 0 0 1 1 2 5 7 3 19 23 | 4 3
#include "exec-common.h"

static void temporaries(int N, int M, double A[N][M],
                        double B[N][M]) {
  int i, j, k;
  double last = 3, t = 4;
  double w[2][3];
  for (i = 0; i < 2; i++)
    for (j = 0; j < 3; j++)
      w[i][j] = i + j;
  i = j = k = -7;
#pragma hetile
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      for (k = 0; k < 1; k++)
        last = A[i][j] * 2;
      if (j > 2)
        t = A[i][j];
      else
        t = 0.5;
      w[0][1] = t + last;
      w[1][2] = t * 3;
      B[i][j] = w[0][1] - w[1][2] + (i > 0 ? A[i - 1][j] : 0);
    }
  {
    double o[8];
    o[0] = last; o[1] = t;
    for (k = 0; k < 6; k++) o[2 + k] = w[k / 3][k % 3];
    printf("N=%d M=%d i=%d j=%d k=%d\n", N, M, i, j, k);
    hetile_exec_dump("o", o, 8);
  }
}

int main(int argc, char **argv) {
  int a, i, j;
  for (a = 1; a + 1 < argc; a += 2) {
    int N = atoi(argv[a]), M = atoi(argv[a + 1]);
    double *A = malloc(sizeof(double) * (size_t)(N * M + 1));
    double *B = malloc(sizeof(double) * (size_t)(N * M + 1));
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j++) {
        A[i * M + j] = hetile_exec_init(i, j, 0);
        B[i * M + j] = hetile_exec_init(i, j, 1);
      }
    temporaries(N, M, (double (*)[M])A, (double (*)[M])B);
    hetile_exec_dump("B", B, (size_t)(N * M));
    free(A);
    free(B);
  }
  return 0;
}
