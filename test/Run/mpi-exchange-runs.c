// Differential execution: the MPI final exchange of arrays whose final
// values per row of tiles of a block are boxes (a 3D array B and a 2D array
// C: runs of consecutive elements, hetile_mpi_run / hetile_mpi_piece)
// beside one whose are not (the lower triangle L: element by element,
// hetile_mpi_gather), in one nest.
// RUN: %differential %s --work %t
//
// The generated code lists the runs of B and C per row of tiles of each
// block (pieces, posted as the nest runs), and packs L's elements:
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=CODE
// CODE: hetile_mpi_{{run}}(hetile_m, hetile_q, 0, &B[
// CODE: hetile_mpi_{{run}}(hetile_m, hetile_q, 1, &C[
// CODE-NOT: hetile_mpi_{{run}}(hetile_m, hetile_q, {{[0-9]+}}, &L[
// CODE: hetile_mpi_{{piece}}(hetile_m, hetile_q, hetile_first)
// CODE: hetile_mpi_{{piece_done}}(hetile_m, hetile_first)
// CODE: hetile_mpi_{{exchange}}(hetile_m, 0)
// CODE: {{memcpy}}(hetile_buf + hetile_pos, &L[
// CODE: hetile_mpi_{{gather}}(
//
// A rank without columns (cycle time 1000) receives every final value:
// B 3 x 20 x 20, C 20 x 20 and L 210 doubles, 14480 bytes, and sends none.
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: env HETILE_STATS=1 HETILE_SPEEDS=1,1,1000 HETILE_TILE_SIZES=2,3,5 %mpirun -np 3 %t.mpi 20 4 2>&1 | FileCheck %s --check-prefix=STATS
// STATS-DAG: columns per rank: {{[0-9]+}},{{[0-9]+}},0
// STATS-DAG: hetile: rank 2/3: 0 tiles, 0 messages, 0 bytes sent, {{.*}}; final exchange 14480 bytes received, 0 bytes sent in 0 messages,
//
// With --gather=root, rank 0 receives what ranks 1 and 2 hold: rank 1's
// tile columns j = 5..9 and 15..19 (allocation 01010), 890 doubles or 7120
// bytes: B's and C's as one piece per row of tiles of each block (rows of
// t = 0..1, 2..3 and i = 0..2, ..., 18..20: 14 per block), sent while
// rank 1 computes, and L's elements in one message; rank 2 neither sends
// nor receives.
// RUN: %hetile rewrite --backend=mpi --gather=root %s -o %t.root.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags -I %S/../Exec/Inputs %t.root.c -o %t.root %rt_mpi_libs
// RUN: env HETILE_STATS=1 HETILE_SPEEDS=1,1,1000 HETILE_TILE_SIZES=2,3,5 %mpirun -np 3 %t.root 20 4 2>&1 | FileCheck %s --check-prefix=ROOT
// ROOT-DAG: hetile: rank 2/3: 0 tiles, {{.*}}; final exchange 0 bytes received, 0 bytes sent in 0 messages,
// ROOT-DAG: hetile: rank 1/3: {{.*}}; final exchange 0 bytes received, {{[1-9][0-9]*}} bytes sent in 29 messages, {{.*}} during the nest: 28 pieces sent,
// ROOT-DAG: hetile: rank 0/3: {{.*}}; final exchange 7120 bytes received, 0 bytes sent in 0 messages,
//
// The same with --backend=mpi+omp on 2 threads per rank: rank 1's pieces
// leave as its threads finish the blocks' rows.
// RUN: %hetile rewrite --backend=mpi+omp --gather=root %s -o %t.omp.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.omp.c | FileCheck %s --check-prefix=OMPCODE
// OMPCODE: hetile_mpi_{{pieces_post}}(hetile_m, 1)
// OMPCODE: hetile_mpi_{{row_done}}(hetile_m, hetile_last, hetile_row)
// OMPCODE: hetile_mpi_{{exchange}}(hetile_m, 1)
// OMPCODE: hetile_mpi_{{gather}}(
// RUN: %mpicc -std=c99 -O2 -Wall -Werror -fopenmp %rt_cflags -I %S/../Exec/Inputs %t.omp.c -o %t.omp %rt_mpi_libs
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 20 4 > %t.expected
// RUN: env OMP_NUM_THREADS=2 HETILE_STATS=1 HETILE_SPEEDS=1,1,1000 HETILE_TILE_SIZES=2,3,5 %mpirun -np 3 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.omp 20 4 2> %t.err
// RUN: FileCheck %s --check-prefix=ROOT < %t.err
// RUN: diff %t.expected %t.out.0
//@ args 0 3 | 1 2 | 20 4 | 13 5
//@ mpi-runs 3:1,1,1 2:2,3,5 4:1,2,7
//@ gather-root
#include "exec-common.h"

static void kern(int N, int T, double B[restrict T][N + 1][N + 1],
                 double C[restrict N + 1][N + 1],
                 double L[restrict N + 1][N + 1]) {
#pragma hetile
  for (int t = 1; t < T; t++)
    for (int i = 1; i <= N; i++)
      for (int j = 1; j <= N; j++) {
        B[t][i][j] = 0.5 * B[t - 1][i][j] + 0.25 * B[t][i - 1][j] +
                     0.125 * B[t][i][j - 1];
        C[i][j] = B[t][i][j] - 0.5 * C[i][j];
        if (j <= i)
          L[i][j] = 0.5 * L[i][j] + B[t][i][j];
      }
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10, T = argc > 2 ? atoi(argv[2]) : 3;
  size_t Plane = (size_t)(N + 1) * (size_t)(N + 1);
  double *B = malloc(sizeof(double) * Plane * (size_t)T);
  double *C = malloc(sizeof(double) * Plane);
  double *L = malloc(sizeof(double) * Plane);
  for (size_t k = 0; k < Plane * (size_t)T; k++)
    B[k] = hetile_exec_init((long)k, 1, 0);
  for (size_t k = 0; k < Plane; k++) {
    C[k] = hetile_exec_init((long)k, 2, 0);
    L[k] = hetile_exec_init((long)k, 3, 0);
  }
  kern(N, T, (double (*)[N + 1][N + 1])B, (double (*)[N + 1])C,
       (double (*)[N + 1])L);
  hetile_exec_dump("B", B, Plane * (size_t)T);
  hetile_exec_dump("C", C, Plane);
  hetile_exec_dump("L", L, Plane);
  free(B);
  free(C);
  free(L);
  return 0;
}
