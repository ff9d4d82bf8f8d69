// REQUIRES: mpi, openmp
// Differential execution: a rank receives and places the pieces of the
// blocks right of its own while it still computes (hetile_mpi_piece_done,
// hetile_mpi_row_done): once it has run row R of its block, no tile of it
// left to run touches the other ranks' final values of row R. Here no
// dependence crosses the tile columns (D and E depend on row i - 1 only),
// so no message links the ranks: rank 1, right of rank 0, runs its rows
// without waiting, and with rank 0 emulated 10 times slower it reaches the
// end of the nest first; rank 0, the last to get there, places rank 1's
// pieces between its own rows (during the nest), not only after them.
// The generated code is compiled with -DHETILE_FALLBACK_ABORT: a run that
// took the original nest instead of the tiled one aborts.
//
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 400 40 > %t.expected
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=CODE
// CODE: const long hetile_K = (0 <= 0 ? 0 :
// CODE: hetile_mpi_{{piece_done}}(hetile_m, hetile_first)
// RUN: %mpicc -std=c99 -O2 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
//
// Rows of tiles i = 0..7, ..., 400 (51 rows), 5 tile columns of 10 in two
// blocks: rank 0 receives rank 1's 51 pieces, placed during the nest (the
// last may arrive after it).
// RUN: env HETILE_STATS=1 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 HETILE_EMULATE_SPEEDS=10,1 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 400 40 2> %t.err
// RUN: FileCheck %s --check-prefix=SLOWLEFT < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// SLOWLEFT-DAG: hetile: rank 0/2: {{[1-9][0-9]*}} tiles, 0 messages, {{.*}} during the nest: 51 pieces sent, {{[1-9][0-9]*}} bytes placed)
// SLOWLEFT-DAG: hetile: rank 1/2: {{[1-9][0-9]*}} tiles, 0 messages, {{.*}} during the nest: 51 pieces sent,
//
// The same with --backend=mpi+omp, 2 threads per rank: the thread of a
// block's last part places them (hetile_mpi_row_done).
// RUN: %hetile rewrite --backend=mpi+omp %s -o %t.omp.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O2 -Wall -Werror -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.omp.c -o %t.omp %rt_mpi_libs
// RUN: env OMP_NUM_THREADS=2 HETILE_STATS=1 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 HETILE_EMULATE_SPEEDS=10,1 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.omp 400 40 2> %t.err
// RUN: FileCheck %s --check-prefix=SLOWLEFT < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
#include "exec-common.h"

static void kern(int N, int M, double D[restrict N + 1][M + 1],
                 double E[restrict N + 1][M + 1]) {
#pragma hetile
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++) {
      D[i][j] = 0.5 * D[i - 1][j] + 0.25 * E[i - 1][j];
      E[i][j] = D[i][j] - 0.5 * E[i - 1][j];
    }
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10, M = argc > 2 ? atoi(argv[2]) : 10;
  size_t Count = (size_t)(N + 1) * (size_t)(M + 1);
  double *D = malloc(sizeof(double) * Count);
  double *E = malloc(sizeof(double) * Count);
  for (size_t k = 0; k < Count; k++) {
    D[k] = hetile_exec_init((long)k, 1, 0);
    E[k] = hetile_exec_init((long)k, 2, 0);
  }
  kern(N, M, (double (*)[M + 1])D, (double (*)[M + 1])E);
  hetile_exec_dump("D", D, Count);
  hetile_exec_dump("E", E, Count);
  free(D);
  free(E);
  return 0;
}
