// Differential execution: the final values posted row by row while the nest
// runs (pieces: hetile_mpi_piece, hetile_mpi_piece_done, with threads
// hetile_mpi_row_done; two arrays, D and E, whose final values per row of
// tiles of a block are boxes).
// RUN: %differential %s --work %t
//
// The generated code lists every rank's pieces before the tiles and posts
// this rank's after each row of a block; no runs are left for the end.
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=CODE
// CODE: hetile_mpi_{{run}}(hetile_m, hetile_q, 0, &D[
// CODE: hetile_mpi_{{run}}(hetile_m, hetile_q, 1, &E[
// CODE: hetile_mpi_{{piece}}(hetile_m, hetile_q, hetile_first)
// CODE: hetile_mpi_{{pieces_post}}(hetile_m, 0)
// CODE: hetile_mpi_{{compute_begin}}(hetile_m)
// CODE: hetile_mpi_{{piece_done}}(hetile_m, hetile_first)
// CODE-NOT: hetile_mpi_{{run}}(
// CODE: hetile_mpi_{{exchange}}(hetile_m, 0)
// CODE-NOT: hetile_mpi_{{gather}}(
//
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 40 40 > %t.expected
//
// Rows of tiles i = 0..7, 8..15, ..., 40 (6 rows), 5 tile columns of 10 in
// two blocks (HETILE_ALLOC=chunk): each rank sends one piece per row (both
// arrays' short runs packed into one message), 6 in all, while it
// computes. Rank 1, right of rank 0, receives rank 0's pieces as they
// come; rank 0 receives rank 1's piece of row R once it has run row R
// itself (before, its copy of those elements may still be written), and
// rank 1 runs row R after rank 0 (it reads rank 0's columns): rank 0
// places them between its rows, while it waits for rank 1 at the end of
// the nest, or after it, depending on the two ranks' pace.
// RUN: env HETILE_STATS=1 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 40 40 2> %t.err
// RUN: FileCheck %s --check-prefix=BLOCK < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// BLOCK-DAG: hetile: rank 0/2: {{.*}} bytes sent in 6 messages, {{.*}} during the nest: 6 pieces sent, {{[0-9]+}} bytes placed)
// BLOCK-DAG: hetile: rank 1/2: {{.*}} bytes sent in 6 messages, {{.*}} during the nest: 6 pieces sent, {{[1-9][0-9]*}} bytes placed)
//
// Rank 0, left of rank 1, emulated 10 times slower, over 51 rows of tiles:
// once rank 0 has run row R of its block, its tiles left to run no longer
// touch rank 1's final values of row R, so it places rank 1's pieces
// between its own rows (rank 1 runs row R while rank 0 runs row R + 1).
// RUN: %t.orig 400 40 > %t.expected.slow
// RUN: env HETILE_STATS=1 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 HETILE_EMULATE_SPEEDS=10,1 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 400 40 2> %t.err
// RUN: FileCheck %s --check-prefix=SLOWLEFT < %t.err
// RUN: diff %t.expected.slow %t.out.0
// RUN: diff %t.expected.slow %t.out.1
// SLOWLEFT-DAG: hetile: rank 0/2: {{.*}} during the nest: 51 pieces sent, {{[1-9][0-9]*}} bytes placed)
// SLOWLEFT-DAG: hetile: rank 1/2: {{.*}} during the nest: 51 pieces sent, {{[1-9][0-9]*}} bytes placed)
//
// Rows of 50000 elements, tile columns of 15000, two per rank: runs of
// 29999 and 20001 doubles, over 128 KiB, travel as messages of their own,
// from and into the arrays (40 rows of D and E: 80 messages per rank).
// RUN: %t.orig 40 50000 > %t.expected.long
// RUN: env HETILE_STATS=1 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,15000 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 40 50000 2> %t.err
// RUN: FileCheck %s --check-prefix=DIRECT < %t.err
// RUN: diff %t.expected.long %t.out.0
// RUN: diff %t.expected.long %t.out.1
// DIRECT-DAG: hetile: rank 0/2: {{.*}}; final exchange 12800640 bytes received, 19199360 bytes sent in 80 messages, {{.*}} during the nest: 6 pieces sent, {{[0-9]+}} bytes placed)
// DIRECT-DAG: hetile: rank 1/2: {{.*}}; final exchange 19199360 bytes received, 12800640 bytes sent in 80 messages, {{.*}} during the nest: 6 pieces sent, {{[1-9][0-9]*}} bytes placed)
//
// Cyclic (columns 0, 2, 4 on rank 0; 1, 3 on rank 1): rank 0 copies rank
// 1's pieces of column 1 into place while it computes columns 2 and 4.
// Pieces split into messages of at most 1000 bytes (HETILE_MPI_MAX_COUNT).
// RUN: env HETILE_STATS=1 HETILE_ALLOC=cyclic HETILE_CALIBRATE=0 HETILE_MPI_MAX_COUNT=1000 HETILE_TILE_SIZES=8,10 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 40 40 2> %t.err
// RUN: FileCheck %s --check-prefix=CYCLIC < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// CYCLIC-DAG: hetile: rank 0/2: {{.*}} during the nest: 18 pieces sent, {{[1-9][0-9]*}} bytes placed)
// CYCLIC-DAG: hetile: rank 1/2: {{.*}} during the nest: 12 pieces sent, {{[1-9][0-9]*}} bytes placed)
//
// With --gather=root, only rank 0 receives; 3 ranks, rank 2 without
// columns: it lists no piece, sends and receives nothing.
// RUN: %hetile rewrite --backend=mpi --gather=root %s -o %t.root.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags -I %S/../Exec/Inputs %t.root.c -o %t.root %rt_mpi_libs
// RUN: env HETILE_STATS=1 HETILE_SPEEDS=1,1,1000 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 %mpirun -np 3 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.root 40 40 2> %t.err
// RUN: FileCheck %s --check-prefix=ROOT < %t.err
// RUN: diff %t.expected %t.out.0
// ROOT-DAG: columns per rank: {{[1-9]}},{{[1-9]}},0
// ROOT-DAG: hetile: rank 0/3: {{.*}}; final exchange {{[1-9][0-9]*}} bytes received, 0 bytes sent in 0 messages, {{.*}} during the nest: 0 pieces sent, {{[0-9]+}} bytes placed)
// ROOT-DAG: hetile: rank 1/3: {{.*}}; final exchange 0 bytes received, {{[1-9][0-9]*}} bytes sent in 6 messages, {{.*}} during the nest: 6 pieces sent, 0 bytes placed)
// ROOT-DAG: hetile: rank 2/3: 0 tiles, {{.*}}; final exchange 0 bytes received, 0 bytes sent in 0 messages, {{.*}} during the nest: 0 pieces sent, 0 bytes placed)
//
// With --backend=mpi+omp, a block's columns are split among the rank's
// threads; after each row of a part, its thread calls hetile_mpi_row_done,
// and the block's piece of that row is finished when its last part has
// run the row. The same pieces as above, on 1 and 2 threads per rank;
// cyclic on 2 threads, rank 0's blocks 0 and 4 go to thread 0 and block 2
// to thread 1, whose rows may finish before block 0's last: the pieces
// still leave in the order listed.
// RUN: %hetile rewrite --backend=mpi+omp %s -o %t.omp.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.omp.c | FileCheck %s --check-prefix=OMPCODE
// OMPCODE: hetile_mpi_{{piece}}(hetile_m, hetile_q, hetile_first)
// OMPCODE: hetile_mpi_{{pieces_post}}(hetile_m, 0)
// OMPCODE: #pragma omp parallel
// OMPCODE: hetile_mpi_{{post_column}}(hetile_m, hetile_last, hetile_row);
// OMPCODE-NEXT: if (hetile_mpi_{{row_done}}(hetile_m, hetile_last, hetile_row) < 0) {
// OMPCODE-NOT: hetile_mpi_{{run}}(
// OMPCODE: hetile_mpi_{{exchange}}(hetile_m, 0)
// OMPCODE-NOT: hetile_mpi_{{gather}}(
// RUN: %mpicc -std=c99 -O2 -Wall -Werror -fopenmp %rt_cflags -I %S/../Exec/Inputs %t.omp.c -o %t.omp %rt_mpi_libs
// RUN: env OMP_NUM_THREADS=1 HETILE_STATS=1 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.omp 40 40 2> %t.err
// RUN: FileCheck %s --check-prefix=BLOCK < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: env OMP_NUM_THREADS=2 HETILE_STATS=1 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.omp 40 40 2> %t.err
// RUN: FileCheck %s --check-prefix=BLOCK < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: env OMP_NUM_THREADS=2 HETILE_STATS=1 HETILE_ALLOC=cyclic HETILE_CALIBRATE=0 HETILE_MPI_MAX_COUNT=1000 HETILE_TILE_SIZES=8,10 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.omp 40 40 2> %t.err
// RUN: FileCheck %s --check-prefix=CYCLIC < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
//@ args 0 0 | 1 1 | 7 5 | 40 40 | 23 31
//@ mpi-runs 2:8,10 3:3,4 4:1,1
//@ gather-root
#include "exec-common.h"

static void kern(int N, int M, double D[restrict N + 1][M + 1],
                 double E[restrict N + 1][M + 1]) {
#pragma hetile
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++) {
      D[i][j] = 0.5 * D[i - 1][j] + 0.25 * D[i][j - 1] +
                0.125 * D[i - 1][j - 1];
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
