// Differential execution of the strips schedule on a stencil whose sizes
// and weight are struct members read through a pointer
// (docs/invariant-loads.md): s->n bounds the loops (read once, where the
// original reads it: T >= 1), s->w is a value the statements read. The
// harness's strips runs (omp, mpi, mpi+omp; widths, threads, ranks,
// speeds) check that every nest ran as strips; HETILE_FALLBACK_ABORT
// proves that the loads' check passed at every call.
// RUN: %differential %s --work %t --backends=%strips_backends
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// CHECK:      read once: s->n as hetile_s_n, where {{.*}}T > 0
// CHECK-NEXT: read once: s->w
// CHECK-NEXT: run-time checks: the subscripts of B stay in [0, N); the subscripts of A stay in [0, N); the writes to B, A miss s->n, s->w
// CHECK:      strips: yes
//@ args 1 5 3 4 5 9 29 12 40 20
#include "exec-common.h"

struct stencil {
  int n;
  double w;
};

void jacobi(int T, const struct stencil *s, int N, double (*restrict A)[N],
            double (*restrict B)[N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < s->n - 1; i++)
      for (int j = 1; j < s->n - 1; j++)
        B[i][j] = s->w * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
    for (int i = 1; i < s->n - 1; i++)
      for (int j = 1; j < s->n - 1; j++)
        A[i][j] = B[i][j];
  }
}

static void run(int T, int N) {
  double(*A)[N] = calloc((size_t)N * (size_t)N, sizeof(double));
  double(*B)[N] = calloc((size_t)N * (size_t)N, sizeof(double));
  for (long k = 0; k < (long)N * N; k++)
    (&A[0][0])[k] = hetile_exec_init(k, 3, 0);
  struct stencil s = {N, 0.25};
  jacobi(T, &s, N, A, B);
  printf("T=%d N=%d ", T, N);
  hetile_exec_dump("A", &A[0][0], (size_t)N * (size_t)N);
  free(A);
  free(B);
}

int main(int argc, char **argv) {
  for (int k = 1; k + 1 < argc; k += 2)
    run(atoi(argv[k]), atoi(argv[k + 1]));
  return 0;
}
