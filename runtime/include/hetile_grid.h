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
 * (unset): *ndims = 0. */
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

#ifdef __cplusplus
}
#endif

#endif /* HETILE_GRID_H */
