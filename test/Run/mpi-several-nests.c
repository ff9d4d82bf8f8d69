// Differential execution: programs of several nests, one after the other in
// one function, as simulations are written: an initialisation nest, a
// time-stepped sweep (a 3-D band: the mpi backends also run it on processor
// grids), a dynamic-programming pass over the sweep's result, and a value
// read at the end. Each nest's final values must be on every rank before
// the next nest reads them. `solve` owns its arrays: only what it reads
// after its last nest moves then (Frontend/ReadAfter.h; the earlier nests
// are read by the later ones, in loops, so all of theirs moves);
// `caller` writes the caller's array, which main hashes whole.
// RUN: %differential %s --work %t
//
// On two clusters of two ranks (docs/clusters.md), the hierarchical
// allocation, every rank's output the original's:
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O1 -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 37 5 > %t.want
// RUN: printf '{"times": [1, 2, 1, 2],\n "clusters": [[0, 2], [1, 3]],\n "link": {"startup": 1e-4, "per_byte": 0},\n "panel": 2}\n' > %t.clusters.json
// RUN: rm -f %t.r.*
// RUN: env HETILE_PLATFORM=%t.clusters.json HETILE_EMULATE_LINKS=1 HETILE_PROFIT=0 HETILE_STATS=1 HETILE_TILE_SIZES=4,5,6 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.r.$OMPI_COMM_WORLD_RANK' %t.mpi 37 5 2> %t.err
// RUN: cmp %t.want %t.r.0 && cmp %t.want %t.r.1 && cmp %t.want %t.r.2 && cmp %t.want %t.r.3
// RUN: FileCheck %s < %t.err
// CHECK-COUNT-5: hierarchical [BRR99]: clusters {0,2} {1,3}
//
// Where the final values went (HETILE_STATS, per rank and nest): with
// --gather=root the three nests that the next tiled nest of their function
// follows at once leave their values on their ranks for it (Scop::DeferTo,
// docs/mpi-exchange.md), the last nest of each function sends to rank 0
// alone (rank 0's output is the original's).
// RUN: %hetile rewrite --backend=mpi --gather=root %s -o %t.root.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O1 -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.root.c -o %t.root %rt_mpi_libs
// RUN: env HETILE_PROFIT=0 HETILE_STATS=1 HETILE_TILE_SIZES=4,5,6 %mpirun -np 3 sh -c 'exec "$0" "$@" > %t.root.$OMPI_COMM_WORLD_RANK' %t.root 37 5 2> %t.root.err
// RUN: cmp %t.want %t.root.0
// RUN: grep -c 'rank 1/3: .*, to their ranks: the nest at line [0-9]* takes what it reads; resident' %t.root.err | grep -qx 3
// RUN: grep -c 'rank 1/3: .*, to rank 0: --gather=root; resident' %t.root.err | grep -qx 2
// The default: every rank, for the code after the nest (of W, which solve
// owns, only the cell it reads).
// RUN: grep -c 'rank 2/4: .*, to every rank: the code after the nest (of .W. only what it reads); resident' %t.err | grep -qx 1
// RUN: grep -c 'rank 2/4: .*, to every rank: the code after the nest; resident' %t.err | grep -qx 1
//
//@ args 1 1 | 6 2 | 17 3 | 37 5
//@ mpi-runs 2:4,5,6 3:2,3,4 4:1,2,3
//@ gather-root
#include "exec-common.h"

static double solve(int n, int T) {
  double (*U)[n] = malloc(sizeof(double[n][n]));
  double (*W)[n] = malloc(sizeof(double[n][n]));
  if (!U || !W)
    abort();
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      U[i][j] = (double)((i * 37 + j * 11) % 101) / 64.0;
      W[i][j] = 0.0;
    }
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        U[i][j] = 0.2 * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] +
                         U[i][j + 1] + U[i][j]);
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      W[i][j] = 0.5 * W[i - 1][j] + 0.25 * W[i][j - 1] + U[i][j];
  double r = W[n - 1][n - 1] + U[n - 1][0];
  free(U);
  free(W);
  return r;
}

static void caller(int n, double A[restrict n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (double)((i * 13 + j * 29) % 97) / 32.0;
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i][j] - 0.5 * A[i - 1][j] + 0.25 * A[i - 1][j - 1];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10, T = argc > 2 ? atoi(argv[2]) : 2;
  if (n < 1)
    n = 1;
  printf("solve %a\n", solve(n, T));
  double *A = malloc(sizeof(double) * (size_t)n * (size_t)n);
  caller(n, (double (*)[n])A);
  hetile_exec_dump("A", A, (size_t)n * (size_t)n);
  free(A);
  return 0;
}
