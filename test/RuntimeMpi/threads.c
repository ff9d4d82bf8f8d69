/* Threads inside a rank (the mpi+omp backend): hetile_mpi_threads deals the
 * parts of each block to the threads round-robin, each part waiting on the
 * rank's column just left of it; a wait on a column never posted times out
 * under the watchdog; a program that initialised MPI without threads
 * (MPI_Init: MPI_THREAD_SINGLE) is refused with the level named, while one
 * thread is fine.
 * REQUIRES: mpi
 * RUN: %mpicc -std=c11 -Wall -Werror %rt_cflags %s -o %t %rt_mpi_libs
 * RUN: env HETILE_SPEEDS=1,2 %mpirun -np 2 %t parts 2>&1 | FileCheck %s --check-prefix=PARTS
 * RUN: env HETILE_CALIBRATE=0 HETILE_WATCHDOG=0.2 %mpirun -np 1 %t wait 2>&1 | FileCheck %s --check-prefix=WAIT
 * RUN: env HETILE_CALIBRATE=0 %mpirun -np 2 %t single 2>&1 | FileCheck %s --check-prefix=SINGLE
 *
 * HETILE_SPEEDS=1,2 on 12 columns: chunks 0 0 1, so rank 0 has the blocks
 * [0,1] [3,4] [6,7] [9,10], rank 1 [2,2] [5,5] [8,8] [11,11]. With 3
 * threads, [0,1] is cut into [0,0] [1,1] (threads 0, 1) and the deal goes
 * on with thread 2 at [3,3], which waits on column 1.
 * PARTS-DAG: rank 0 thread 0: [0,0] after -1, [4,4] after 3, [9,9] after 7
 * PARTS-DAG: rank 0 thread 1: [1,1] after 0, [6,6] after 4, [10,10] after 9
 * PARTS-DAG: rank 0 thread 2: [3,3] after 1, [7,7] after 6
 * PARTS-DAG: rank 1 thread 0: [2,2] after -1, [11,11] after 8
 * PARTS-DAG: rank 1 thread 1: [5,5] after 2
 * PARTS-DAG: rank 1 thread 2: [8,8] after 5
 * PARTS-DAG: rank 0: posted column 3 row 4, waits ok
 *
 * WAIT: rank 0: -7 rank 0: column 2 has not finished row 0 after 0.2 s (HETILE_WATCHDOG)
 *
 * SINGLE-DAG: rank 0: 1 thread ok
 * SINGLE-DAG: rank 0: rank 0: 2 threads call MPI in this nest, which needs MPI_THREAD_SERIALIZED or more, but MPI was initialised with MPI_THREAD_SINGLE (a program that initialises MPI itself must call MPI_Init_thread with MPI_THREAD_MULTIPLE)
 * SINGLE-DAG: rank 1: 1 thread ok
 */
#include "hetile_rt_mpi.h"

#include <stdio.h>
#include <string.h>

static void printParts(hetile_mpi *m, int threads) {
  int me = hetile_mpi_rank(m);
  for (int t = 0; t < threads; ++t) {
    char line[256];
    int at = snprintf(line, sizeof line, "rank %d thread %d:", me, t);
    long first, last, after;
    for (long j = 0; hetile_mpi_part(m, t, j, &first, &last, &after); ++j)
      at += snprintf(line + at, sizeof line - at, "%s [%ld,%ld] after %ld",
                     j ? "," : "", first, last, after);
    printf("%s\n", line);
  }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "parts";
  if (!strcmp(mode, "single"))
    MPI_Init(&argc, &argv);
  hetile_mpi *m;
  if (hetile_mpi_begin(12, &m) < 0) {
    printf("begin: %s\n", hetile_last_error());
    return 1;
  }
  int me = hetile_mpi_rank(m);
  if (!strcmp(mode, "parts")) {
    if (hetile_mpi_threads(m, 3) < 0)
      printf("rank %d: %s\n", me, hetile_last_error());
    printParts(m, 3);
    hetile_mpi_post_column(m, 3, 4);
    if (me == 0 && hetile_mpi_wait_column(m, 3, 4) == 0 &&
        hetile_mpi_wait_column(m, -1, 100) == 0)
      printf("rank 0: posted column 3 row 4, waits ok\n");
  } else if (!strcmp(mode, "wait")) {
    int e = hetile_mpi_threads(m, 1);
    if (e == 0)
      e = hetile_mpi_wait_column(m, 2, 0);
    printf("rank %d: %d %s\n", me, e, hetile_last_error());
  } else {
    if (hetile_mpi_threads(m, 1) == 0)
      printf("rank %d: 1 thread ok\n", me);
    if (me == 0 && hetile_mpi_threads(m, 2) < 0)
      printf("rank %d: %s\n", me, hetile_last_error());
  }
  fflush(stdout);
  int e = hetile_mpi_end(m);
  if (!strcmp(mode, "single"))
    MPI_Finalize();
  return e < 0;
}
