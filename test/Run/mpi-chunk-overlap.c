// A known wrong result, kept as an expected failure until it is fixed: a
// nest whose iterations write the same elements from different tile
// columns (A[t + 1][j * 4 + k] with k up to K - 1 > 3), run by the mpi
// backend on 2 ranks with one chunk of columns per rank
// (HETILE_ALLOC=chunk), ends with elements that another column wrote last
// in the original order. The default allocation gives the original's
// output (checked first, so that only the chunk run can fail).
// REQUIRES: mpi
// XFAIL: *
// RUN: %gcc -std=c99 -O1 -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 157 23 17 > %t.want
// RUN: %hetile rewrite %s --backend=mpi -o %t.mpi.c -- -std=c99 -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O1 %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %mpirun -np 2 %t.mpi 157 23 17 | sort -u | diff - %t.want
// RUN: env HETILE_ALLOC=chunk %mpirun -np 2 %t.mpi 157 23 17 | sort -u | diff - %t.want
#include "exec-common.h"

static void sweep(int T, int L, int K, int N, int M, double A[restrict N][M]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int j = 1; j < L; j++)
      for (int k = 0; k < K; k++)
        A[t + 1][j * 4 + k] = 0.5 * (A[t][j * 4 + k] + A[t + 1][(j - 1) * 4 + k]);
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  int T = atoi(argv[1]) / 8, L = atoi(argv[2]), K = atoi(argv[3]) - 1;
  int N = T + 2, M = L * 4 + 4;
  double *A = malloc(sizeof(double) * (size_t)(N * M));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i * M + j] = hetile_exec_init(i, j, 0);
  sweep(T, L, K, N, M, (double (*)[M])A);
  hetile_exec_dump("A", A, (size_t)(N * M));
  free(A);
  return 0;
}
