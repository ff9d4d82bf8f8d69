//===- MpiGrid.cpp - one tiled nest on a grid of MPI ranks (HETILE_GRID) --===//
//
// hetile_mpi_grid: the processor grid of [AY98] section 2 for a nest whose
// band has 3 dimensions or more (hetile_rt_mpi.h, docs/grids.md). Every
// rank parses HETILE_GRID (hetile_grid_parse); errors are agreed by all
// ranks and rank 0's grid is broadcast, so that every rank maps the tiles
// alike.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "MpiInternal.h"

#include <cstdio>
#include <cstdlib>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

extern "C" int hetile_mpi_grid(hetile_mpi *m, long n0, long n1) {
  if (!m)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_grid: null nest");
  int Dims = 0;
  int P[HETILE_GRID_MAX_DIMS + 1] = {};
  const char *Text = std::getenv("HETILE_GRID");
  int E = hetile_grid_parse(Text, m->Size, &Dims, P);
  if (!E && Dims > 2)
    E = fail(HETILE_ERR_ENV, "HETILE_GRID: '%s' has %d dimensions; the "
             "mpi backends map a nest's first 2 band dimensions onto a grid",
             Text, Dims);
  if (!E && (n0 < 0 || n1 < 0))
    E = fail(HETILE_ERR_INVALID, "hetile_mpi_grid: %ld x %ld tile columns",
             n0, n1);
  if ((E = agree(m->Comm, m->Rank, E)))
    return E;
  P[HETILE_GRID_MAX_DIMS] = Dims;
  if ((E = check(MPI_Bcast(P, HETILE_GRID_MAX_DIMS + 1, MPI_INT, 0, m->Comm),
                 "MPI_Bcast")))
    return E;
  Dims = P[HETILE_GRID_MAX_DIMS];
  if (Dims < 2)
    return 0; // unset, or a 1D grid: the ring
  m->GridDims = Dims;
  for (int D = 0; D < Dims; ++D)
    m->Grid[D] = P[D];
  char Buf[512];
  std::snprintf(Buf, sizeof Buf, "hetile: %d ranks, grid %dx%d (HETILE_GRID) "
                "[AY98]: %ldx%ld tile columns on band dimensions 0 and 1, "
                "%ldx%ld passes, the other band dimensions walked inside each "
                "rank; final values packed element by element",
                m->Size, P[0], P[1], n0, n1, hetile_grid_passes(n0, P[0]),
                hetile_grid_passes(n1, P[1]));
  m->Description = Buf;
  return 1;
}

extern "C" int hetile_mpi_grid_dim(const hetile_mpi *m, int d) {
  if (!m || d < 0 || d >= HETILE_GRID_MAX_DIMS)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_grid_dim: bad dimension");
  return d < m->GridDims ? m->Grid[d] : 1;
}

extern "C" int hetile_mpi_grid_coord(const hetile_mpi *m, int rank, int d) {
  int R[HETILE_GRID_MAX_DIMS];
  if (!m || m->GridDims < 1 || d < 0 || d >= m->GridDims ||
      hetile_grid_coords(m->GridDims, m->Grid, rank, R) < 0)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_grid_coord: rank %d, "
                "dimension %d not on the grid", rank, d);
  return R[d];
}

extern "C" int hetile_mpi_grid_owner(const hetile_mpi *m, long j0, long j1) {
  const long J[2] = {j0, j1};
  int Owner = m && m->GridDims == 2 ? hetile_grid_owner(2, m->Grid, J) : -1;
  if (Owner < 0)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_grid_owner: tile column "
                "(%ld, %ld) not on a grid of 2 dimensions", j0, j1);
  return Owner;
}
