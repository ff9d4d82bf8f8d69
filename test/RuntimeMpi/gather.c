/* hetile_mpi_gather with rank-dependent sizes, some 0: the concatenation in
 * rank order on every rank, or on rank 0 only (the others get NULL), the
 * offsets on every rank, and a first result still intact after a second
 * gather. HETILE_MPI_MAX_COUNT=3 sends the same data through the path for
 * totals beyond int counts (one rank at a time, derived datatypes).
 * REQUIRES: mpi
 * RUN: %mpicc -std=c11 -Wall -Werror %rt_cflags %s -o %t %rt_mpi_libs
 * RUN: env HETILE_CALIBRATE=0 %mpirun -np 1 %t | FileCheck %s --check-prefixes=CHECK,NP1
 * RUN: env HETILE_CALIBRATE=0 %mpirun -np 5 %t | FileCheck %s --check-prefixes=CHECK,NP5,ALL
 * RUN: env HETILE_CALIBRATE=0 %mpirun -np 5 %t root | FileCheck %s --check-prefixes=CHECK,NP5,ROOT
 * RUN: env HETILE_CALIBRATE=0 HETILE_MPI_MAX_COUNT=3 %mpirun -np 5 %t | FileCheck %s --check-prefixes=CHECK,NP5,ALL
 * RUN: env HETILE_CALIBRATE=0 HETILE_MPI_MAX_COUNT=3 %mpirun -np 5 %t root | FileCheck %s --check-prefixes=CHECK,NP5,ROOT
 * RUN: env HETILE_CALIBRATE=0 %mpirun -np 8 %t root | FileCheck %s --check-prefixes=CHECK,NP8,ROOT
 *
 * NP1: offsets: 0 0
 * NP5: offsets: 0 0 2 6 7 10
 * NP8: offsets: 0 0 2 6 7 10 10 12 16
 * CHECK-NEXT: first gather: ok
 * CHECK-NEXT: second gather: ok
 * ALL-NEXT: every rank received: yes
 * ROOT-NEXT: only rank 0 received: yes
 */
#include "hetile_rt_mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char byteOf(int rank, size_t k, int second) {
  return (unsigned char)(second ? (rank ^ (int)k) : rank * 31 + (int)k);
}

/* Gathers `size` bytes of rank's pattern; 1 if this rank's result (or its
 * absence, root_only) is wrong. */
static int gatherAndCheck(hetile_mpi *m, size_t n, int second, int rootOnly,
                          const unsigned char **all, size_t *off) {
  int me = hetile_mpi_rank(m), size = hetile_mpi_size(m), q, bad = 0;
  unsigned char *mine = n ? malloc(n) : NULL;
  size_t k;
  for (k = 0; k < n; ++k)
    mine[k] = byteOf(me, k, second);
  if (hetile_mpi_gather(m, mine, n, rootOnly, (const void **)all, off) < 0) {
    fprintf(stderr, "rank %d: %s\n", me, hetile_last_error());
    hetile_mpi_abort(m, 2);
  }
  free(mine);
  if (!*all)
    return !(rootOnly && me != 0);
  for (q = 0; q < size; ++q)
    for (k = off[q]; k < off[q + 1]; ++k)
      bad |= (*all)[k] != byteOf(q, k - off[q], second);
  return bad;
}

int main(int argc, char **argv) {
  int rootOnly = argc > 1 && !strcmp(argv[1], "root");
  hetile_mpi *m;
  const unsigned char *first, *second;
  size_t *off1, *off2;
  int me, size, q, bad1, bad2, any1, any2, got, gotAll;
  if (hetile_mpi_begin(5, &m) < 0)
    return 1;
  me = hetile_mpi_rank(m), size = hetile_mpi_size(m);
  off1 = malloc((size + 1) * sizeof *off1);
  off2 = malloc((size + 1) * sizeof *off2);
  bad1 = gatherAndCheck(m, (size_t)(me * 7 % 5), 0, rootOnly, &first, off1);
  bad2 = gatherAndCheck(m, 1000 + 100 * (size_t)me, 1, rootOnly, &second,
                        off2);
  /* The first result must survive the second gather. */
  for (q = 0; first && q < size; ++q)
    bad1 |= off1[q + 1] > off1[q] && first[off1[q]] != byteOf(q, 0, 0);
  got = first != NULL;
  MPI_Allreduce(&bad1, &any1, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(&bad2, &any2, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(&got, &gotAll, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (me == 0) {
    printf("offsets:");
    for (q = 0; q <= size; ++q)
      printf(" %zu", off1[q]);
    printf("\nfirst gather: %s\nsecond gather: %s\n", any1 ? "WRONG" : "ok",
           any2 ? "WRONG" : "ok");
    if (size > 1 && rootOnly)
      printf("only rank 0 received: %s\n", gotAll == 1 ? "yes" : "no");
    if (size > 1 && !rootOnly)
      printf("every rank received: %s\n", gotAll == size ? "yes" : "no");
  }
  hetile_mpi_end(m);
  free(off1);
  free(off2);
  return any1 || any2;
}
