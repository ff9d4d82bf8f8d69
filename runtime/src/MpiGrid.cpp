//===- MpiGrid.cpp - one tiled nest on a grid of MPI ranks (HETILE_GRID) --===//
//
// hetile_mpi_grid: the processor grid of [AY98] section 2 for a nest whose
// band has 3 dimensions or more (hetile_rt_mpi.h, docs/grids.md). Every
// rank parses HETILE_GRID (hetile_grid_parse), or, when it is unset,
// chooses the default grid (hetile_grid_default); errors are agreed by all
// ranks and rank 0's grid is broadcast, so that every rank maps the tiles
// alike.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "MpiInternal.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

/// "a,b,c" of the first N values.
template <typename T> std::string list(const T *V, int N, const char *Fmt) {
  std::string S;
  char Buf[64];
  for (int I = 0; I < N; ++I) {
    std::snprintf(Buf, sizeof Buf, Fmt, V[I]);
    S += (I ? "," : "") + std::string(Buf);
  }
  return S;
}

/// The line hetile_mpi_describe prints for the grid: its size and where it
/// came from, the tile columns and passes, and the columns of each grid
/// row and column with the cycle times that chose them.
int describeGrid(hetile_mpi &M, bool Default) {
  const int P0 = M.Grid[0], P1 = M.Grid[1];
  std::vector<long> Count[2] = {std::vector<long>(P0, 0),
                                std::vector<long>(P1, 0)};
  for (int D = 0; D < 2; ++D)
    for (int Owner : M.GridOf[D])
      ++Count[D][Owner];
  long Passes[2] = {0, 0};
  for (int D = 0; D < 2; ++D)
    for (long C : Count[D])
      Passes[D] = C > Passes[D] ? C : Passes[D];
  std::vector<double> RowT(P0), ColT(P1);
  if (int E = hetile_grid_dim_times(P0, P1, M.Times.data(), RowT.data(),
                                    ColT.data()))
    return E;
  char Buf[512];
  std::snprintf(Buf, sizeof Buf, "hetile: %d ranks, grid %dx%d (%s) [AY98]: "
                "%ldx%ld tile columns on band dimensions 0 and 1, %ldx%ld "
                "passes, the other band dimensions walked inside each rank; "
                "final values packed element by element; ",
                M.Size, P0, P1, Default ? "default" : "HETILE_GRID",
                M.GridN[0], M.GridN[1], Passes[0], Passes[1]);
  M.Description = Buf + ("tile columns per grid row " +
                         list(Count[0].data(), P0, "%ld") +
                         ", per grid column " +
                         list(Count[1].data(), P1, "%ld") +
                         " (cycle times of the grid rows " +
                         list(RowT.data(), P0, "%g") + ", of the grid columns " +
                         list(ColT.data(), P1, "%g") +
                         ": the slowest rank of each, " + M.Source + ")");
  return HETILE_OK;
}

} // namespace

/// Whether, on the p[0] x p[1] grid, the owner tables for \p M's cycle times
/// give every grid row and every grid column a tile column.
static bool everyRowAndColumnWorks(const hetile_mpi &M, const int *P,
                                   long N0, long N1) {
  std::vector<int> Of[2] = {std::vector<int>(N0), std::vector<int>(N1)};
  if (hetile_grid_owner_tables(P[0], P[1], M.Times.data(), N0, N1,
                               Of[0].data(), Of[1].data()))
    return false;
  for (int D = 0; D < 2; ++D) {
    std::vector<bool> Works(P[D], false);
    for (int G : Of[D])
      Works[G] = true;
    if (std::find(Works.begin(), Works.end(), false) != Works.end())
      return false;
  }
  return true;
}

extern "C" int hetile_mpi_grid(hetile_mpi *m, long n0, long n1) {
  return hetile_mpi_grid_threads(m, n0, n1, 1);
}

extern "C" int hetile_mpi_grid_threads(hetile_mpi *m, long n0, long n1,
                                       int nthreads) {
  return hetile_mpi_grid_sized(m, n0, n1, nthreads, nullptr);
}

extern "C" int hetile_mpi_grid_sized(hetile_mpi *m, long n0, long n1,
                                     int nthreads, const int *sized) {
  if (!m)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_grid: null nest");
  int Dims = 0;
  // P[0..MAX): the grid; then its dimensions and whether it is the default.
  int P[HETILE_GRID_MAX_DIMS + 2] = {};
  const char *Text = std::getenv("HETILE_GRID");
  int E = hetile_grid_parse(Text, m->Size, &Dims, P);
  if (!E && Dims > 2)
    E = fail(HETILE_ERR_ENV, "HETILE_GRID: '%s' has %d dimensions; the "
             "mpi backends map a nest's first 2 band dimensions onto a grid",
             Text, Dims);
  if (!E && (n0 < 0 || n1 < 0))
    E = fail(HETILE_ERR_INVALID, "hetile_mpi_grid: %ld x %ld tile columns",
             n0, n1);
  // Unset: the grid the tile sizes were chosen for (Sized, the grid_out of
  // hetile_mpi_tile_sizes_grid) if every grid row and column has a tile
  // column, else the default grid
  // for these tile columns; neither when an allocation of the ring was
  // asked for (HETILE_ALLOC other than auto), the ranks form clusters
  // (their panels are the ring's), the ranks have several threads (the
  // grid runs one per rank) or an earlier nest left its final values on
  // their ranks (the grid would first move them all to every rank,
  // hetile_mpi_settle, and every rank would hold every array whole): those
  // keep the ring. Rank 0's decision is
  // broadcast below.
  const bool HaveSized = sized && sized[0] >= 1 && sized[1] >= 1 &&
                         sized[0] * sized[1] == m->Size;
  if (!E && (!Text || !*Text) && m->Strategy == HETILE_ALLOC_AUTO &&
      m->NClusters <= 1 && nthreads <= 1 && !hetile_mpi_deferred()) {
    if (HaveSized && sized[0] <= n0 && sized[1] <= n1) {
      P[0] = sized[0];
      P[1] = sized[1];
      Dims = 2;
      P[HETILE_GRID_MAX_DIMS + 1] = 1;
    } else if (hetile_grid_default(m->Size, n0, n1, P)) {
      Dims = 2;
      P[HETILE_GRID_MAX_DIMS + 1] = 1;
    }
  }
  // A default grid on which the speeds leave a grid row or column without
  // a tile column ([BDRV98]'s allocation along a dimension can give a slow
  // row none) keeps the ring, whose allocation then decides.
  if (!E && P[HETILE_GRID_MAX_DIMS + 1] &&
      !everyRowAndColumnWorks(*m, P, n0, n1)) {
    Dims = 0;
    P[HETILE_GRID_MAX_DIMS + 1] = 0;
  }
  if ((E = agree(m->Comm, m->Rank, E)))
    return E;
  P[HETILE_GRID_MAX_DIMS] = Dims;
  if ((E = check(MPI_Bcast(P, HETILE_GRID_MAX_DIMS + 2, MPI_INT, 0, m->Comm),
                 "MPI_Bcast")))
    return E;
  Dims = P[HETILE_GRID_MAX_DIMS];
  if (Dims < 2)
    return 0; // a 1D grid or no default grid: the ring
  m->GridDims = Dims;
  for (int D = 0; D < Dims; ++D)
    m->Grid[D] = P[D];
  m->GridN[0] = n0;
  m->GridN[1] = n1;
  m->GridOf[0].assign(n0, 0);
  m->GridOf[1].assign(n1, 0);
  // Every rank has rank 0's cycle times (hetile_mpi_begin): the same
  // tables everywhere.
  E = hetile_grid_owner_tables(P[0], P[1], m->Times.data(), n0, n1,
                               m->GridOf[0].data(), m->GridOf[1].data());
  if (!E)
    E = describeGrid(*m, P[HETILE_GRID_MAX_DIMS + 1] != 0);
  if (E) {
    m->GridDims = 0;
    return E;
  }
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
  if (!m || m->GridDims != 2 || j0 < 0 || j0 >= m->GridN[0] || j1 < 0 ||
      j1 >= m->GridN[1])
    return fail(HETILE_ERR_INVALID, "hetile_mpi_grid_owner: tile column "
                "(%ld, %ld) not on a grid of 2 dimensions", j0, j1);
  return m->GridOf[0][size_t(j0)] * m->Grid[1] + m->GridOf[1][size_t(j1)];
}

extern "C" long hetile_mpi_grid_next(const hetile_mpi *m, int rank, int d,
                                     long g) {
  if (!m || m->GridDims != 2 || d < 0 || d > 1 || rank < 0 ||
      rank >= m->Grid[0] * m->Grid[1]) {
    fail(HETILE_ERR_INVALID, "hetile_mpi_grid_next: rank %d, dimension %d "
         "not on a grid of 2 dimensions", rank, d);
    return LONG_MAX; // ends the caller's walk
  }
  const int Mine = d == 0 ? rank / m->Grid[1] : rank % m->Grid[1];
  const std::vector<int> &Of = m->GridOf[d];
  for (long J = g < 0 ? 0 : g + 1; J < m->GridN[d]; ++J)
    if (Of[size_t(J)] == Mine)
      return J;
  return m->GridN[d];
}
