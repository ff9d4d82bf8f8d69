/* The watchdog (issue #5: a rank that fails makes the job exit non-zero
 * with a message naming the rank, never hang). "recv": rank 1 never sends
 * (it sleeps until the abort), so rank 0's receive times out after
 * HETILE_WATCHDOG=2 seconds; "send":
 * rank 0 never receives rank 1's 1 MiB message, so rank 1's hetile_mpi_end
 * times out; "gather": rank 1 never reaches hetile_mpi_gather, so rank 0's
 * gather times out; "begin": rank 1 initialises MPI but never starts the
 * nest (it sleeps, then ends), so rank 0's hetile_mpi_begin times out. The
 * rank that timed out prints the error and aborts the job. Every peer
 * stays alive until the abort: where one had already returned from main
 * (MPI finalized at exit), Open MPI 4.1's mpirun was seen, under load, to
 * exit 0 after the other rank's MPI_Abort, or never to return.
 * REQUIRES: mpi
 * RUN: %mpicc -std=c11 -Wall -Werror %rt_cflags %s -o %t %rt_mpi_libs
 * RUN: env HETILE_WATCHDOG=2 HETILE_CALIBRATE=0 not %mpirun -np 2 %t recv 2>&1 | FileCheck %s --check-prefix=RECV
 * RUN: env HETILE_WATCHDOG=2 HETILE_CALIBRATE=0 not %mpirun -np 3 %t send 2>&1 | FileCheck %s --check-prefix=SEND
 * RUN: env HETILE_WATCHDOG=2 HETILE_CALIBRATE=0 not %mpirun -np 2 %t gather 2>&1 | FileCheck %s --check-prefix=GATHER
 * RUN: env HETILE_WATCHDOG=2 HETILE_CALIBRATE=0 not %mpirun -np 2 %t begin 2>&1 | FileCheck %s --check-prefix=BEGIN
 *
 * RECV: rank 0: error -7: rank 0: no message from rank 1 (tag 5) after 2 s (HETILE_WATCHDOG): rank 1 failed or the program deadlocked (if it is only slow, raise HETILE_WATCHDOG)
 * RECV: rank 0: fired within 2 to 10 s: yes
 * SEND: rank 1: error -7: rank 1: 1 sends not received after 2 s (HETILE_WATCHDOG): a receiver failed or the program deadlocked (if it is only slow, raise HETILE_WATCHDOG)
 * SEND: rank 1: fired within 2 to 10 s: yes
 * GATHER: rank 0: error -7: rank 0: not every rank reached hetile_mpi_gather after 2 s (HETILE_WATCHDOG): a rank failed or the program deadlocked (if it is only slow, raise HETILE_WATCHDOG)
 * GATHER: rank 0: fired within 2 to 10 s: yes
 * BEGIN: rank 0: error -7: rank 0: not every rank started the nest within 2 s (HETILE_WATCHDOG): a rank failed or ended before it, or the ranks run different nests
 * BEGIN: rank 0: fired within 2 to 10 s: yes
 */
#include "hetile_rt_mpi.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Prints the error of the rank that timed out and aborts the job. */
static void timedOut(hetile_mpi *m, int me, int rc, double t0) {
  double took = hetile_timer_now() - t0;
  fprintf(stderr, "rank %d: error %d: %s\n", me, rc, hetile_last_error());
  fprintf(stderr, "rank %d: fired within 2 to 10 s: %s\n", me,
          took >= 2 && took <= 10 ? "yes" : "no");
  hetile_mpi_abort(m, 3);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "recv";
  int sendMode = !strcmp(mode, "send"), gatherMode = !strcmp(mode, "gather");
  hetile_mpi *m;
  int me, rc;
  double t0, x = 0;
  if (!strcmp(mode, "begin")) {
    me = hetile_mpi_world_rank();
    if (me == 1) {
      sleep(30); /* never starts the nest, until the abort */
      return 0;
    }
    t0 = hetile_timer_now();
    rc = hetile_mpi_begin(2, &m);
    timedOut(NULL, me, rc, t0);
  }
  if (hetile_mpi_begin(2, &m) < 0)
    return 1;
  me = hetile_mpi_rank(m);
  t0 = hetile_timer_now();
  if (gatherMode && me == 0) {
    const void *all;
    size_t offsets[3];
    rc = hetile_mpi_gather(m, &x, sizeof x, 0, &all, offsets);
    timedOut(m, me, rc, t0);
  }
  if (!sendMode && !gatherMode && me == 0) {
    rc = hetile_mpi_recv(m, 1, 5, &x, sizeof x);
    timedOut(m, me, rc, t0);
  }
  if (sendMode && me == 1) {
    void *buf = hetile_mpi_send_buffer(m, 1 << 20);
    memset(buf, 1, 1 << 20);
    hetile_mpi_send(m, 0, 7, buf, 1 << 20);
    rc = hetile_mpi_end(m);
    timedOut(NULL, me, rc, t0);
  }
  sleep(30); /* the ranks that never send, receive or gather, until the
                 abort */
  return 0;
}
