/* The run-time alias check of an mpi (and mpi+omp) nest is collective: when
 * one rank's arrays overlap, every rank runs the original nest (their
 * hetile_mpi_agree gives 0 everywhere), so no rank waits in the tiled nest's
 * messages for a rank that left: the run ends, and every rank's results are
 * those of the plain nest. A second call with disjoint arrays on every rank
 * takes the tiled branch again (HETILE_STATS=1 reports only the first call,
 * once per rank).
 * REQUIRES: mpi
 * RUN: %hetile rewrite --backend=mpi %s -o %t.c -- -std=c99
 * RUN: %mpicc -std=c99 -Wall -Werror %rt_cflags %t.c -o %t %rt_mpi_libs
 * RUN: env HETILE_STATS=1 HETILE_CALIBRATE=0 HETILE_WATCHDOG=20 %mpirun -np 3 %t > %t.out 2> %t.err
 * RUN: FileCheck %s < %t.out
 * RUN: grep -c "arrays may overlap: the original nest ran" %t.err | FileCheck %s --check-prefix=THREE
 * RUN: %hetile rewrite --backend=mpi+omp %s -o %t-omp.c -- -std=c99
 * RUN: %mpicc -fopenmp -std=c99 -Wall -Werror %rt_cflags %t-omp.c -o %t-omp %rt_mpi_libs
 * RUN: env HETILE_STATS=1 HETILE_CALIBRATE=0 HETILE_WATCHDOG=20 OMP_NUM_THREADS=2 %mpirun -np 2 %t-omp > %t-omp.out 2> %t-omp.err
 * RUN: FileCheck %s < %t-omp.out
 * RUN: grep -c "arrays may overlap: the original nest ran" %t-omp.err | FileCheck %s --check-prefix=TWO
 *
 * CHECK-DAG: rank 0: call 1: as the plain nest
 * CHECK-DAG: rank 0: call 2: as the plain nest
 * CHECK-DAG: rank 1: call 1: as the plain nest
 * CHECK-DAG: rank 1: call 2: as the plain nest
 * CHECK-NOT: differs
 * THREE: 3
 * TWO: 2
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void smooth(int N, int M, double A[N][M], double B[N][M]) {
  int i, j;
#pragma hetile
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < M - 1; j++)
      A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + B[i + 1][j] + B[i][j + 1]);
}

/* The same nest, not marked: left as written. */
static void plain(int N, int M, double A[N][M], double B[N][M]) {
  int i, j;
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < M - 1; j++)
      A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + B[i + 1][j] + B[i][j + 1]);
}

static void fill(double *buf, size_t n) {
  size_t k;
  for (k = 0; k < n; k++)
    buf[k] = (double)((k * 7919) % 1000) / 7.0;
}

int main(void) {
  const int N = 23, M = 17;
  size_t n = 2 * (size_t)N * M;
  double *buf = malloc(sizeof(double) * n), *ref = malloc(sizeof(double) * n);
  /* The runtime initialises MPI in the first nest; the rank comes from
   * Open MPI's environment. */
  const char *r = getenv("OMPI_COMM_WORLD_RANK");
  int rank = r ? atoi(r) : 0, call;
  for (call = 1; call <= 2; call++) {
    /* Call 1: rank 1's B is A shifted by one row (overlap); call 2: disjoint
     * everywhere. */
    size_t shift = call == 1 && rank == 1 ? (size_t)M : (size_t)N * M;
    fill(buf, n);
    fill(ref, n);
    smooth(N, M, (double (*)[M])buf, (double (*)[M])(buf + shift));
    plain(N, M, (double (*)[M])ref, (double (*)[M])(ref + shift));
    printf("rank %d: call %d: %s\n", rank, call,
           memcmp(buf, ref, sizeof(double) * n) ? "differs" : "as the plain nest");
  }
  free(buf);
  free(ref);
  return 0;
}
