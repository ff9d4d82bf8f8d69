/* hetile_mpi_tile_sizes: [ZZ16] problem (3.5) under HETILE_ALLOC=chunk.
 * Inputs: 2 ranks of equal speed, U_c = U_s1 = U_s2 = 1000, so V = 500
 * each; 8 bytes a point; c_p = 1e-9 s, c_c = 1e-9 s/byte x 8, and c_d and
 * CacheSize from the platform file and HETILE_CACHE_BYTES.
 *
 * With P = 2, (3.4) is T(A) = V A c_p + 2 (U_s1 U_s2 / A) c_d + U_s1 U_s2
 * (2 c_c + V c_p), A = h1 h2, least at A* = sqrt(2 U_s1 U_s2 c_d / (V c_p)).
 *  - c_d = 1e-5 s: A* = sqrt(2e6 x 1e-5 / 5e-7) = 6325, but the cache of
 *    268000 bytes bounds A by
 *    268000 / (500 x 8) = 67, a prime: the exact optimum is 1 x 67. Within
 *    1% of T(67) = 0.8145 s lie the areas A >= 20 / 0.3066 = 65.2 (T(A) =
 *    20/A + 0.516): 66 and 67; the squarest is 6 x 11 (least h1 + h2).
 *  - c_d = 1e-3 s: A* = 63246 > 67 again, but now T(A) = 2000/A + 0.516 and
 *    1% of T(67) only admits A = 67: 1 x 67.
 *  - a cache of 8 bytes holds no subchunk: h1 = h2 = 1.
 *  - a cache of 2^50 bytes bounds nothing, and with U_s1 = U_s2 = 1e5 the
 *    exact search would visit about 1e10 sizes (over its limit of 2e8):
 *    the genetic algorithm (section 3.4) answers instead of an error.
 *    T(A) is flat there (5e-7 A + 2e5/A + 5160 s), so only the bounds
 *    of the answer are checked.
 * The column size is an eighth of the slowest chunk, 500 / 8 = 62.
 * With 2 dimensions under chunk, the sizes are hetile_tilesize_for's.
 * Under auto the ring of 2 ranks takes [AY98] with n = 1 (docs/tile-sizes.md):
 * beta = c_d = 1e-5, tau_t = 8e-9 per element, tau_a = 1e-9; the cache
 * tile is 16^3; m_1 = 1000, m_2 = 1e6, W = 1e9: A = 2 beta W / P = 1e4,
 * B = tau_a, v = sqrt(1e13) > u_1 = 500: the edge, and (15) x_2 =
 * sqrt(2e4 / (2 x 500^2 x (8e-9 / 500 + 1e-9))) = 6274.6 -> 6275 points of
 * row, 256 in the tile: the rows thicken by min(4, 6275 / 256) = 4, shared
 * by the two row dimensions: 32 x 32. In 2D (1000 x 1000, dimension 1 long: 64 x 512), (15) gives
 * sqrt(20 / 5.08e-4) = 198 < 512: hetile_tilesize_for's sizes.
 * hetile_mpi_tile_sizes_describe holds the model's line on rank 0 only.
 *
 * REQUIRES: mpi
 * RUN: %mpicc -std=c11 -Wall -Werror %rt_cflags %s -o %t %rt_mpi_libs
 * RUN: echo '{"times": [1, 1], "startup": 1e-5, "per_byte": 1e-9}' > %t.fast.json
 * RUN: echo '{"times": [1, 1], "startup": 1e-3, "per_byte": 1e-9}' > %t.slow.json
 * RUN: env HETILE_ALLOC=chunk HETILE_PLATFORM=%t.fast.json HETILE_CACHE_BYTES=268000 HETILE_ITERATION_SECONDS=1e-9 HETILE_STATS=1 %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefixes=SQUARE,ALL
 * RUN: env HETILE_ALLOC=chunk HETILE_PLATFORM=%t.slow.json HETILE_CACHE_BYTES=268000 HETILE_ITERATION_SECONDS=1e-9 %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefixes=THIN,ALL
 * RUN: env HETILE_ALLOC=chunk HETILE_PLATFORM=%t.fast.json HETILE_CACHE_BYTES=8 %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefixes=NOCACHE,ALL
 * RUN: env HETILE_ALLOC=auto HETILE_PLATFORM=%t.fast.json HETILE_ITERATION_SECONDS=1e-9 HETILE_STATS=1 %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefixes=DEFAULT,ALL
 * RUN: env HETILE_ALLOC=chunk HETILE_PLATFORM=%t.fast.json HETILE_CACHE_BYTES=1125899906842624 HETILE_ITERATION_SECONDS=1e-9 HETILE_STATS=1 %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefixes=HUGE,ALL
 * RUN: env HETILE_ALLOC=chunk HETILE_CACHE_BYTES=2k not %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefix=BADCACHE
 * RUN: env HETILE_ALLOC=chunk HETILE_ITERATION_SECONDS=-1 not %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefix=BADITER
 *
 * SQUARE-DAG: hetile: tile sizes [ZZ16] (3.5): U = 1000 x 1000 x 1000, c_p 1e-09 s, c_d 1e-05 s, c_c 8e-09 s/point, cache bound h1*h2 <= 67: h1 = 6, h2 = 11
 * SQUARE-DAG: rank 0: 3D sizes 62 6 11
 * SQUARE-DAG: rank 0: model line: yes
 * SQUARE-DAG: rank 1: model line: no
 * SQUARE-DAG: rank 1: 3D sizes 62 6 11
 * THIN-DAG: rank 0: 3D sizes 62 1 67
 * NOCACHE-DAG: rank 0: 3D sizes 62 1 1
 * DEFAULT-DAG: hetile: tile sizes [AY98] (ring of 2 ranks): beta 1e-05 s, tau_t 8e-09 s/element, tau_a 1e-09 s: tiles 16x32x32 (distributed dimension first), one block per rank
 * DEFAULT-DAG: rank 0: 3D sizes 16 32 32
 * DEFAULT-DAG: rank 1: 3D sizes 16 32 32
 * DEFAULT-DAG: rank 0: model line: yes
 * HUGE-DAG: rank 0: wide extents: 62, h1 and h2 in 1..100000: yes
 * ALL-DAG: 2D sizes equal hetile_tilesize_for's: yes
 * BADCACHE: error: HETILE_CACHE_BYTES: '2k' is not a number of bytes
 * BADITER: error: HETILE_ITERATION_SECONDS: '-1' is not a positive number
 */
#include "hetile_rt.h"
#include "hetile_rt_mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  int rank = hetile_mpi_world_rank();
  const long ext[3] = {1000, 1000, 1000};
  long s[3], d[3];
  if (hetile_mpi_tile_sizes(3, ext, 2, -1, 8, s) < 0) {
    if (rank == 0)
      printf("error: %s\n", hetile_last_error());
    return 1;
  }
  /* What the generated code does: the model's line, printed by the
   * program (the library never prints). */
  if (hetile_env_stats() && *hetile_mpi_tile_sizes_describe())
    fprintf(stderr, "%s\n", hetile_mpi_tile_sizes_describe());
  printf("rank %d: model line: %s\n", rank,
         *hetile_mpi_tile_sizes_describe() ? "yes" : "no");
  hetile_tilesize_for(3, ext, 2, -1, d);
  if (getenv("HETILE_CACHE_BYTES") &&
      !strcmp(getenv("HETILE_CACHE_BYTES"), "1125899906842624")) {
    const long wide[3] = {1000, 100000, 100000};
    long w[3];
    if (hetile_mpi_tile_sizes(3, wide, 2, -1, 8, w) < 0) {
      printf("rank %d: error: %s\n", rank, hetile_last_error());
      return 1;
    }
    printf("rank %d: wide extents: %ld, h1 and h2 in 1..100000: %s\n", rank,
           w[0], w[1] >= 1 && w[1] <= 100000 && w[2] >= 1 && w[2] <= 100000
                     ? "yes" : "no");
  }
  if (s[0] == d[0] && s[1] == d[1] && s[2] == d[2])
    printf("rank %d: 3D sizes equal hetile_tilesize_for's: yes\n", rank);
  else
    printf("rank %d: 3D sizes %ld %ld %ld\n", rank, s[0], s[1], s[2]);
  /* Two dimensions: never the 3D model. */
  long s2[2], d2[2];
  hetile_mpi_tile_sizes(2, ext, 2, 1, 8, s2);
  hetile_tilesize_for(2, ext, 2, 1, d2);
  if (rank == 0)
    printf("2D sizes equal hetile_tilesize_for's: %s\n",
           s2[0] == d2[0] && s2[1] == d2[1] ? "yes" : "no");
  fflush(stdout);
  return 0;
}
