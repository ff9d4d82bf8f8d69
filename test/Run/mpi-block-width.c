// REQUIRES: mpi
// The ring's block width on ranks (docs/tile-sizes.md, "The block width"):
// the generated code tells hetile_mpi_tile_sizes_flags whether the band is
// skewed. The edit-distance table's band is its own iterators (flags 0):
// the model's block width stands, here one block of columns per rank, so
// that a rank's share of each row is one run of the row and the ranks
// share no page but at its two ends. The 1-D time loop's band is skewed
// (HETILE_PIPELINE_SKEWED): every rank gets at least 4 blocks, since a
// column of the skewed band holds points in only some rows. Both ranks
// print the original's output; the generated code aborts if it ran the
// original nest (-DHETILE_FALLBACK_ABORT). The costs come from a platform
// file, so that the model's choice does not depend on a ping-pong.
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -std=c11
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=CODE
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig
// RUN: %mpicc -std=c99 -O2 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %t.orig 2000 20000 6000 > %t.expected
// RUN: rm -f %t.out.*
// RUN: echo '{"times": [1, 3], "startup": 1e-5, "per_byte": 1e-9}' > %t.platform.json
// RUN: env HETILE_PLATFORM=%t.platform.json HETILE_PROFIT=0 HETILE_CALIBRATE=0 HETILE_STATS=1 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 2000 20000 6000 2> %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: FileCheck %s --check-prefix=STATS < %t.err
//
// CODE: hetile_rc = hetile_mpi_tile_sizes_flags(2, hetile_extents, hetile_nprocs, {{-?[0-9]+}}, 4, 0, hetile_sizes, hetile_grid_sized);
// CODE: hetile_rc = hetile_mpi_tile_sizes_flags(2, hetile_extents, hetile_nprocs, {{-?[0-9]+}}, 8, HETILE_PIPELINE_SKEWED, hetile_sizes, hetile_grid_sized);
//
// The table: 20000 columns at 1:3 in one block each (blocks of all of
// Proposition 1's columns, as many blocks as there are columns / 4).
// STATS: hetile: 2 ranks, cycle times 1,3 ({{[^)]*}}), allocation auto, [[COLS:[0-9]+]] tile columns; columns per rank: [[C0:[0-9]+]],[[C1:[0-9]+]]; blocks x[[C1]] of Proposition 1's columns ([BDRV98] with T_com; costs
// STATS-NOT: skewed
// STATS: hetile: rank 0/2
// The skewed sweep: at least 4 blocks per rank.
// STATS: hetile: 2 ranks, cycle times 1,3 ({{[^)]*}}), allocation auto, {{[0-9]+}} tile columns; columns per rank: {{[0-9]+}},{{[0-9]+}}; blocks x{{[0-9]+}} of Proposition 1's columns ([BDRV98] with T_com, skewed: 4 blocks per processor at least;
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

static void sweep(int T, int n, double A[restrict n]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10, m = argc > 2 ? atoi(argv[2]) : 10;
  int len = argc > 3 ? atoi(argv[3]) : 10;
  char *a = malloc((size_t)n + 1), *b = malloc((size_t)m + 1);
  int (*D)[m + 1] = malloc(sizeof(int) * (size_t)(n + 1) * (size_t)(m + 1));
  double *A = malloc(sizeof(double) * (size_t)len);
  for (int i = 0; i < n; i++)
    a[i] = (char)('a' + (i * 7 + 3) % 5);
  for (int j = 0; j < m; j++)
    b[j] = (char)('a' + (j * 5 + 1) % 4);
  for (int i = 0; i <= n; i++)
    D[i][0] = i;
  for (int j = 0; j <= m; j++)
    D[0][j] = j;
  for (int i = 0; i < len; i++)
    A[i] = (double)((i * 37) % 101);
  table(n, m, a, b, D);
  sweep(200, len, A);
  unsigned long h = 1469598103934665603UL;
  for (int i = 0; i <= n; i++)
    for (int j = 0; j <= m; j++)
      h = (h ^ (unsigned)D[i][j]) * 1099511628211UL;
  double s = 0;
  for (int i = 0; i < len; i++)
    s += A[i] * (i + 1);
  printf("%016lx %d %.17g\n", h, D[n][m], s);
  free(A);
  free(D);
  free(a);
  free(b);
  return 0;
}
