/* Pieces of final values (hetile_mpi_piece, hetile_mpi_pieces_post,
 * hetile_mpi_piece_done), 2 ranks, one array of 4 rows of 65536 doubles:
 * rank 0 owns column 0 (elements 0..32767 of each row), rank 1 column 1
 * (32768..65535). Each rank has two pieces (rows 0-1, rows 2-3): runs of
 * 256 KiB, sent in place, one message per run.
 *
 * "ok": both ranks run their rows; after hetile_mpi_exchange each holds
 * the other's values. Rank 1 (right of rank 0) posts its receives before
 * its first row and, running its rows after rank 0 sent its pieces (a
 * barrier), places them then; rank 0 receives rank 1's at the exchange.
 * "short": rank 0 reports a row more than it listed: HETILE_ERR_INVALID.
 * "rows": as with threads (hetile_mpi_threads, hetile_mpi_row_done), each
 * rank reports its second piece finished before its first: both leave
 * once the first is, in the order listed (the receiver's order).
 * "badrow": rank 0 reports a row it did not list: HETILE_ERR_INVALID.
 * "lost": rank 1 reaches the exchange without running its rows (its
 * pieces are never sent), so rank 0's exchange times out after
 * HETILE_WATCHDOG=2 seconds, with a message.
 * "window": the sender's window. W has 512 rows of 2 x 8192 doubles, rank
 * 0 owns the left halves, rank 1 the right ones; each rank's pieces are 64
 * rows (64 runs of 64 KiB: packed, 4 MiB a piece), 8 pieces. Rank 1 runs
 * all its rows while rank 0 waits (MPI_Barrier), so none of its pieces can
 * be received (rank 0 has not run the rows left of them): it packs and
 * sends the first 4 (16 MiB) and keeps the others back (a message this
 * large completes only once received: Open MPI's rendezvous protocol,
 * beyond 4 KiB within a node). Then, breaking the contract on purpose to
 * see when each piece was packed, it overwrites all its rows with other
 * values: the pieces kept back are packed later, and carry those. Rank 0 finds rank 1's first 256 rows with the values of the
 * rows run, the rest with the later ones; rank 1 all of rank 0's rows.
 * REQUIRES: mpi
 * RUN: %mpicc -std=c11 -Wall -Werror %rt_cflags %s -o %t %rt_mpi_libs
 * RUN: env HETILE_CALIBRATE=0 HETILE_ALLOC=cyclic HETILE_STATS=1 %mpirun -np 2 %t ok 2>&1 | FileCheck %s --check-prefix=OK
 * RUN: env HETILE_CALIBRATE=0 HETILE_ALLOC=cyclic not %mpirun -np 2 %t short 2>&1 | FileCheck %s --check-prefix=SHORT
 * RUN: env HETILE_CALIBRATE=0 HETILE_ALLOC=cyclic HETILE_STATS=1 %mpirun -np 2 %t rows 2>&1 | FileCheck %s --check-prefix=OK
 * RUN: env HETILE_CALIBRATE=0 HETILE_ALLOC=cyclic not %mpirun -np 2 %t badrow 2>&1 | FileCheck %s --check-prefix=BADROW
 * RUN: env HETILE_WATCHDOG=2 HETILE_CALIBRATE=0 HETILE_ALLOC=cyclic not %mpirun -np 2 %t lost 2>&1 | FileCheck %s --check-prefix=LOST
 * RUN: env HETILE_CALIBRATE=0 HETILE_ALLOC=cyclic %mpirun -np 2 %t window 2>&1 | FileCheck %s --check-prefix=WINDOW
 *
 * OK-DAG: rank 0: values ok
 * OK-DAG: rank 1: values ok
 * OK-DAG: hetile: rank 0/2: {{.*}}; final exchange 1048576 bytes received, 1048576 bytes sent in 4 messages, {{.*}} during the nest: 2 pieces sent, {{[0-9]+}} bytes placed)
 * OK-DAG: hetile: rank 1/2: {{.*}}; final exchange 1048576 bytes received, 1048576 bytes sent in 4 messages, {{.*}} during the nest: 2 pieces sent, {{[1-9][0-9]*}} bytes placed)
 * SHORT: rank 0: error -1: hetile_mpi_piece_done: rank 0 has only 2 pieces
 * BADROW: rank 0: error -1: hetile_mpi_row_done: rank 0 listed no piece for row 2 of its block ending at column 0
 * LOST: rank 0: error -7: rank 0: the final values posted during the nest did not arrive after 2 s (HETILE_WATCHDOG)
 * LOST: rank 0: fired within 2 to 10 s: yes
 * WINDOW-DAG: rank 0: window: 256 rows packed when run, 256 later
 * WINDOW-DAG: rank 1: window: values ok
 */
#include "hetile_rt_mpi.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define ROWS 4
#define COLS 65536

static double A[ROWS][COLS];

/* The value rank q writes at row r, element c. */
static double value(int q, int r, int c) { return 1000.0 * (q + 1) + r * COLS + c; }

static void failed(hetile_mpi *m, int me, int rc, double t0) {
  double took = hetile_timer_now() - t0;
  fprintf(stderr, "rank %d: error %d: %s\n", me, rc, hetile_last_error());
  if (took >= 2)
    fprintf(stderr, "rank %d: fired within 2 to 10 s: %s\n", me,
            took <= 10 ? "yes" : "no");
  hetile_mpi_abort(m, 3);
}

#define WROWS 512
#define WCOLS 16384
#define WPIECE 64

static double W[WROWS][WCOLS];

/* The "window" mode (see the top). */
static int window(hetile_mpi *m, int me) {
  const size_t run = WCOLS / 2 * sizeof(double);
  for (int q = 0; q < 2; q++)
    for (int r0 = 0; r0 < WROWS; r0 += WPIECE) {
      for (int r = r0; r < r0 + WPIECE; r++)
        hetile_mpi_run(m, q, 0, &W[r][q * WCOLS / 2], run);
      hetile_mpi_piece(m, q, q);
    }
  double t0 = hetile_timer_now();
  int rc = hetile_mpi_pieces_post(m, 0);
  if (rc < 0)
    failed(m, me, rc, t0);
  if (me == 1) {
    for (int r0 = 0; r0 < WROWS; r0 += WPIECE) {
      for (int r = r0; r < r0 + WPIECE; r++)
        for (int c = 0; c < WCOLS / 2; c++)
          W[r][WCOLS / 2 + c] = value(1, r, c);
      if ((rc = hetile_mpi_piece_done(m, 1)) < 0)
        failed(m, me, rc, t0);
    }
    for (int r = 0; r < WROWS; r++)
      for (int c = 0; c < WCOLS / 2; c++)
        W[r][WCOLS / 2 + c] = -value(1, r, c);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (me == 0)
    for (int r0 = 0; r0 < WROWS; r0 += WPIECE) {
      for (int r = r0; r < r0 + WPIECE; r++)
        for (int c = 0; c < WCOLS / 2; c++)
          W[r][c] = value(0, r, c);
      if ((rc = hetile_mpi_piece_done(m, 0)) < 0)
        failed(m, me, rc, t0);
    }
  if ((rc = hetile_mpi_exchange(m, 0)) < 0)
    failed(m, me, rc, t0);
  if (me == 1) {
    int ok = 1;
    for (int r = 0; r < WROWS; r++)
      for (int c = 0; c < WCOLS / 2; c++)
        ok &= W[r][c] == value(0, r, c);
    fprintf(stderr, "rank 1: window: values %s\n", ok ? "ok" : "WRONG");
    return ok;
  }
  /* The first row of rank 1's carrying the later values, and whether every
   * row carries one value or the other, whole. */
  int later = WROWS, whole = 1;
  for (int r = 0; r < WROWS; r++) {
    int run_ = 1, after = 1;
    for (int c = 0; c < WCOLS / 2; c++) {
      run_ &= W[r][WCOLS / 2 + c] == value(1, r, c);
      after &= W[r][WCOLS / 2 + c] == -value(1, r, c);
    }
    whole &= run_ || after;
    if (after && later == WROWS)
      later = r;
    whole &= (r < later) == run_;
  }
  fprintf(stderr, "rank 0: window: %d rows packed when run, %d later%s\n",
          later, WROWS - later, whole ? "" : " (MIXED)");
  return whole;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "ok";
  hetile_mpi *m;
  if (hetile_mpi_begin(2, &m) < 0 || hetile_mpi_size(m) != 2)
    return 1;
  const int me = hetile_mpi_rank(m);
  if (!strcmp(mode, "window")) {
    int ok = window(m, me);
    hetile_mpi_end(m);
    return ok ? 0 : 1;
  }
  /* Every rank lists both ranks' pieces, in their order. */
  for (int q = 0; q < 2; q++) {
    long first, last;
    for (long b = 0; hetile_mpi_block(m, q, b, &first, &last); b++)
      for (int r0 = 0; r0 < ROWS; r0 += 2) {
        for (int r = r0; r < r0 + 2; r++)
          hetile_mpi_run(m, q, 0, &A[r][first * COLS / 2],
                         COLS / 2 * sizeof(double));
        hetile_mpi_piece(m, q, first);
      }
  }
  const int rows = !strcmp(mode, "rows") || !strcmp(mode, "badrow");
  double t0 = hetile_timer_now();
  int rc = rows ? hetile_mpi_threads(m, 1) : 0;
  if (rc == 0)
    rc = hetile_mpi_pieces_post(m, 0);
  if (rc < 0)
    failed(m, me, rc, t0);
  long first, last;
  /* Rank 1 runs its rows once rank 0 has sent its pieces. */
  if (me == 1)
    MPI_Barrier(MPI_COMM_WORLD);
  if (rows)
    for (long b = 0; hetile_mpi_block(m, me, b, &first, &last); b++) {
      for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS / 2; c++)
          A[r][first * COLS / 2 + c] = value(me, r, c);
      long order[] = {1, 0};
      if (!strcmp(mode, "badrow") && me == 0)
        order[0] = ROWS / 2;
      for (int k = 0; k < 2; k++)
        if ((rc = hetile_mpi_row_done(m, last, order[k])) < 0)
          failed(m, me, rc, t0);
    }
  else if (strcmp(mode, "lost") || me == 0)
    for (long b = 0; hetile_mpi_block(m, me, b, &first, &last); b++)
      for (int r0 = 0; r0 < ROWS; r0 += 2) {
        for (int r = r0; r < r0 + 2; r++)
          for (int c = 0; c < COLS / 2; c++)
            A[r][first * COLS / 2 + c] = value(me, r, c);
        if ((rc = hetile_mpi_piece_done(m, first)) < 0)
          failed(m, me, rc, t0);
      }
  if (me == 0)
    MPI_Barrier(MPI_COMM_WORLD);
  if (!strcmp(mode, "short") && me == 0 &&
      (rc = hetile_mpi_piece_done(m, 0)) < 0)
    failed(m, me, rc, t0);
  t0 = hetile_timer_now();
  if ((rc = hetile_mpi_exchange(m, 0)) < 0)
    failed(m, me, rc, t0);
  if (!strcmp(mode, "lost") && me == 1) {
    sleep(30); /* sent no piece; waits for the abort */
    return 0;
  }
  int ok = 1;
  for (int q = 0; q < 2; q++)
    for (int r = 0; r < ROWS; r++)
      for (int c = 0; c < COLS / 2; c++)
        ok &= A[r][q * COLS / 2 + c] == value(q, r, c);
  fprintf(stderr, "rank %d: values %s\n", me, ok ? "ok" : "WRONG");
  fprintf(stderr, "%s\n", hetile_mpi_stats(m));
  hetile_mpi_end(m);
  return ok ? 0 : 1;
}
