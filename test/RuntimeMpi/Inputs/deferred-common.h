/* What the tests of the table of values left share (deferred*.c): a
 * runtime call checked, and a nest begun on the ranks the test needs. */
#include "hetile_rt_mpi.h"

#include <stdio.h>

/* Aborts every rank (exit code 3) when a runtime call failed. */
static void check(hetile_mpi *m, int rc, const char *what) {
  if (rc < 0) {
    fprintf(stderr, "%s: %s\n", what, hetile_last_error());
    hetile_mpi_abort(m, 3);
  }
}

/* hetile_mpi_begin on `ranks` ranks, *me this rank; aborts every rank
 * (exit code 2) when the run has another number of ranks. */
static hetile_mpi *begin_on(int ranks, int *me) {
  hetile_mpi *m = 0;
  check(m, hetile_mpi_begin(ranks, &m), "begin");
  *me = hetile_mpi_rank(m);
  if (hetile_mpi_size(m) != ranks) {
    fprintf(stderr, "run on %d ranks\n", ranks);
    hetile_mpi_abort(m, 2);
  }
  return m;
}
