// Differential execution: one statement writes two elements of A per
// instance, A[4][q + 1] and A[4][q], and every element is written at every
// c: the last write of A[4][q] is the second write of (N - 1, q), whose first
// write is overwritten by (N - 1, q + 1). The MPI backends' final exchange
// must send each element from the tile of its own last write (skewed band
// (c, c + q): the columns of one element's writes belong to different ranks).
// A second nest: X[j][k] = 2 then X[j][5] = 1 + k, the last write of
// X[j][5] at k = K - 1 in another rank's column than those of X[j][k].
// A third: Y[j] and Y[j + 2] written by one instance, Y[j - 1] read: the
// element a message carries is the one its reader sees, Y[j0], not also
// Y[j0 + 2], which a later instance in the receiver's own columns rewrites
// before the read (a stale copy of it would undo that write).
// A fourth: a write under a guard that never holds (k <= i always): an
// array the nest writes no element of has no traffic.
// RUN: %differential %s --work %t
//@ args 14 11 3 7 20 3 | 1 2 1 6 4 1 | 14 11 3 7 20 3
//@ mpi-runs 2:1,1 2:2 3:1,1 3:1,2
#include "exec-common.h"

static void two_writers(int N, int T, double A[restrict 8][64]) {
#pragma hetile
  for (int c = 0; c < N; c++)
    for (int q = 1; q < T; q++) {
      A[4][q + 1] = 1.0 + c;
      A[4][q] = 2.0;
    }
}

static void last_writer(int M, int K, double X[restrict M][K]) {
#pragma hetile
  for (int j = 0; j < M; j++)
    for (int k = 0; k < K; k++) {
      X[j][k] = 2.0;
      X[j][5] = 1.0 + k;
    }
}

static void two_elements(int N, int T, double Y[restrict 128]) {
#pragma hetile
  for (int i = 0; i < T; i++)
    for (int j = 3; j < N; j++) {
      Y[j] = 0.5 * Y[j - 1] + 0.25 * Y[j - 3] + 1.0;
      Y[j + 2] = 0.125 * Y[j - 1] + 2.0;
    }
}

static void never_written(int N, double A[restrict 64][64],
                          double C[restrict 64]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int k = i; k >= (i - 2 > 0 ? i - 2 : 0); k--) {
      if (i <= k - 1)
        C[k] = 0.5 * C[i] + 1.0;
      A[k][i] = 0.25 * C[k + 3] + 0.5 * A[k][i];
    }
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 14, T = argc > 2 ? atoi(argv[2]) : 11;
  int M = argc > 3 ? atoi(argv[3]) : 3, K = argc > 4 ? atoi(argv[4]) : 7;
  int NY = argc > 5 ? atoi(argv[5]) : 20, TY = argc > 6 ? atoi(argv[6]) : 3;
  double *Y = malloc(sizeof(double) * 128);
  for (int q = 0; q < 128; q++)
    Y[q] = hetile_exec_init(q, 0, 2);
  double *A = malloc(sizeof(double) * 8 * 64);
  double *X = malloc(sizeof(double) * (size_t)M * (size_t)K);
  for (int q = 0; q < 8 * 64; q++)
    A[q] = hetile_exec_init(q / 64, q % 64, 0);
  for (int q = 0; q < M * K; q++)
    X[q] = hetile_exec_init(q / K, q % K, 1);
  two_writers(N, T, (double (*)[64])A);
  last_writer(M, K, (double (*)[K])X);
  two_elements(NY, TY, Y);
  double *Z = malloc(sizeof(double) * 64 * 64);
  for (int q = 0; q < 64 * 64; q++)
    Z[q] = hetile_exec_init(q / 64, q % 64, 3);
  never_written(N < 60 ? N : 60, (double (*)[64])Z, Y);
  hetile_exec_dump("Z", Z, 64 * 64);
  free(Z);
  hetile_exec_dump("A", A, 8 * 64);
  hetile_exec_dump("X", X, (size_t)M * (size_t)K);
  hetile_exec_dump("Y", Y, 128);
  free(Y);
  free(A);
  free(X);
  return 0;
}
