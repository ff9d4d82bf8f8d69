// REQUIRES: mpi
// The ring's block width on ranks (docs/tile-sizes.md, "The block width"):
// the generated code tells hetile_mpi_tile_sizes_flags whether the band is
// skewed. A 1-D time loop's band is skewed (HETILE_PIPELINE_SKEWED): a
// column of the skewed band holds points in only some rows, and every rank
// gets at least 4 blocks of columns (5 here, blocks x5 of Proposition 1's
// 3:1), where the model alone gives each rank 2 (blocks x13;
// test/Rewrite/mpi-long-columns.c: a band that is not skewed keeps the
// model's width). Both ranks print the original's output; the
// generated code aborts if it ran the original nest
// (-DHETILE_FALLBACK_ABORT). The costs come from a platform file, so that
// the model's choice does not depend on a ping-pong.
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -std=c11
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=CODE
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig
// RUN: %mpicc -std=c99 -O2 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %t.orig 6000 200 > %t.expected
// RUN: echo '{"times": [1, 3], "startup": 1e-5, "per_byte": 1e-9}' > %t.platform.json
// RUN: rm -f %t.out.*
// RUN: env HETILE_PLATFORM=%t.platform.json HETILE_PROFIT=0 HETILE_CALIBRATE=0 HETILE_STATS=1 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 6000 200 2> %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: FileCheck %s --check-prefix=STATS < %t.err
//
// CODE: hetile_rc = hetile_mpi_tile_sizes_flags(2, hetile_extents, hetile_nprocs, {{-?[0-9]+}}, 8, HETILE_PIPELINE_SKEWED, hetile_sizes, hetile_grid_sized);
// STATS: hetile: 2 ranks, cycle times 1,3 (HETILE_PLATFORM), allocation auto, {{[0-9]+}} tile columns; columns per rank: {{[0-9]+}},{{[0-9]+}}; blocks x{{[0-9]+}} of Proposition 1's columns ([BDRV98] with T_com, skewed: 4 blocks per processor at least;
#include <stdio.h>
#include <stdlib.h>

static void sweep(int T, int n, double A[restrict n]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10, T = argc > 2 ? atoi(argv[2]) : 10;
  double *A = malloc(sizeof(double) * (size_t)n);
  for (int i = 0; i < n; i++)
    A[i] = (double)((i * 37) % 101);
  sweep(T, n, A);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += A[i] * (i + 1);
  printf("%.17g\n", s);
  free(A);
  return 0;
}
