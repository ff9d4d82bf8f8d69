// Differential execution: writes under a guard inside a run of statements
// are may-writes (the run is one statement: its scalar t stays private).
// The MPI backends' final exchange sends each element from the tile of its
// last write, which may be one of these, and a guarded write that did not
// happen must leave the element's previous value, maybe another rank's.
// First nest: X[j - 1] written by (i, j - 1), then by (i, j) when j <= i
// (an affine guard): the last writer of X[j - 1] is in the next column
// where the guard holds; W[j - 1] likewise, but nothing reads it: where the
// guard fails, the rank of column j must still hold the value that column
// j - 1 wrote. Second nest: the same with a guard that reads data (P[j]
// odd). Third: test/Fuzz seed 2022's nest, a guarded write of
// A beside two unguarded ones.
// RUN: %differential %s --work %t
//@ args 9 13 | 3 5 | 12 2
//@ mpi-runs 2:1,1 3:1,2 2:2,1
#include "exec-common.h"

static void affine_guard(int N, int M, double X[restrict 64],
                         double Y[restrict 64], double W[restrict 64]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 1; j < M; j++) {
      double t = 0.5 * Y[j] + 1.0;
      X[j] = 0.25 * X[j] + 0.5 * X[j - 1] + t;
      W[j] = t + (double)i;
      if (j <= i) {
        X[j - 1] = 0.125 * X[j] + t + (double)i;
        W[j - 1] = 2.0 * t;
      }
      Y[j] = 0.5 * X[j] + 0.25 * t;
    }
}

static void data_guard(int N, int M, double X[restrict 64],
                       double Z[restrict 64], const int P[restrict 64]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 1; j < M; j++) {
      X[j] = 0.25 * X[j] + 0.5 * X[j - 1] + 1.0;
      Z[j] = 0.5 * X[j] + (double)i;
      if (P[j] & 1) {
        X[j - 1] = 0.125 * X[j] + (double)i;
        Z[j - 1] = 2.0 * i;
      }
    }
}

static void seed_2022(int M, double A[restrict 72][72],
                      double B[restrict 72][72]) {
#pragma hetile
  for (int i = 2; i < M - 1 + 1; i++) {
    for (int j = i; j <= 4; j += 1) {
      double t0 = B[j + 26][j + 21] * 0.5;
      A[i + 24][j + 24] = 0.125 * B[i + 24 - 1][j + 24 - 1] +
                          0.25 * B[i + 24 - 2][j + 24 - 1] +
                          0.125 * B[i + 24 - 1][j + 24] + 0.25 * t0 + (double)i;
      if (j <= i + 0)
        A[i + 24][j - i + 27] = 0.25 * B[i + 24 - 1][j - i + 27] +
                                0.125 * B[i + 24][j - i + 27] +
                                0.125 * B[i + 24 - 1][j - i + 27 - 2] +
                                0.25 * t0 + (double)j;
      B[i + 23][j + 23] = 0.125 * A[i + 23 - 2][j + 23 - 1] +
                          0.125 * A[i + 23 - 1][j + 23 - 2] + 1.0;
    }
  }
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 9, M = argc > 2 ? atoi(argv[2]) : 13;
  static double X[64], Y[64], W[64], Z[64], A[72][72], B[72][72];
  static int P[64];
  for (int k = 0; k < 64; k++) {
    X[k] = 0.5 * k;
    Y[k] = 1.0 / (k + 1);
    W[k] = Z[k] = -1.0 * k;
    P[k] = (k * 7 + 3) % 5;
  }
  for (int k = 0; k < 72; k++)
    for (int l = 0; l < 72; l++) {
      A[k][l] = 0.25 * (k - l);
      B[k][l] = 1.0 / (k + l + 1);
    }
  affine_guard(N, M, X, Y, W);
  hetile_exec_dump("affine X", X, 64);
  hetile_exec_dump("affine Y", Y, 64);
  hetile_exec_dump("affine W", W, 64);
  data_guard(N, M, X, Z, P);
  hetile_exec_dump("data X", X, 64);
  hetile_exec_dump("data Z", Z, 64);
  seed_2022(N > 10 ? 10 : N, A, B);
  hetile_exec_dump("seed A", &A[0][0], 72 * 72);
  hetile_exec_dump("seed B", &B[0][0], 72 * 72);
  return 0;
}
