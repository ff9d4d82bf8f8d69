/* hetile_mpi_take: what a load before a nest reads of the values the
 * previous nest left comes to every rank first (docs/mpi-exchange.md,
 * "Values left for the next nest"), 2 ranks, X[8] of doubles, derived by
 * hand. Rank 0 computed X[0..4), rank 1 X[4..8); each holds -1 elsewhere.
 * Taking X[3..5) moves X[4] to rank 0 and X[3] to rank 1; X[2] and X[5]
 * stay lacking (the table still holds something); taking X[0..2) of
 * what rank 1 lacks moves X[0..2) to rank 1 only; hetile_mpi_settle
 * then moves the rest and the table is empty. A range nothing of which
 * is lacking moves nothing; an end before the start is an error.
 * REQUIRES: mpi
 * RUN: %mpicc -std=c11 -Wall -Werror %rt_cflags %s -o %t %rt_mpi_libs
 * RUN: env HETILE_CALIBRATE=0 %mpirun -np 2 %t 2>&1 | FileCheck %s
 *
 * CHECK-DAG: rank 0: after X[3..5): X[2] 12 X[3] 13 X[4] 14 X[5] -1, deferred 1
 * CHECK-DAG: rank 1: after X[3..5): X[2] -1 X[3] 13 X[4] 14 X[5] 15, deferred 1
 * CHECK-DAG: rank 1: after X[0..2): X[0] 10 X[1] 11 X[2] -1
 * CHECK-DAG: rank 0: settled: X ok, deferred 0
 * CHECK-DAG: rank 1: settled: X ok, deferred 0
 * CHECK-DAG: backwards: -1: hetile_mpi_take: invalid arguments
 */
#include "Inputs/deferred-common.h"

#include <stdio.h>

static double X[8];

int main(void) {
  int me;
  hetile_mpi *m = begin_on(2, &me);
  for (int k = 0; k < 8; k++)
    X[k] = (k < 4) == (me == 0) ? 10.0 + k : -1;
  check(m, hetile_mpi_defer_run(m, 0, 0, &X[0], 4 * sizeof(double)), "run");
  check(m, hetile_mpi_defer_run(m, 1, 0, &X[4], 4 * sizeof(double)), "run");
  check(m, hetile_mpi_defer(m), "defer");
  check(m, hetile_mpi_end(m), "end");

  check(0, hetile_mpi_take(&X[3], &X[5]), "take");
  printf("rank %d: after X[3..5): X[2] %g X[3] %g X[4] %g X[5] %g, deferred %d\n",
         me, X[2], X[3], X[4], X[5], hetile_mpi_deferred());
  check(0, hetile_mpi_take(&X[3], &X[5]), "take again");
  check(0, hetile_mpi_take(&X[0], &X[2]), "take");
  if (me == 1)
    printf("rank 1: after X[0..2): X[0] %g X[1] %g X[2] %g\n", X[0], X[1], X[2]);
  if (me == 0) {
    int e = hetile_mpi_take(&X[2], &X[1]);
    fprintf(stderr, "backwards: %d: %s\n", e, hetile_last_error());
  }
  check(0, hetile_mpi_settle(0), "settle");
  int ok = 1;
  for (int k = 0; k < 8; k++)
    ok &= X[k] == 10.0 + k;
  printf("rank %d: settled: X %s, deferred %d\n", me, ok ? "ok" : "wrong",
         hetile_mpi_deferred());
  fflush(stdout);
  return 0;
}
