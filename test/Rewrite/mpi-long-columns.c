// Under MPI a band whose tile columns run along its innermost point loop
// (an original iterator, the array's contiguous dimension) takes long
// tiles along it even where that loop carries a recurrence, as a
// dynamic-programming table's D[i][j - 1] does: the runtime is told that
// the column dimension (first in hetile_extents) is the long one, and a
// tile's rows are the block's width long, at most 512 points
// (docs/tile-sizes.md). The omp backend keeps short tiles there (-1: no
// long dimension). Results equal the original's.
//
// The band is the table's own iterators, not skewed: the generated code
// passes flags 0 to hetile_mpi_tile_sizes_flags, and the ring's block
// width is the [BDRV98] model's (docs/tile-sizes.md, "The block width"),
// here one block of columns per rank at 1:3 (a 2000 x 20000 table, costs
// from a platform file so that no ping-pong decides), so that a rank's
// share of each row is one run of the row. Skewed bands take at least 4
// blocks per rank: test/Run/mpi-block-width.c.
// REQUIRES: mpi
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -std=c11
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=MPI
// RUN: %hetile rewrite --backend=omp %s -o %t.omp.c -- -std=c11
// RUN: %strip-directives %t.omp.c | FileCheck %s --check-prefix=OMP
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %t.orig 300 2000 > %t.expected
// RUN: env HETILE_PROFIT=0 HETILE_STATS=1 HETILE_GRID=ring %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 300 2000 2> %t.err
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: %t.orig 2000 20000 > %t.expected.wide
// RUN: echo '{"times": [1, 3], "startup": 1e-5, "per_byte": 1e-9}' > %t.platform.json
// RUN: rm -f %t.wide.*
// RUN: env HETILE_PLATFORM=%t.platform.json HETILE_PROFIT=0 HETILE_CALIBRATE=0 HETILE_STATS=1 HETILE_GRID=ring %mpirun -np 2 sh -c '"$0" "$@" > %t.wide.$OMPI_COMM_WORLD_RANK' %t.mpi 2000 20000 2> %t.wide.err
// RUN: FileCheck %s --check-prefix=BLOCKS < %t.wide.err
// RUN: diff %t.expected.wide %t.wide.0
// RUN: diff %t.expected.wide %t.wide.1
//
// 20000 columns at 1:3 in one block each: blocks of all of Proposition 1's
// columns.
// BLOCKS: hetile: 2 ranks, cycle times 1,3 (HETILE_PLATFORM), allocation auto, {{[0-9]+}} tile columns; columns per rank: {{[0-9]+}},[[C1:[0-9]+]]; blocks x[[C1]] of Proposition 1's columns ([BDRV98] with T_com; costs
//
// MPI: hetile_rc = hetile_mpi_tile_sizes_flags(2, hetile_extents, hetile_nprocs, 0, 4, 0, hetile_sizes, hetile_grid_sized);
// OMP: hetile_rc = hetile_tilesize_pipeline(2, hetile_extents, hetile_nprocs, -1, 0, hetile_sizes);
// STATS: hetile: tile sizes [AY98] (ring of 2 ranks): {{.*}}: tiles 512x{{[0-9]+}} (distributed dimension first)
#include <stdio.h>
#include <stdlib.h>

static void table(int n, int m, const char *a, const char *b,
                  int D[restrict n + 1][m + 1]) {
#pragma hetile
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++) {
      int best = D[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      if (D[i - 1][j] + 1 < best)
        best = D[i - 1][j] + 1;
      if (D[i][j - 1] + 1 < best)
        best = D[i][j - 1] + 1;
      D[i][j] = best;
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10, m = argc > 2 ? atoi(argv[2]) : 10;
  char *a = malloc((size_t)n + 1), *b = malloc((size_t)m + 1);
  int (*D)[m + 1] = malloc(sizeof(int) * (size_t)(n + 1) * (size_t)(m + 1));
  for (int i = 0; i < n; i++)
    a[i] = (char)('a' + (i * 7 + 3) % 5);
  for (int j = 0; j < m; j++)
    b[j] = (char)('a' + (j * 5 + 1) % 4);
  for (int i = 0; i <= n; i++)
    D[i][0] = i;
  for (int j = 0; j <= m; j++)
    D[0][j] = j;
  table(n, m, a, b, D);
  unsigned long h = 1469598103934665603UL;
  for (int i = 0; i <= n; i++)
    for (int j = 0; j <= m; j++)
      h = (h ^ (unsigned)D[i][j]) * 1099511628211UL;
  printf("%016lx %d\n", h, D[n][m]);
  free(D);
  free(a);
  free(b);
  return 0;
}
