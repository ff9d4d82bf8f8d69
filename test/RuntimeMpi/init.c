/* Who initialises MPI: "auto", the program never calls MPI_Init and the
 * runtime initialises MPI on first use and finalises it at exit; "own",
 * the program calls MPI_Init and MPI_Finalize itself; "finalize", the
 * runtime initialises MPI and the program finalises it itself (the exit
 * handler then does nothing). mpirun complains when a rank exits without
 * MPI_Finalize ("_exit" shows it), so its silence is the check.
 * REQUIRES: mpi
 * RUN: %mpicc -std=c11 -Wall -Werror %rt_cflags %s -o %t %rt_mpi_libs
 * RUN: env HETILE_CALIBRATE=0 %mpirun -np 3 %t auto 2>&1 | FileCheck %s
 * RUN: env HETILE_CALIBRATE=0 %mpirun -np 3 %t own 2>&1 | FileCheck %s
 * RUN: env HETILE_CALIBRATE=0 %mpirun -np 3 %t finalize 2>&1 | FileCheck %s
 * RUN: env HETILE_CALIBRATE=0 %mpirun -np 1 %t auto 2>&1 | FileCheck %s --check-prefix=ONE
 * RUN: env HETILE_CALIBRATE=0 not %mpirun -np 2 %t _exit 2>&1 | FileCheck %s --check-prefix=EXIT
 *
 * CHECK-NOT: {{[Ee]rror|exit|terminat|finali[sz]e}}
 * CHECK-DAG: rank 0 of 3: initialised, 2 nests ok
 * CHECK-DAG: rank 1 of 3: initialised, 2 nests ok
 * CHECK-DAG: rank 2 of 3: initialised, 2 nests ok
 * CHECK-NOT: {{[Ee]rror|exit|terminat|finali[sz]e}}
 * ONE: rank 0 of 1: initialised, 2 nests ok
 * ONE-NOT: {{[Ee]rror|exit|terminat|finali[sz]e}}
 * EXIT: {{finalize|exiting improperly}}
 */
#include "hetile_rt_mpi.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Two nests in a row, each with one message around a ring. */
static int twoNests(void) {
  int n, ok = 1;
  for (n = 0; n < 2; ++n) {
    hetile_mpi *m;
    int me, size, got = -1;
    if (hetile_mpi_begin(4, &m) < 0)
      return 0;
    me = hetile_mpi_rank(m), size = hetile_mpi_size(m);
    if (size > 1) {
      int *out = hetile_mpi_send_buffer(m, sizeof *out);
      *out = me;
      ok &= hetile_mpi_send(m, (me + 1) % size, n, out, sizeof *out) == 0;
      ok &= hetile_mpi_recv(m, (me + size - 1) % size, n, &got,
                            sizeof got) == 0;
      ok &= got == (me + size - 1) % size;
    }
    ok &= hetile_mpi_end(m) == 0;
  }
  return ok;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "auto";
  int initialised = 0, ok;
  if (!strcmp(mode, "own"))
    MPI_Init(&argc, &argv);
  ok = twoNests();
  MPI_Initialized(&initialised);
  printf("rank %d of %d: %s, 2 nests %s\n", hetile_mpi_world_rank(),
         hetile_mpi_world_size(), initialised ? "initialised" : "NOT INITIALISED",
         ok ? "ok" : "FAILED");
  fflush(stdout);
  if (!strcmp(mode, "own") || !strcmp(mode, "finalize"))
    MPI_Finalize();
  if (!strcmp(mode, "_exit"))
    _exit(0);
  return 0;
}
