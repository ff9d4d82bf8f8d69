/* Final values left for the next nest (hetile_mpi_defer_run,
 * hetile_mpi_defer, hetile_mpi_need_run, hetile_mpi_kill_run,
 * hetile_mpi_touch_run, hetile_mpi_write_run, hetile_mpi_fetch,
 * hetile_mpi_settle), 3 ranks, two
 * arrays X[30] and Y[10] of doubles, every figure derived by hand.
 *
 * The first nest leaves: X[0..10) on rank 0, X[10..20) on rank 1,
 * X[20..30) on rank 2, Y[0..5) on rank 0, Y[5..10) on rank 1; each rank
 * holds -1 where another rank computed. Each lacks 20 + 5 elements of X
 * and Y but rank 2, which lacks all of Y: "left ... 160 bytes the other
 * ranks lack" on rank 0 (its 10 + 5 elements, for 2 other ranks: 240),
 * and so on. The second nest's blocks read X[8..12) on rank 0, X[0..2) on
 * rank 1, nothing on rank 2; it overwrites X[25..30) and touches X only.
 * hetile_mpi_fetch then moves:
 *   rank 0: X[10..12) for its tiles (16 bytes), the rest of X it lacks
 *   within X but X[25..30), i.e. X[12..25) (104 bytes): 120 bytes, 40 not
 *   moved (X[25..30)), Y[5..10) kept (40);
 *   rank 1: X[0..2) for the tiles (16), X[2..10) and X[20..25) (104): 120,
 *   40 not moved, Y[0..5) kept (40);
 *   rank 2: X[0..20) (160), nothing overwritten that it lacks, Y kept (80).
 * Sent: rank 0 its X[0..10) to rank 1 (80) and to rank 2 (80), 160; rank
 * 1 X[10..12) + X[12..20) to rank 0 (80) and X[10..20) to rank 2 (80),
 * 160; rank 2 X[20..25) to ranks 0 and 1, 80. hetile_mpi_settle then moves
 * Y: rank 0 receives 40 bytes and sends 40 + 40, rank 1 receives 40, sends
 * 80, rank 2 receives 80. Afterwards every rank has X[0..25) and Y right,
 * X[25..30) is still -1 on ranks 0 and 1 (the nest would overwrite it),
 * and hetile_mpi_deferred() is 0.
 * REQUIRES: mpi
 * RUN: %mpicc -std=c11 -Wall -Werror %rt_cflags %s -o %t %rt_mpi_libs
 * RUN: env HETILE_CALIBRATE=0 HETILE_STATS=1 %mpirun -np 3 %t 2>&1 | FileCheck %s
 * RUN: env HETILE_CALIBRATE=0 HETILE_STATS=1 HETILE_DEFER=0 %mpirun -np 3 %t 2>&1 | FileCheck %s --check-prefix=OFF
 *
 * CHECK-DAG: rank 0: X ok, Y ok, X[25..30) left, deferred 1 then 0
 * CHECK-DAG: rank 1: X ok, Y ok, X[25..30) left, deferred 1 then 0
 * CHECK-DAG: rank 2: X ok, Y ok, X[25..30) ok, deferred 1 then 0
 * CHECK-DAG: hetile: rank 0/3: {{.*}}; final values left on their ranks for the next nest: 240 bytes the other ranks lack{{$}}
 * CHECK-DAG: hetile: rank 0/3: {{.*}}0 bytes placed); of what the previous nest left: 120 bytes received (16 for the tiles), 160 sent, 40 not moved (this nest overwrites them), 40 kept where they are (this nest does not write them); of what earlier nests left: 40 bytes received, 80 sent (to every rank)
 * CHECK-DAG: hetile: rank 1/3: {{.*}}; final values left on their ranks for the next nest: 240 bytes the other ranks lack{{$}}
 * CHECK-DAG: hetile: rank 1/3: {{.*}}0 bytes placed); of what the previous nest left: 120 bytes received (16 for the tiles), 160 sent, 40 not moved (this nest overwrites them), 40 kept where they are (this nest does not write them); of what earlier nests left: 40 bytes received, 80 sent (to every rank)
 * CHECK-DAG: hetile: rank 2/3: {{.*}}; final values left on their ranks for the next nest: 160 bytes the other ranks lack{{$}}
 * CHECK-DAG: hetile: rank 2/3: {{.*}}0 bytes placed); of what the previous nest left: 160 bytes received (0 for the tiles), 80 sent, 0 not moved (this nest overwrites them), 80 kept where they are (this nest does not write them); of what earlier nests left: 80 bytes received, 0 sent (to every rank)
 * CHECK-DAG: need rank 3: -1: hetile_mpi_need_run: null nest or address, or rank 3 out of range
 * CHECK-DAG: touch backwards: -1: hetile_mpi_touch_run: invalid arguments
 * CHECK-DAG: write rank -1: -1: hetile_mpi_write_run: null nest or address, or rank -1 out of range
 * CHECK-DAG: no nest: -1: hetile_mpi_defer_run: null nest or address, rank 0 out of range or array 0
 *
 * HETILE_DEFER=0: everything moves within hetile_mpi_defer, X[25..30) too.
 * OFF-DAG: rank 0: X ok, Y ok, X[25..30) ok, deferred 0 then 0
 * OFF-DAG: rank 2: X ok, Y ok, X[25..30) ok, deferred 0 then 0
 */
#include "Inputs/deferred-common.h"

#include <stdio.h>

static double X[30], Y[10];

static double value(int k) { return 10.0 + k; }

/* The first and last element of X and Y rank q computes. */
static const int XLo[3] = {0, 10, 20}, XHi[3] = {10, 20, 30};
static const int YLo[3] = {0, 5, 10}, YHi[3] = {5, 10, 10};

int main(void) {
  int me;
  hetile_mpi *m = begin_on(3, &me);
  for (int k = 0; k < 30; k++)
    X[k] = k >= XLo[me] && k < XHi[me] ? value(k) : -1;
  for (int k = 0; k < 10; k++)
    Y[k] = k >= YLo[me] && k < YHi[me] ? value(100 + k) : -1;
  for (int q = 0; q < 3; q++) {
    /* Rank 0's X as two adjacent runs (they merge), the others' as one. */
    if (q == 0) {
      check(m, hetile_mpi_defer_run(m, 0, 0, &X[0], 4 * sizeof(double)), "run");
      check(m, hetile_mpi_defer_run(m, 0, 0, &X[4], 6 * sizeof(double)), "run");
    } else
      check(m, hetile_mpi_defer_run(m, q, 0, &X[XLo[q]],
                                    sizeof(double) * (XHi[q] - XLo[q])), "run");
    check(m, hetile_mpi_defer_run(m, q, 1, &Y[YLo[q]],
                                  sizeof(double) * (YHi[q] - YLo[q])), "run");
  }
  check(m, hetile_mpi_defer(m), "defer");
  int before = hetile_mpi_deferred();
  fprintf(stderr, "%s\n", hetile_mpi_stats(m));
  check(m, hetile_mpi_end(m), "end");

  m = 0;
  check(m, hetile_mpi_begin(3, &m), "begin");
  if (me == 0) { /* bad arguments: errors, nothing listed */
    int e1 = hetile_mpi_need_run(m, 3, &X[8], sizeof(double));
    fprintf(stderr, "need rank 3: %d: %s\n", e1, hetile_last_error());
    int e2 = hetile_mpi_touch_run(m, &X[2], &X[1]);
    fprintf(stderr, "touch backwards: %d: %s\n", e2, hetile_last_error());
    int e4 = hetile_mpi_write_run(m, -1, &X[8], sizeof(double));
    fprintf(stderr, "write rank -1: %d: %s\n", e4, hetile_last_error());
    int e3 = hetile_mpi_defer_run(0, 0, 0, &X[0], 8);
    fprintf(stderr, "no nest: %d: %s\n", e3, hetile_last_error());
  }
  check(m, hetile_mpi_need_run(m, 0, &X[8], 4 * sizeof(double)), "need");
  check(m, hetile_mpi_need_run(m, 1, &X[0], 2 * sizeof(double)), "need");
  check(m, hetile_mpi_kill_run(m, &X[25], 5 * sizeof(double)), "kill");
  check(m, hetile_mpi_touch_run(m, &X[0], &X[30]), "touch");
  check(m, hetile_mpi_fetch(m), "fetch");
  check(m, hetile_mpi_settle(m), "settle");
  int after = hetile_mpi_deferred();
  int xok = 1, yok = 1, tail = 1;
  for (int k = 0; k < 25; k++)
    xok &= X[k] == value(k);
  for (int k = 25; k < 30; k++)
    tail &= X[k] == value(k);
  for (int k = 0; k < 10; k++)
    yok &= Y[k] == value(100 + k);
  printf("rank %d: X %s, Y %s, X[25..30) %s, deferred %d then %d\n", me,
         xok ? "ok" : "wrong", yok ? "ok" : "wrong", tail ? "ok" : "left",
         before, after);
  fflush(stdout);
  fprintf(stderr, "%s\n", hetile_mpi_stats(m));
  check(m, hetile_mpi_end(m), "end");
  return 0;
}
