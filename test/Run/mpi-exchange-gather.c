// Differential execution: the MPI final exchange of arrays whose final
// values are not boxes, beside one whose are: a strided write (S[i][2 * j],
// the even columns only) and a guarded one (G[i][j] where j % 3 == 0) move
// element by element (packed per tile, hetile_mpi_gather), B's as runs
// (pieces, hetile_mpi_piece). On more ranks than tile columns, the ranks
// without columns receive every final value and send none.
// RUN: %differential %s --work %t
//
// The generated code lists B's runs and packs S's and G's elements:
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=CODE
// CODE: hetile_mpi_{{run}}(hetile_m, hetile_q, 0, &B[
// CODE-NOT: hetile_mpi_{{run}}(hetile_m, hetile_q, {{[0-9]+}}, &{{[SG]}}[
// CODE: hetile_mpi_{{piece_done}}(hetile_m, hetile_first)
// CODE: hetile_mpi_{{exchange}}(hetile_m, 0)
// CODE-DAG: {{memcpy}}(hetile_buf + hetile_pos, &S[
// CODE-DAG: {{memcpy}}(hetile_buf + hetile_pos, &G[
// CODE: hetile_mpi_{{gather}}(
//
// N = M = 6, tiles 4 x 4 (origins 0 and 4): 2 tile columns (j = 1..3,
// 4..6) and 2 rows of tiles (i = 1..3, 4..6) on 4 ranks of
// equal speed: one column each for ranks 0 and 1, none for ranks 2 and 3.
// Final values: B 6 x 6, S 6 x 6 (S[i][2], ..., S[i][12]) and G 6 x 2
// (j = 3, 6) doubles, 672 bytes; a column's share: B 6 x 3, S 6 x 3, G 6
// x 1 doubles, 336 bytes. Ranks 2 and 3 receive all 672 bytes; ranks 0
// and 1 the other's 336. B's pieces (one per row of tiles: 2 per column)
// leave while the nest runs; S's and G's elements travel in the gather,
// after it: a rank with a column sends its 336 bytes to each of the 3
// others, 1008 bytes in 2 x 3 piece messages and 3 gather messages.
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 6 6 > %t.expected
// RUN: env HETILE_STATS=1 HETILE_CALIBRATE=0 HETILE_ALLOC=cyclic HETILE_TILE_SIZES=4,4 %mpirun -np 4 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 6 6 2> %t.err
// RUN: FileCheck %s --check-prefix=ALL < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: diff %t.expected %t.out.2
// RUN: diff %t.expected %t.out.3
// ALL-DAG: columns per rank: 1,1,0,0
// ALL-DAG: hetile: rank 0/4: {{[1-9][0-9]*}} tiles, {{.*}}; final exchange 336 bytes received, 1008 bytes sent in 9 messages, {{.*}} during the nest: 2 pieces sent,
// ALL-DAG: hetile: rank 1/4: {{[1-9][0-9]*}} tiles, {{.*}}; final exchange 336 bytes received, 1008 bytes sent in 9 messages, {{.*}} during the nest: 2 pieces sent,
// ALL-DAG: hetile: rank 2/4: 0 tiles, 0 messages, 0 bytes sent, {{.*}}; final exchange 672 bytes received, 0 bytes sent in 0 messages,
// ALL-DAG: hetile: rank 3/4: 0 tiles, 0 messages, 0 bytes sent, {{.*}}; final exchange 672 bytes received, 0 bytes sent in 0 messages,
//
// Ranks 2 and 3, without columns, wait at the end of the nest while ranks
// 0 and 1 (emulated 200 times slower) compute 500 rows of tiles: they
// receive B's pieces meanwhile, placed during the nest, not after it.
// RUN: %t.orig 2000 6 > %t.expected.rows
// RUN: env HETILE_STATS=1 HETILE_CALIBRATE=0 HETILE_ALLOC=cyclic HETILE_TILE_SIZES=4,4 HETILE_EMULATE_SPEEDS=200,200,1,1 %mpirun -np 4 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 2000 6 2> %t.err
// RUN: FileCheck %s --check-prefix=WAITING < %t.err
// RUN: diff %t.expected.rows %t.out.2
// RUN: diff %t.expected.rows %t.out.3
// WAITING-DAG: hetile: rank 2/4: 0 tiles, {{.*}} during the nest: 0 pieces sent, {{[1-9][0-9]*}} bytes placed)
// WAITING-DAG: hetile: rank 3/4: 0 tiles, {{.*}} during the nest: 0 pieces sent, {{[1-9][0-9]*}} bytes placed)
//
// With --gather=root only rank 0 receives: rank 1's 336 bytes, in 2 pieces
// and 1 gather message; ranks 2 and 3 move nothing.
// RUN: %hetile rewrite --backend=mpi --gather=root %s -o %t.root.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags -I %S/../Exec/Inputs %t.root.c -o %t.root %rt_mpi_libs
// RUN: env HETILE_STATS=1 HETILE_CALIBRATE=0 HETILE_ALLOC=cyclic HETILE_TILE_SIZES=4,4 %mpirun -np 4 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.root 6 6 2> %t.err
// RUN: FileCheck %s --check-prefix=ROOT < %t.err
// RUN: diff %t.expected %t.out.0
// ROOT-DAG: hetile: rank 0/4: {{.*}}; final exchange 336 bytes received, 0 bytes sent in 0 messages,
// ROOT-DAG: hetile: rank 1/4: {{.*}}; final exchange 0 bytes received, 336 bytes sent in 3 messages, {{.*}} during the nest: 2 pieces sent,
// ROOT-DAG: hetile: rank 2/4: 0 tiles, {{.*}}; final exchange 0 bytes received, 0 bytes sent in 0 messages,
// ROOT-DAG: hetile: rank 3/4: 0 tiles, {{.*}}; final exchange 0 bytes received, 0 bytes sent in 0 messages,
//@ args 0 0 | 1 1 | 6 6 | 9 14
//@ mpi-runs 4:4,4 5:1,2 3:4,5
//@ gather-root
#include "exec-common.h"

static void kern(int N, int M, double B[restrict N + 1][M + 1],
                 double S[restrict N + 1][2 * M + 1],
                 double G[restrict N + 1][M + 1]) {
#pragma hetile
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++) {
      B[i][j] = 0.5 * B[i - 1][j] + 0.25 * B[i][j - 1] + 1.0;
      S[i][2 * j] = 0.5 * S[i - 1][2 * j] + 0.125 * B[i][j];
      if (j % 3 == 0)
        G[i][j] = 0.25 * G[i - 1][j] + B[i][j];
    }
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 6, M = argc > 2 ? atoi(argv[2]) : 6;
  size_t NB = (size_t)(N + 1) * (size_t)(M + 1);
  size_t NS = (size_t)(N + 1) * (size_t)(2 * M + 1);
  double *B = malloc(sizeof(double) * NB);
  double *S = malloc(sizeof(double) * NS);
  double *G = malloc(sizeof(double) * NB);
  for (size_t k = 0; k < NB; k++) {
    B[k] = hetile_exec_init((long)k, 1, 0);
    G[k] = hetile_exec_init((long)k, 3, 0);
  }
  for (size_t k = 0; k < NS; k++)
    S[k] = hetile_exec_init((long)k, 2, 0);
  kern(N, M, (double (*)[M + 1])B, (double (*)[2 * M + 1])S,
       (double (*)[M + 1])G);
  hetile_exec_dump("B", B, NB);
  hetile_exec_dump("S", S, NS);
  hetile_exec_dump("G", G, NB);
  free(B);
  free(S);
  free(G);
  return 0;
}
