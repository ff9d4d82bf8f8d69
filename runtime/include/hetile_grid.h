/*
 * hetile_grid.h - processor grids of Andonov & Yanev (libhetile_rt).
 *
 * [AY98] section 2: the tile nodes [j1, ..., jn, j(n+1)] of an
 * (n+1)-dimensional tile space go to a p1 x ... x pn grid of processors,
 * node [j1, ..., jn, *] to processor [j1 mod p1, ..., jn mod pn] (tile
 * numbers from 0 here; the paper's (j - 1) mod p with numbers from 1), the
 * last dimension walked inside each processor. When the tile space is
 * larger than the grid along a dimension, a processor gets several
 * columns: the multiple passes of [AY98] section 2. Processors are
 * numbered row-major, rank = ((r1 * p2) + r2) * p3 + ..., as MPI ranks.
 * Pure functions, no MPI: the MPI layer (hetile_rt_mpi.h, HETILE_GRID)
 * and the unit tests share them.
 */
#ifndef HETILE_GRID_H
#define HETILE_GRID_H

#include "hetile_models.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most grid dimensions HETILE_GRID may give. */
#define HETILE_GRID_MAX_DIMS 8

/* Parses the text of HETILE_GRID ("p1,p2,..."; each an integer >= 1,
 * spaces allowed around them) for a job of `ranks` processes: *ndims and
 * p[0..*ndims) on success (0); HETILE_ERR_ENV with a message naming
 * HETILE_GRID when malformed, when it has more than HETILE_GRID_MAX_DIMS
 * entries or when the product of the entries is not `ranks`. NULL or ""
 * (unset): *ndims = 0. "ring": *ndims = 1 and p[0] = ranks, as "ranks". */
int hetile_grid_parse(const char *text, int ranks, int *ndims, int *p);

/* The rank of the processor of tile column j[0..ndims) (each >= 0) on the
 * grid p[0..ndims): [j1 mod p1, ..., jn mod pn] numbered row-major; -1 on
 * bad input. */
int hetile_grid_owner(int ndims, const int *p, const long *j);

/* The grid coordinates r[0..ndims) of `rank` (0 <= rank < p1 x ... x pn);
 * 0, or -1 on bad input. */
int hetile_grid_coords(int ndims, const int *p, int rank, int *r);

/* The passes of [AY98] section 2 along one grid dimension of p processors
 * over n tile columns: ceil(n / p) (0 when n <= 0). */
long hetile_grid_passes(long n, int p);

/* Heterogeneous grids (docs/grids.md): the cycle time of a grid row (the
 * p2 ranks of one coordinate along dimension 0) is the largest of its
 * ranks' cycle times, likewise for a grid column (the p1 ranks of one
 * coordinate along dimension 1): a row's tiles of one walk position form a
 * pipeline along dimension 1, which runs at its slowest rank's pace. t has
 * p1 x p2 entries, row-major as the ranks; row_t[p1] and col_t[p2]. 0, or
 * HETILE_ERR_INVALID on bad input (p < 1, a time not positive). */
int hetile_grid_dim_times(int p1, int p2, const double *t, double *row_t,
                          double *col_t);

/* The owner tables of a p1 x p2 grid of cycle times t (p1 x p2 entries,
 * row-major as the ranks) over n1 x n2 tile columns: row_of[j1] (n1
 * entries), the grid row of the tile columns j1 along band dimension 0,
 * and col_of[j2] (n2 entries), the grid column of those j2 along band
 * dimension 1; tile column (j1, j2) then runs on rank row_of[j1] x p2 +
 * col_of[j2]. Each dimension is allocated as [BDRV98] allocates columns to
 * processors (hetile_alloc_owners, the auto strategy: Proposition 1's
 * periodic chunk, or the bounded algorithm when that chunk exceeds the
 * columns) for the dimension's cycle times (hetile_grid_dim_times). Equal
 * times give [AY98]'s cyclic j mod p (hetile_grid_owner). 0, or an error
 * (HETILE_ERR_INVALID). */
int hetile_grid_owner_tables(int p1, int p2, const double *t, long n1,
                             long n2, int *row_of, int *col_of);

/* The default grid for `ranks` ranks over n1 x n2 tile columns when
 * HETILE_GRID is unset (docs/grids.md): 0 (the ring) when ranks < 4, when
 * ranks is prime, or when no factorisation p1 x p2 = ranks with p1, p2 >= 2
 * has p1 <= n1 and p2 <= n2 (a rank would have no tile column); else 1 and
 * the factorisation with the fewest tile columns on the busiest rank,
 * ceil(n1 / p1) x ceil(n2 / p2), then the shortest pipeline fill p1 + p2,
 * then the larger p1, in p[0..2). */
int hetile_grid_default(int ranks, long n1, long n2, int *p);

/* [AY98]'s tile sizes (section 3, Algorithms 1 and 2:
 * hetile_tilesize_nd_solve) for a band of `depth` >= 3 dimensions on a
 * p[0] x p[1] grid with the costs c (beta, tau_t per element, tau_a per
 * iteration): band dimensions 0 and 1 on the grid, 2 .. depth - 2 as grid
 * dimensions of one processor, depth - 1 the projected axis (the paper's
 * x_{n+1}), n = depth - 1. extents and sizes_out in the order of
 * hetile_mpi_tile_sizes: the last band dimension first, then 0, 1, ...,
 * depth - 2. On the edge (res_out->on_edge: one tile column per
 * processor), band dimensions 0 and 1 get ceil(m_i / p_i) instead of
 * [AY98]'s floor when that makes p_i columns, so that a remainder adds no
 * column (ours). res_out (may
 * be NULL) gets the solver's result, tiles as returned (band order).
 * HETILE_ERR_INVALID when p[d] exceeds band dimension d's extent
 * or the costs are not usable. */
int hetile_grid_tile_sizes(int depth, const long *extents, const int *p,
                           double beta, double tau_t, double tau_a,
                           long *sizes_out, hetile_tilesize_nd_result *res_out);

#ifdef __cplusplus
}
#endif

#endif /* HETILE_GRID_H */
