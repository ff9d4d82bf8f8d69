/* The final exchange of a nest inside a time loop reuses its memory: the
 * contribution (hetile_mpi_gather_buffer) and the result of
 * hetile_mpi_gather of the second nest are the buffers of the first one,
 * given back by hetile_mpi_end, with the right contents.
 * REQUIRES: mpi
 * RUN: %mpicc -std=c11 -Wall -Werror %rt_cflags %s -o %t %rt_mpi_libs
 * RUN: env HETILE_CALIBRATE=0 %mpirun -np 3 %t | FileCheck %s
 * CHECK-COUNT-3: rank {{[0-2]}}: step 0 ok, step 1 ok, buffers reused: yes
 */
#include "hetile_rt_mpi.h"

#include <stdio.h>
#include <string.h>

/* One nest's exchange: rank r contributes 1000 * (r + 1) bytes of value
 * step + r; every rank checks the concatenation. */
static int step(int s, void **mine_out, const void **all_out) {
  hetile_mpi *m;
  if (hetile_mpi_begin(1, &m) < 0)
    return 0;
  int me = hetile_mpi_rank(m), size = hetile_mpi_size(m);
  size_t n = 1000 * (size_t)(me + 1), off[64];
  unsigned char *mine = hetile_mpi_gather_buffer(m, n);
  const void *all = 0;
  if (!mine)
    return 0;
  memset(mine, s + me, n);
  if (hetile_mpi_gather(m, mine, n, 0, &all, off) < 0)
    return 0;
  int ok = 1;
  for (int q = 0; q < size; ++q)
    for (size_t i = off[q]; i < off[q + 1]; ++i)
      ok &= ((const unsigned char *)all)[i] == (unsigned char)(s + q);
  *mine_out = mine;
  *all_out = all;
  return hetile_mpi_end(m) == 0 && ok;
}

int main(void) {
  void *mine[2];
  const void *all[2];
  int ok0 = step(0, &mine[0], &all[0]);
  int ok1 = step(1, &mine[1], &all[1]);
  printf("rank %d: step 0 %s, step 1 %s, buffers reused: %s\n",
         hetile_mpi_world_rank(), ok0 ? "ok" : "FAILED", ok1 ? "ok" : "FAILED",
         mine[0] == mine[1] && all[0] == all[1] ? "yes" : "no");
  return 0;
}
