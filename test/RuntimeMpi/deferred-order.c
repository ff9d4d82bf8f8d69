/* The table of values left (hetile_mpi_defer_run, hetile_mpi_defer,
 * hetile_mpi_need_run, hetile_mpi_fetch, hetile_mpi_settle) where the
 * ranks' arrays lie in different orders in memory, and where two ranks
 * list overlapping runs. 2 ranks, two arrays P[16] and Q[16] of doubles
 * from malloc, allocated P first on rank 0 and Q first on rank 1, so that
 * the address order of the two arrays differs between the ranks (the
 * program prints whether it does). A message's parts are in the order of
 * the deferring nest's arrays, then of addresses, which both ranks see
 * alike; an order by address alone would swap P's and Q's parts on one
 * side.
 *
 * The first nest leaves P[0..8) and Q[0..8) on rank 0, P[8..16) and
 * Q[4..16) on rank 1: the two listings overlap on Q[4..8), which the later
 * listed run (rank 1's) holds, as if the runs were entered one by one.
 * Rank 0 holds other values there (value + 1000), which must not survive.
 * "left ... bytes the other ranks lack": rank 0 its 8 + 8 elements (128),
 * rank 1 its 8 + 12 (160).
 * The second nest's blocks read, on rank 0, Q[10..12) then P[12..14)
 * (listed in that order), on rank 1 P[2..4) then Q[0..2); it writes P
 * (hetile_mpi_touch_run over P), not Q. hetile_mpi_fetch moves
 *   to rank 0: Q[10..12) and P[12..14) for its tiles (32 bytes), then
 *   the rest of P it lacks, P[8..12) and P[14..16) (48): 80 bytes, in one
 *   message whose parts are P[8..12), P[12..14), P[14..16), Q[10..12);
 *   to rank 1: P[2..4) and Q[0..2) for its tiles (32), then P[0..2) and
 *   P[4..8) (48): 80 bytes;
 * and keeps Q[4..10) and Q[12..16) lacking on rank 0 (80 bytes: Q[4..8)
 * is rank 1's), Q[2..4) on rank 1 (16). hetile_mpi_settle moves those:
 * rank 0 receives 80 and sends 16, rank 1 receives 16 and sends 80.
 * Afterwards every element of P and Q on both ranks is its value.
 * REQUIRES: mpi
 * RUN: %mpicc -std=c11 -Wall -Werror %rt_cflags %s -o %t %rt_mpi_libs
 * RUN: env HETILE_CALIBRATE=0 HETILE_STATS=1 %mpirun -np 2 %t 2>&1 | FileCheck %s
 *
 * CHECK-DAG: rank 0: P ok, Q ok, arrays in the other order than rank 1's: yes
 * CHECK-DAG: rank 1: P ok, Q ok
 * CHECK-DAG: hetile: rank 0/2: {{.*}}; final values left on their ranks for the next nest: 128 bytes the other ranks lack{{$}}
 * CHECK-DAG: hetile: rank 1/2: {{.*}}; final values left on their ranks for the next nest: 160 bytes the other ranks lack{{$}}
 * CHECK-DAG: hetile: rank 0/2: {{.*}}; of what the previous nest left: 80 bytes received (32 for the tiles), 80 sent, 0 not moved (this nest overwrites them), 80 kept where they are (this nest does not write them); of what earlier nests left: 80 bytes received, 16 sent (to every rank)
 * CHECK-DAG: hetile: rank 1/2: {{.*}}; of what the previous nest left: 80 bytes received (32 for the tiles), 80 sent, 0 not moved (this nest overwrites them), 16 kept where they are (this nest does not write them); of what earlier nests left: 16 bytes received, 80 sent (to every rank)
 */
#include "Inputs/deferred-common.h"

#include <mpi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static double value(int array, int k) { return 100.0 * array + k; }

int main(void) {
  int me;
  hetile_mpi *m = begin_on(2, &me);
  /* Large enough to come from mmap each, in the order of the calls. */
  enum { Pad = 1 << 18 };
  double *first = malloc(Pad * sizeof(double));
  double *second = malloc(Pad * sizeof(double));
  if (!first || !second)
    return 1;
  double *P = me == 0 ? first : second, *Q = me == 0 ? second : first;
  int below = (uintptr_t)P < (uintptr_t)Q;
  for (int k = 0; k < 16; k++) {
    P[k] = (me == 0 ? k < 8 : k >= 8) ? value(1, k) : -1;
    Q[k] = (me == 0 ? k < 8 : k >= 4) ? value(2, k) : -1;
    if (me == 0 && k >= 4 && k < 8)
      Q[k] += 1000; /* rank 1's listing holds Q[4..8) */
  }
  check(m, hetile_mpi_defer_run(m, 0, 0, &P[0], 8 * sizeof(double)), "run");
  check(m, hetile_mpi_defer_run(m, 0, 1, &Q[0], 8 * sizeof(double)), "run");
  check(m, hetile_mpi_defer_run(m, 1, 0, &P[8], 8 * sizeof(double)), "run");
  check(m, hetile_mpi_defer_run(m, 1, 1, &Q[4], 12 * sizeof(double)), "run");
  check(m, hetile_mpi_defer(m), "defer");
  fprintf(stderr, "%s\n", hetile_mpi_stats(m));
  check(m, hetile_mpi_end(m), "end");

  m = 0;
  check(m, hetile_mpi_begin(2, &m), "begin");
  check(m, hetile_mpi_need_run(m, 0, &Q[10], 2 * sizeof(double)), "need");
  check(m, hetile_mpi_need_run(m, 0, &P[12], 2 * sizeof(double)), "need");
  check(m, hetile_mpi_need_run(m, 1, &P[2], 2 * sizeof(double)), "need");
  check(m, hetile_mpi_need_run(m, 1, &Q[0], 2 * sizeof(double)), "need");
  check(m, hetile_mpi_touch_run(m, &P[0], &P[16]), "touch");
  check(m, hetile_mpi_fetch(m), "fetch");
  check(m, hetile_mpi_settle(m), "settle");
  int pok = 1, qok = 1;
  for (int k = 0; k < 16; k++) {
    pok &= P[k] == value(1, k);
    qok &= Q[k] == value(2, k);
  }
  /* Whether the two ranks see the arrays in different address orders. */
  int orders[2] = {0, 0};
  MPI_Allgather(&below, 1, MPI_INT, orders, 1, MPI_INT, MPI_COMM_WORLD);
  int theirs = orders[1];
  printf("rank %d: P %s, Q %s%s%s\n", me, pok ? "ok" : "wrong",
         qok ? "ok" : "wrong",
         me == 0 ? ", arrays in the other order than rank 1's: " : "",
         me == 0 ? (theirs != below ? "yes" : "no") : "");
  fflush(stdout);
  fprintf(stderr, "%s\n", hetile_mpi_stats(m));
  check(m, hetile_mpi_end(m), "end");
  free(first);
  free(second);
  return 0;
}
