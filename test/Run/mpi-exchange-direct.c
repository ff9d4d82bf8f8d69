// Differential execution: final values that are whole rows of the array
// (the tile columns run along A's first subscript), sent as pieces while
// the nest runs (a row of tiles j of a block: one run per row i of the
// block). Pieces of long runs travel as messages of their own, in place;
// pieces of short runs are packed into one message each
// (runtime/src/MpiPieces.cpp).
// RUN: %differential %s --work %t
//
// RUN: %hetile rewrite --backend=mpi+omp %s -o %t.mpi.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O2 -Wall -Werror -fopenmp %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 400 > %t.expected
// RUN: %t.orig 1100 > %t.expected.long
//
// Rows of 1100 doubles (8800 bytes; row 0 is not written), one row of
// tiles j = 0..1099, tile columns of 100 rows dealt cyclically to 2 ranks
// of 2 threads: rank 0 holds rows 1..99, 200..299, ..., 1000..1099 (6
// pieces, 5271200 bytes), rank 1 rows 100..199, ..., 900..999 (5 pieces,
// 4400000 bytes). A piece's runs are adjacent rows: they merge into one,
// sent from the array in one message.
// RUN: env OMP_NUM_THREADS=2 HETILE_STATS=1 HETILE_ALLOC=cyclic HETILE_CALIBRATE=0 HETILE_TILE_SIZES=1100,100 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 1100 2> %t.err
// RUN: FileCheck %s --check-prefix=DIRECT < %t.err
// RUN: diff %t.expected.long %t.out.0
// RUN: diff %t.expected.long %t.out.1
// DIRECT-DAG: hetile: rank 0/2: {{.*}}; final exchange 4400000 bytes received, 5271200 bytes sent in 6 messages, {{.*}} during the nest: 6 pieces sent,
// DIRECT-DAG: hetile: rank 1/2: {{.*}}; final exchange 5271200 bytes received, 4400000 bytes sent in 5 messages, {{.*}} during the nest: 5 pieces sent,
//
// Rows of 400 doubles, rows of tiles j = 0..63, ..., 384..447 (7) of
// each block: pieces of 100 runs of 64 elements (512 bytes), packed: 14
// pieces per rank, one message each, on 1 thread and on 2.
// RUN: env OMP_NUM_THREADS=1 HETILE_STATS=1 HETILE_ALLOC=cyclic HETILE_CALIBRATE=0 HETILE_TILE_SIZES=64,100 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 400 2> %t.err
// RUN: FileCheck %s --check-prefix=PIECES < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: env OMP_NUM_THREADS=2 HETILE_STATS=1 HETILE_ALLOC=cyclic HETILE_CALIBRATE=0 HETILE_TILE_SIZES=64,100 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 400 2> %t.err
// RUN: FileCheck %s --check-prefix=PIECES < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
//
// The same pieces with --backend=mpi.
// RUN: %hetile rewrite --backend=mpi %s -o %t.pieces.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags -I %S/../Exec/Inputs %t.pieces.c -o %t.pieces %rt_mpi_libs
// RUN: env HETILE_STATS=1 HETILE_ALLOC=cyclic HETILE_CALIBRATE=0 HETILE_TILE_SIZES=64,100 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.pieces 400 2> %t.err
// RUN: FileCheck %s --check-prefix=PIECES < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// PIECES-DAG: hetile: rank 0/2: {{.*}}; final exchange 640000 bytes received, 636800 bytes sent in 14 messages, {{.*}} during the nest: 14 pieces sent,
// PIECES-DAG: hetile: rank 1/2: {{.*}}; final exchange 636800 bytes received, 640000 bytes sent in 14 messages, {{.*}} during the nest: 14 pieces sent,
//@ args 0 | 1 | 7 | 40
#include "exec-common.h"

static void rows(int N, double A[restrict N][N], const double *restrict c) {
#pragma hetile
  for (int j = 0; j < N; j++)
    for (int i = 1; i < N; i++)
      A[i][j] = 0.5 * A[i - 1][j] + c[j];
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10;
  size_t Count = (size_t)N * (size_t)N;
  double *A = malloc(sizeof(double) * (Count ? Count : 1));
  double *c = calloc((size_t)(N ? N : 1), sizeof(double));
  for (size_t k = 0; k < Count; k++)
    A[k] = hetile_exec_init((long)k, 0, 0);
  for (int j = 0; j < N; j++)
    c[j] = hetile_exec_init(j, 1, 0);
  rows(N, (double (*)[N])A, c);
  hetile_exec_dump("A", A, Count);
  free(A);
  free(c);
  return 0;
}
