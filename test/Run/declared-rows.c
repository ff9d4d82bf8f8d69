// Differential execution: subscripts that may leave the declared rows of an
// array run the original nest (docs/runtime-checks.md). sweep writes
// A[t + 1][j * 4 + k] with k up to K - 1: with rows of M = 4 * L + K + 4
// elements they stay in their rows and the tiled code runs; with
// M = 4 * L + 4 (the last argument "across") the last columns' subscripts
// pass the end of their row and name the first elements of the next one,
// which C leaves undefined and the model takes for elements of their own.
// Tiling across such rows changed the result (the mpi backend on 2 ranks
// with HETILE_ALLOC=chunk); the run-time check keeps the original's.
// REQUIRES: mpi
// RUN: %gcc -std=c99 -O1 -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 157 23 17 inside > %t.inside.want
// RUN: %t.orig 157 23 17 across > %t.across.want
// RUN: %hetile analyze %s -- -std=c99 -I %S/../Exec/Inputs | FileCheck %s --check-prefix=ANALYZE
// RUN: %hetile rewrite %s --backend=mpi -o %t.mpi.c -- -std=c99 -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O1 -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi-abort %rt_mpi_libs
// RUN: %mpicc -std=c99 -O1 %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %mpirun -np 2 %t.mpi-abort 157 23 17 inside | sort -u | diff - %t.inside.want
// RUN: env HETILE_ALLOC=chunk %mpirun -np 2 %t.mpi-abort 157 23 17 inside | sort -u | diff - %t.inside.want
// RUN: env HETILE_ALLOC=chunk HETILE_STATS=1 %mpirun -np 2 %t.mpi 157 23 17 across 2>%t.stats | sort -u | diff - %t.across.want
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: %hetile rewrite %s --backend=omp -o %t.omp.c -- -std=c99 -I %S/../Exec/Inputs
// RUN: %clang -std=c99 -O1 -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.omp.c -o %t.omp-abort %rt_libs
// RUN: env OMP_NUM_THREADS=2 HETILE_PROFIT=0 HETILE_TILE_SIZES=3,5 %t.omp-abort 157 23 17 inside | diff - %t.inside.want
// RUN: not --crash %t.omp-abort 157 23 17 across > /dev/null
// ANALYZE: run-time checks: the subscripts of A stay in [0, M)
// ANALYZE: tilable: yes
// STATS: subscripts may leave their rows: the original nest ran
#include "exec-common.h"
#include <string.h>

static void sweep(int T, int L, int K, int N, int M, double A[restrict N][M]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int j = 1; j < L; j++)
      for (int k = 0; k < K; k++)
        A[t + 1][j * 4 + k] = 0.5 * (A[t][j * 4 + k] + A[t + 1][(j - 1) * 4 + k]);
}

int main(int argc, char **argv) {
  if (argc < 5)
    return 2;
  int T = atoi(argv[1]) / 8, L = atoi(argv[2]), K = atoi(argv[3]) - 1;
  int N = T + 2, M = L * 4 + 4 + (strcmp(argv[4], "across") ? K : 0);
  double *A = malloc(sizeof(double) * (size_t)(N * M));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i * M + j] = hetile_exec_init(i, j, 0);
  sweep(T, L, K, N, M, (double (*)[M])A);
  hetile_exec_dump("A", A, (size_t)(N * M));
  free(A);
  return 0;
}
