// REQUIRES: mpi, openmp
// Differential execution on processor grids (HETILE_GRID, docs/grids.md):
// tile column (j0, j1) of band dimensions 0 and 1 on rank (j0 mod p1) * p2
// + (j1 mod p2) for equal cycle times, [AY98] section 2, the other band
// dimensions walked inside each rank; with unequal ones, each grid
// dimension allocated by [BDRV98]'s periodic allocation for the cycle
// times of its grid rows or columns. Every rank must print the original's output; HETILE_STATS
// names the grid (the line comes from the call that chooses the grid's
// code) and the ranks' messages. The generated code is compiled with
// -DHETILE_FALLBACK_ABORT: a run that took the original nest aborts.
//
// The 3D uniform recurrence of recurrence-3d.c (two sweeps, 23x19x29 and
// 3x3x3): grids 1x1, 2x1, 1x2, 2x2 and 3x2 (6 ranks on 2 cores), tile
// sizes 1, non-divisors, several passes (more tile columns than
// processors along each grid dimension), and heterogeneous speeds.
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %S/recurrence-3d.c -o %t.orig3
// RUN: %t.orig3 23 19 29 3 3 3 > %t.want3
// RUN: %hetile rewrite --backend=mpi %S/recurrence-3d.c -o %t.r3.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O1 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.r3.c -o %t.r3 %rt_mpi_libs
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=1,1 HETILE_CALIBRATE=0 HETILE_TILE_SIZES=2 HETILE_STATS=1 %mpirun -np 1 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 23 19 29 3 3 3 2> %t.e11
// RUN: cmp %t.want3 %t.o.0
// RUN: FileCheck %s --check-prefix=G11 < %t.e11
// G11: hetile: 1 ranks, grid 1x1 (HETILE_GRID) [AY98]: 12x10 tile columns on band dimensions 0 and 1, 12x10 passes
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=2,1 HETILE_CALIBRATE=0 HETILE_TILE_SIZES=1 HETILE_STATS=1 %mpirun -np 2 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 23 19 29 3 3 3 2> %t.e21
// RUN: cmp %t.want3 %t.o.0 && cmp %t.want3 %t.o.1
// RUN: FileCheck %s --check-prefix=G21 < %t.e21
// G21: hetile: 2 ranks, grid 2x1 (HETILE_GRID) [AY98]: 22x18 tile columns on band dimensions 0 and 1, 11x18 passes
// G21: hetile: rank {{[01]}}/2: {{[1-9][0-9]*}} tiles, {{[1-9][0-9]*}} messages
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=1,2 HETILE_CALIBRATE=0 HETILE_TILE_SIZES=3,2,5 HETILE_STATS=1 %mpirun -np 2 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 23 19 29 3 3 3 2> %t.e12
// RUN: cmp %t.want3 %t.o.0 && cmp %t.want3 %t.o.1
// RUN: FileCheck %s --check-prefix=G12 < %t.e12
// G12: hetile: 2 ranks, grid 1x2 (HETILE_GRID) [AY98]: 8x10 tile columns on band dimensions 0 and 1, 8x5 passes
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=2,2 HETILE_CALIBRATE=0 HETILE_TILE_SIZES=2,3 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 23 19 29 3 3 3 2> %t.e22
// RUN: cmp %t.want3 %t.o.0 && cmp %t.want3 %t.o.1 && cmp %t.want3 %t.o.2 && cmp %t.want3 %t.o.3
// RUN: FileCheck %s --check-prefix=G22 < %t.e22
// G22-DAG: hetile: 4 ranks, grid 2x2 (HETILE_GRID) [AY98]: 12x7 tile columns on band dimensions 0 and 1, 6x4 passes, {{.*}}; tile columns per grid row 6,6, per grid column 4,3 (cycle times of the grid rows 1,1, of the grid columns 1,1: the slowest rank of each, equal (HETILE_CALIBRATE=0))
// G22-DAG: hetile: rank 3/4: {{[1-9][0-9]*}} tiles, {{[1-9][0-9]*}} messages
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=3,2 HETILE_CALIBRATE=0 HETILE_TILE_SIZES=5,4,3 HETILE_STATS=1 %mpirun -np 6 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 23 19 29 3 3 3 2> %t.e32
// RUN: cmp %t.want3 %t.o.0 && cmp %t.want3 %t.o.1 && cmp %t.want3 %t.o.2 && cmp %t.want3 %t.o.3 && cmp %t.want3 %t.o.4 && cmp %t.want3 %t.o.5
// RUN: FileCheck %s --check-prefix=G32 < %t.e32
// G32: hetile: 6 ranks, grid 3x2 (HETILE_GRID) [AY98]: 5x5 tile columns on band dimensions 0 and 1, 2x3 passes
//
// Heterogeneous speeds (docs/grids.md): a grid row's cycle time is its
// slowest rank's, likewise a grid column's, and each grid dimension is
// allocated by [BDRV98] (Proposition 1's periodic chunk, or the bounded
// algorithm when that chunk exceeds the columns). Ranks 1 3 / 2 1 (made as
// slow with HETILE_EMULATE_SPEEDS): rows 3, 2, L = 6, counts 2 and 3,
// rows 0 0 1 1 1 0 of 6 tile columns; columns 2, 3, counts 3 and 2,
// columns 0 0 0 1 1 0 0 of 7 (the cyclic mapping: 3,3 and 4,3). Tiles
// 4,3,7 divide no extent; the second sweep (3x3x3) is one tile column,
// less than Proposition 1's chunk: the bounded algorithm's least cost is
// the chunk of one column each (cost 3/2 against 2/1 for one column on
// the faster), laid out from processor 0, so rank 0 runs it and three
// ranks run no tile.
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=2,2 HETILE_SPEEDS=1,3,2,1 HETILE_EMULATE_SPEEDS=1,3,2,1 HETILE_TILE_SIZES=4,3,7 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 23 19 29 3 3 3 2> %t.hetero
// RUN: cmp %t.want3 %t.o.0 && cmp %t.want3 %t.o.1 && cmp %t.want3 %t.o.2 && cmp %t.want3 %t.o.3
// RUN: FileCheck %s --check-prefix=HETERO < %t.hetero
// HETERO: hetile: 4 ranks, grid 2x2 (HETILE_GRID) [AY98]: 6x7 tile columns on band dimensions 0 and 1, 3x5 passes, {{.*}}; tile columns per grid row 3,3, per grid column 5,2 (cycle times of the grid rows 3,2, of the grid columns 2,3: the slowest rank of each, HETILE_SPEEDS)
// HETERO: hetile: 4 ranks, grid 2x2 (HETILE_GRID) [AY98]: 1x1 tile columns on band dimensions 0 and 1, 1x1 passes, {{.*}}; tile columns per grid row 1,0, per grid column 1,0
//
// 3x2 on 6 ranks, tile size 1 along band dimension 1 and 2 (a divisor of
// no extent) along dimension 0: ranks 1 1 / 2 2 / 1 3, rows 1, 2, 3: L =
// 6, counts 6, 3, 2 (chunk 11), 12 tile columns: 7, 3, 2; columns 2, 3:
// counts 3 and 2 (chunk 5), 18 tile columns: 12, 6.
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=3,2 HETILE_SPEEDS=1,1,2,2,1,3 HETILE_EMULATE_SPEEDS=1,1,2,2,1,3 HETILE_TILE_SIZES=2,1,4 HETILE_STATS=1 %mpirun -np 6 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 23 19 29 3 3 3 2> %t.hetero32
// RUN: cmp %t.want3 %t.o.0 && cmp %t.want3 %t.o.1 && cmp %t.want3 %t.o.2 && cmp %t.want3 %t.o.3 && cmp %t.want3 %t.o.4 && cmp %t.want3 %t.o.5
// RUN: FileCheck %s --check-prefix=HETERO32 < %t.hetero32
// HETERO32: hetile: 6 ranks, grid 3x2 (HETILE_GRID) [AY98]: 12x18 tile columns on band dimensions 0 and 1, 7x12 passes, {{.*}}; tile columns per grid row 7,3,2, per grid column 12,6 (cycle times of the grid rows 1,2,3, of the grid columns 2,3: the slowest rank of each, HETILE_SPEEDS)
//
// Without HETILE_TILE_SIZES, a nest that will run on a grid takes
// [AY98]'s tile sizes for that grid (Algorithms 1 and 2, the measured
// network costs, so the sizes themselves vary), decided before the nest's
// grid: the default 2x2 on 4 ranks, HETILE_GRID=1,2 on 2; with
// HETILE_GRID=ring, the ring's model. 59 x 49 points along band
// dimensions 0 and 1: every grid row and column gets a tile column
// (x_i <= floor(m_i / p_i), or ceil on the edge when that makes p_i
// columns). The second sweep (2 x 2 x 2 points) has a
// default grid too, the third (one point along dimension 1: 9 2 9) none.
// RUN: %t.orig3 60 50 40 3 3 3 9 2 9 > %t.wantay
// RUN: rm -f %t.o.*
// RUN: env HETILE_CALIBRATE=0 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 60 50 40 3 3 3 9 2 9 2> %t.ay4
// RUN: cmp %t.wantay %t.o.0 && cmp %t.wantay %t.o.1 && cmp %t.wantay %t.o.2 && cmp %t.wantay %t.o.3
// RUN: FileCheck %s --check-prefix=AY4 < %t.ay4
// AY4: hetile: tile sizes [AY98] (grid 2x2, Algorithms 1 and 2): beta {{.*}} s, tau_t {{.*}} s/element, tau_a 1e-09 s: tiles {{[0-9]+}}x{{[0-9]+}}x{{[0-9]+}} (band order)
// AY4: hetile: 4 ranks, grid 2x2 (default) [AY98]
// AY4: hetile: tile sizes [AY98] (grid 2x2, Algorithms 1 and 2)
// AY4: hetile: 4 ranks, grid 2x2 (default) [AY98]
// AY4-NOT: [AY98] (grid
// AY4: hetile: tile sizes [AY98] (ring of 4 ranks)
// AY4: hetile: 4 ranks, cycle times
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=1,2 HETILE_CALIBRATE=0 HETILE_STATS=1 %mpirun -np 2 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 60 50 40 3 3 3 9 2 9 2> %t.ay2
// RUN: cmp %t.wantay %t.o.0 && cmp %t.wantay %t.o.1
// RUN: FileCheck %s --check-prefix=AY2 < %t.ay2
// AY2: hetile: tile sizes [AY98] (grid 1x2, Algorithms 1 and 2)
// AY2: hetile: 2 ranks, grid 1x2 (HETILE_GRID) [AY98]
// RUN: env HETILE_GRID=ring HETILE_CALIBRATE=0 HETILE_STATS=1 %mpirun -np 4 %t.r3 60 50 40 3 3 3 9 2 9 2>&1 >/dev/null | FileCheck %s --check-prefix=AYRING
// AYRING-NOT: grid
// AYRING: hetile: tile sizes [AY98] (ring of 4 ranks)
//
// One entry, or "ring": the ring (no grid line).
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=4 HETILE_TILE_SIZES=2 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 23 19 29 3 3 3 2> %t.ring
// RUN: cmp %t.want3 %t.o.0 && cmp %t.want3 %t.o.3
// RUN: FileCheck %s --check-prefix=RING < %t.ring
// RING: hetile: 4 ranks, cycle times
// RING-NOT: grid
// RUN: env HETILE_GRID=' ring' HETILE_TILE_SIZES=2 HETILE_STATS=1 %mpirun -np 4 %t.r3 23 19 29 3 3 3 2>&1 >/dev/null | FileCheck %s --check-prefix=RING
//
// Unset: the default grid (docs/grids.md), the factorisation with the
// fewest tile columns on the busiest rank: 4 ranks on 12x7 tile columns,
// 2x2; 6 ranks, 3x2 (4x4 columns) before 2x3 (6x3). The second sweep has
// one tile column along band dimension 1: every grid would leave a rank
// without one, so it runs on the ring. HETILE_ALLOC other than auto keeps
// the ring, and so do fewer than 4 ranks.
// RUN: rm -f %t.o.*
// RUN: env HETILE_CALIBRATE=0 HETILE_TILE_SIZES=2,3 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 23 19 29 3 3 3 2> %t.def4
// RUN: cmp %t.want3 %t.o.0 && cmp %t.want3 %t.o.1 && cmp %t.want3 %t.o.2 && cmp %t.want3 %t.o.3
// RUN: FileCheck %s --check-prefix=DEF4 < %t.def4
// DEF4: hetile: 4 ranks, grid 2x2 (default) [AY98]: 12x7 tile columns on band dimensions 0 and 1, 6x4 passes
// DEF4: hetile: 4 ranks, cycle times 1,1,1,1
// RUN: rm -f %t.o.*
// RUN: env HETILE_CALIBRATE=0 HETILE_TILE_SIZES=2,3 HETILE_STATS=1 %mpirun -np 6 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 23 19 29 3 3 3 2> %t.def6
// RUN: cmp %t.want3 %t.o.0 && cmp %t.want3 %t.o.5
// RUN: FileCheck %s --check-prefix=DEF6 < %t.def6
// DEF6: hetile: 6 ranks, grid 3x2 (default) [AY98]: 12x7 tile columns on band dimensions 0 and 1, 4x4 passes
// With unequal speeds the default grid stays where each grid row and
// column gets a tile column: at 1,1,1,2 the grid rows (cycle times 1 and
// 2, the slowest of each) share the 12 tile columns 8,4 and the grid
// columns the 7 as 5,2; at 1,1,1,100 the second grid row would get none
// (12 columns on rank 0's row cost 12, one on the other row 100), so the
// nest runs on the ring.
// RUN: env HETILE_SPEEDS=1,1,1,2 HETILE_TILE_SIZES=2,3 HETILE_STATS=1 %mpirun -np 4 %t.r3 23 19 29 3 3 3 2>&1 >/dev/null | FileCheck %s --check-prefix=DEFHET
// DEFHET: hetile: 4 ranks, grid 2x2 (default) [AY98]: 12x7 tile columns on band dimensions 0 and 1, {{.*}} tile columns per grid row 8,4, per grid column 5,2
// RUN: rm -f %t.o.*
// RUN: env HETILE_SPEEDS=1,1,1,100 HETILE_TILE_SIZES=2,3 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r3 23 19 29 3 3 3 2> %t.defslow
// RUN: cmp %t.want3 %t.o.0 && cmp %t.want3 %t.o.1 && cmp %t.want3 %t.o.2 && cmp %t.want3 %t.o.3
// RUN: FileCheck %s --check-prefix=DEFSLOW < %t.defslow
// DEFSLOW: hetile: 4 ranks, cycle times 1,1,1,100 (HETILE_SPEEDS)
// DEFSLOW-NOT: grid
// RUN: env HETILE_CALIBRATE=0 HETILE_ALLOC=cyclic HETILE_TILE_SIZES=2,3 HETILE_STATS=1 %mpirun -np 4 %t.r3 23 19 29 3 3 3 2>&1 >/dev/null | FileCheck %s --check-prefix=RING
// RUN: env HETILE_CALIBRATE=0 HETILE_TILE_SIZES=2,3 HETILE_STATS=1 %mpirun -np 3 %t.r3 23 19 29 3 3 3 2>&1 >/dev/null | FileCheck %s --check-prefix=RING3
// RING3: hetile: 3 ranks, cycle times
// RING3-NOT: grid
//
// --gather=root: rank 0 receives every final value.
// RUN: %hetile rewrite --backend=mpi --gather=root %S/recurrence-3d.c -o %t.root.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O1 -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.root.c -o %t.root %rt_mpi_libs
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=2,2 HETILE_TILE_SIZES=3 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.root 23 19 29 3 3 3
// RUN: cmp %t.want3 %t.o.0
//
// The 4D recurrence of recurrence-4d.c: a diagonal dependence (1, 1) along
// the grid's dimensions, so a tile also receives from the column (j0 - 1,
// j1 - 1); a 2x2 grid and a 3x2 grid with several passes.
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %S/recurrence-4d.c -o %t.orig4
// RUN: %t.orig4 0 5 > %t.want4
// RUN: %hetile rewrite --backend=mpi %S/recurrence-4d.c -o %t.r4.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O1 -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.r4.c -o %t.r4 %rt_mpi_libs
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=2,2 HETILE_CALIBRATE=0 HETILE_TILE_SIZES=3 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r4 0 5 2> %t.e4
// RUN: cmp %t.want4 %t.o.0 && cmp %t.want4 %t.o.1 && cmp %t.want4 %t.o.2 && cmp %t.want4 %t.o.3
// RUN: FileCheck %s --check-prefix=G4 < %t.e4
// G4: hetile: 4 ranks, grid 2x2 (HETILE_GRID) [AY98]: 7x7 tile columns on band dimensions 0 and 1, 4x4 passes
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=3,2 HETILE_TILE_SIZES=2,5,1,4 %mpirun -np 6 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.r4 0 5
// RUN: cmp %t.want4 %t.o.0 && cmp %t.want4 %t.o.2 && cmp %t.want4 %t.o.5
//
// heat-3d (a band of depth 4, skewed: distances of several tiles when the
// tiles are small; two arrays, iterators' final values): 2x2, 3x2.
// RUN: %clang -std=c99 -O1 -I %S/../Exec/Inputs %S/../Inputs/heat-3d.c -o %t.origh
// RUN: %t.origh 2 1 3 4 4 11 > %t.wanth
// RUN: %hetile rewrite --backend=mpi %S/../Inputs/heat-3d.c -o %t.h.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O1 -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.h.c -o %t.h %rt_mpi_libs
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=2,2 HETILE_TILE_SIZES=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.h 2 1 3 4 4 11
// RUN: cmp %t.wanth %t.o.0 && cmp %t.wanth %t.o.1 && cmp %t.wanth %t.o.2 && cmp %t.wanth %t.o.3
// RUN: rm -f %t.o.*
// RUN: env HETILE_GRID=3,2 HETILE_TILE_SIZES=3,1,2 %mpirun -np 6 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.h 2 1 3 4 4 11
// RUN: cmp %t.wanth %t.o.0 && cmp %t.wanth %t.o.4 && cmp %t.wanth %t.o.5
//
// mpi+omp: the grid's tiles run on one thread per rank.
// RUN: %hetile rewrite --backend=mpi+omp %S/recurrence-3d.c -o %t.omp.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O1 -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.omp.c -o %t.omp %rt_mpi_libs
// RUN: rm -f %t.o.*
// RUN: env OMP_NUM_THREADS=2 HETILE_GRID=2,2 HETILE_CALIBRATE=0 HETILE_TILE_SIZES=2,3 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.omp 23 19 29 3 3 3 2> %t.eomp
// RUN: cmp %t.want3 %t.o.0 && cmp %t.want3 %t.o.1 && cmp %t.want3 %t.o.2 && cmp %t.want3 %t.o.3
// RUN: FileCheck %s --check-prefix=G22 < %t.eomp
// Without HETILE_GRID, ranks of 2 threads keep the ring (all their
// threads), ranks of one thread take the default grid.
// RUN: rm -f %t.o.*
// RUN: env OMP_NUM_THREADS=2 HETILE_CALIBRATE=0 HETILE_TILE_SIZES=2,3 HETILE_STATS=1 %mpirun -np 4 sh -c 'exec "$0" "$@" > %t.o.$OMPI_COMM_WORLD_RANK' %t.omp 23 19 29 3 3 3 2> %t.eomp2
// RUN: cmp %t.want3 %t.o.0 && cmp %t.want3 %t.o.3
// RUN: FileCheck %s --check-prefix=RING < %t.eomp2
// RUN: env OMP_NUM_THREADS=1 HETILE_CALIBRATE=0 HETILE_TILE_SIZES=2,3 HETILE_STATS=1 %mpirun -np 4 %t.omp 23 19 29 3 3 3 2>&1 >/dev/null | FileCheck %s --check-prefix=DEF4
//
// Errors, on every rank, naming the variable; the job exits non-zero.
// RUN: env HETILE_GRID=2x2 not %mpirun -np 4 %t.r3 3 3 3 2>&1 | FileCheck %s --check-prefix=MALFORMED
// MALFORMED: HETILE_GRID: '2x2' is not a list of integers >= 1
// RUN: env HETILE_GRID=3,2 not %mpirun -np 4 %t.r3 3 3 3 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: HETILE_GRID: the grid '3,2' has 6 processors, but the job has 4 ranks
// RUN: env HETILE_GRID=2,1,2 not %mpirun -np 4 %t.r3 3 3 3 2>&1 | FileCheck %s --check-prefix=DIMS
// DIMS: HETILE_GRID: '2,1,2' has 3 dimensions
//
// The code: the grid's branch, chosen at run time, then the ring's.
// RUN: %strip-directives %t.r3.c | FileCheck %s --check-prefix=CODE
// CODE: const int hetile_grid = hetile_mpi_grid_sized(hetile_m, hetile_gn0, hetile_gn1, 1, hetile_grid_sized);
// CODE: if (hetile_grid) {
// CODE: for (long hetile_g0 = hetile_mpi_grid_next(hetile_m, hetile_me, 0, -1); hetile_g0 < hetile_gn0; hetile_g0 = hetile_mpi_grid_next(hetile_m, hetile_me, 0, hetile_g0))
// CODE: for (long hetile_g1 = hetile_mpi_grid_next(hetile_m, hetile_me, 1, -1); hetile_g1 < hetile_gn1; hetile_g1 = hetile_mpi_grid_next(hetile_m, hetile_me, 1, hetile_g1)) {
// CODE: const int hetile_peer = hetile_mpi_grid_owner(hetile_m, hetile_g0 - hetile_a, hetile_g1 - hetile_b);
// CODE: hetile_mpi_compute_begin(hetile_m);
// CODE: const int hetile_peer = hetile_mpi_grid_owner(hetile_m, hetile_g0 + hetile_a, hetile_g1 + hetile_b);
// CODE: hetile_mpi_gather(hetile_m,
// CODE: } else {
// CODE: hetile_mpi_owner(hetile_m, hetile_col - hetile_k)
//
// A band of depth 2 has no grid: HETILE_GRID is not read.
// RUN: %hetile rewrite --backend=mpi %S/sor-2d.c -o %t.sor.c -- -I %S/../Exec/Inputs
// RUN: not grep hetile_mpi_grid %t.sor.c
