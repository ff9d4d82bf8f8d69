//===- Simulate.cpp - makespan of a columnwise allocation -------------------===//
//
// Hypotheses H1-H5 of [BDRV98] section 2.1 and 3.2: tile (i, j) waits for
// (i-1, j) and (i, j-1); a message between different processors costs
// T_com and overlaps computation; a processor executes its blocks of
// contiguous columns in order, row by row inside a block (section 3.2,
// "the scheduling is the following"), each tile as soon as possible. On
// clusters ([BRR99] section 3), a row sent over the link between two
// clusters costs its sender the link's time instead. On a processor grid
// ([AY98] section 2, docs/grids.md), the same hypotheses on a 3D tile space
// whose first two dimensions are mapped onto the grid.
//
//===----------------------------------------------------------------------===//
#include "Error.h"

#include "hetile_models.h"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace hetile::rt;

namespace {

int checkSimInputs(int P, const double *T, long N1, long N2, const int *Owner,
                   double TCom) {
  if (P < 1 || !T)
    return fail(HETILE_ERR_INVALID, "simulate: need at least one processor");
  for (int I = 0; I < P; ++I)
    if (!(T[I] > 0))
      return fail(HETILE_ERR_INVALID, "simulate: t_%d must be positive", I);
  if (N1 < 1 || N2 < 1)
    return fail(HETILE_ERR_INVALID, "simulate: need at least one row and one "
                "column (got %ld x %ld)", N1, N2);
  if (N1 > (1L << 40) / N2)
    return fail(HETILE_ERR_INVALID, "simulate: %ld x %ld tiles is too many",
                N1, N2);
  if (!(TCom >= 0))
    return fail(HETILE_ERR_INVALID, "simulate: T_com must be >= 0");
  for (long J = 0; J < N2; ++J)
    if (Owner[J] < 0 || Owner[J] >= P)
      return fail(HETILE_ERR_INVALID, "simulate: column %ld has owner %d, not "
                  "in 0..%d", J, Owner[J], P - 1);
  return HETILE_OK;
}

} // namespace

namespace {

/// The schedule of hetile_sim_makespan; with ClusterOf, a row sent to a
/// processor of another cluster costs the sender Link (after the row) and
/// arrives when it has paid it, instead of TCom later.
double simulate(int P, const double *T, long N1, long N2, const int *Owner,
                double TCom, const int *ClusterOf, double Link,
                double *StartOut) {
  std::vector<double> Free(P, 0.0);    // when each processor is next free
  std::vector<double> Left(N1, 0.0);   // when row i of column j-1 is here
  double Makespan = 0, LeftDelay = 0;
  // Blocks are visited left to right; every tile's predecessors (left
  // neighbour, upper neighbour, previous tile of its processor) come first.
  for (long B = 0; B < N2;) {
    long E = B;
    while (E < N2 && Owner[E] == Owner[B])
      ++E;
    int Q = Owner[B];
    bool Cross = E < N2 && ClusterOf && ClusterOf[Owner[E]] != ClusterOf[Q];
    std::vector<double> Fin((E - B) * N1), Sent(N1);
    for (long I = 0; I < N1; ++I) {
      for (long J = B; J < E; ++J) {
        double Ready = Free[Q];
        if (I > 0)
          Ready = std::max(Ready, Fin[(J - B) * N1 + I - 1]);
        if (J > B)
          Ready = std::max(Ready, Fin[(J - 1 - B) * N1 + I]);
        else if (B > 0)
          Ready = std::max(Ready, Left[I] + LeftDelay);
        if (StartOut)
          StartOut[I * N2 + J] = Ready;
        Fin[(J - B) * N1 + I] = Ready + T[Q];
        Free[Q] = Ready + T[Q];
      }
      if (Cross)
        Free[Q] += Link;
      Sent[I] = Free[Q];
    }
    for (long I = 0; I < N1; ++I)
      Left[I] = Cross ? Sent[I] : Fin[(E - 1 - B) * N1 + I];
    LeftDelay = Cross ? 0 : TCom; // the next block is another processor's
    Makespan = std::max(Makespan, Free[Q]);
    B = E;
  }
  return Makespan;
}

} // namespace

extern "C" int hetile_sim_makespan(int p, const double *t, long n1, long n2,
                                   const int *owner, double tcom,
                                   double *makespan_out, double *start_out) {
  if (int E = checkSimInputs(p, t, n1, n2, owner, tcom))
    return E;
  *makespan_out =
      simulate(p, t, n1, n2, owner, tcom, nullptr, 0, start_out);
  return HETILE_OK;
}

extern "C" int hetile_sim_makespan_links(int p, const double *t, long n1,
                                         long n2, const int *owner,
                                         double tcom, const int *cluster_of,
                                         double link, double *makespan_out) {
  if (int E = checkSimInputs(p, t, n1, n2, owner, tcom))
    return E;
  if (!cluster_of || !(link >= 0))
    return fail(HETILE_ERR_INVALID, "simulate: need the clusters and a link "
                "cost >= 0");
  *makespan_out =
      simulate(p, t, n1, n2, owner, tcom, cluster_of, link, nullptr);
  return HETILE_OK;
}

namespace {

int checkGridInputs(int P1, int P2, const double *T, long N0, long N1,
                    long N2, const int *Row, const int *Col,
                    const double *TCom, double *MakespanOut) {
  if (P1 < 1 || P2 < 1 || P1 > (1 << 20) / P2 || !T || !Row || !Col ||
      !TCom || !MakespanOut)
    return fail(HETILE_ERR_INVALID, "simulate: need a grid of at least 1 x 1 "
                "processors, their times, owners and message costs");
  for (int I = 0; I < P1 * P2; ++I)
    if (!(T[I] > 0) || !std::isfinite(T[I]))
      return fail(HETILE_ERR_INVALID, "simulate: t_%d must be positive", I);
  if (N0 < 1 || N1 < 1 || N2 < 1)
    return fail(HETILE_ERR_INVALID, "simulate: need at least one tile along "
                "each dimension (got %ld x %ld x %ld)", N0, N1, N2);
  if (N1 > (1L << 40) / N2 || N0 > (1L << 40) / (N1 * N2))
    return fail(HETILE_ERR_INVALID, "simulate: %ld x %ld x %ld tiles is too "
                "many", N0, N1, N2);
  if (!(TCom[0] >= 0) || !(TCom[1] >= 0))
    return fail(HETILE_ERR_INVALID, "simulate: T_com must be >= 0");
  for (long J = 0; J < N0; ++J)
    if (Row[J] < 0 || Row[J] >= P1)
      return fail(HETILE_ERR_INVALID, "simulate: j0 = %ld has grid row %d, "
                  "not in 0..%d", J, Row[J], P1 - 1);
  for (long J = 0; J < N1; ++J)
    if (Col[J] < 0 || Col[J] >= P2)
      return fail(HETILE_ERR_INVALID, "simulate: j1 = %ld has grid column "
                  "%d, not in 0..%d", J, Col[J], P2 - 1);
  return HETILE_OK;
}

/// The schedule of hetile_sim_grid_makespan; with ClusterOf, a message to
/// a rank of another cluster costs its sender Link after the tile and
/// arrives when paid, instead of TCom later. A tile sends along dimension
/// 1 first, then along dimension 0, as the generated code does (its (a, b)
/// loops: (0, 1) before (1, 0)).
double simulateGrid(int P1, int P2, const double *T, long N0, long N1,
                    long N2, const int *Row, const int *Col,
                    const double *TCom, const int *ClusterOf, double Link) {
  // Tiles in global lexicographic order: a tile's predecessors (j0-1, j1,
  // j2), (j0, j1-1, j2), (j0, j1, j2-1) and the previous tile of its own
  // processor (lexicographically smaller too) are all done before it.
  // PrevDown: when each tile of slab j0-1 reaches its successor along
  // dimension 0; CurDown the same for slab j0; Right: when the tiles of
  // column (j0, j1-1) reach theirs along dimension 1.
  std::vector<double> Free(P1 * P2, 0.0), PrevDown(N1 * N2, 0.0),
      CurDown(N1 * N2, 0.0), Right(N2, 0.0);
  double Makespan = 0;
  for (long J0 = 0; J0 < N0; ++J0) {
    for (long J1 = 0; J1 < N1; ++J1) {
      int Q = Row[J0] * P2 + Col[J1];
      int Q0 = J0 + 1 < N0 ? Row[J0 + 1] * P2 + Col[J1] : -1;
      int Q1 = J1 + 1 < N1 ? Row[J0] * P2 + Col[J1 + 1] : -1;
      // When a message of a tile finished at F reaches Dest; Busy: when
      // the sender is free after paying the link.
      auto Arrive = [&](int Dest, double F, double C, double &Busy) {
        if (Dest < 0 || Dest == Q)
          return F;
        if (ClusterOf && ClusterOf[Dest] != ClusterOf[Q])
          return Busy += Link;
        return F + C;
      };
      for (long J2 = 0; J2 < N2; ++J2) {
        double Ready = Free[Q];
        if (J0 > 0)
          Ready = std::max(Ready, PrevDown[J1 * N2 + J2]);
        if (J1 > 0)
          Ready = std::max(Ready, Right[J2]);
        double F = Ready + T[Q], Busy = F;
        Right[J2] = Arrive(Q1, F, TCom[1], Busy);
        CurDown[J1 * N2 + J2] = Arrive(Q0, F, TCom[0], Busy);
        Free[Q] = Busy;
      }
      Makespan = std::max(Makespan, Free[Q]);
    }
    std::swap(PrevDown, CurDown);
  }
  return Makespan;
}

} // namespace

extern "C" int hetile_sim_grid_makespan(int p1, int p2, const double *t,
                                        long n0, long n1, long n2,
                                        const int *row_of, const int *col_of,
                                        const double *tcom,
                                        double *makespan_out) {
  if (int E = checkGridInputs(p1, p2, t, n0, n1, n2, row_of, col_of, tcom,
                              makespan_out))
    return E;
  *makespan_out = simulateGrid(p1, p2, t, n0, n1, n2, row_of, col_of, tcom,
                               nullptr, 0);
  return HETILE_OK;
}

extern "C" int hetile_sim_grid_makespan_links(
    int p1, int p2, const double *t, long n0, long n1, long n2,
    const int *row_of, const int *col_of, const double *tcom,
    const int *cluster_of, double link, double *makespan_out) {
  if (int E = checkGridInputs(p1, p2, t, n0, n1, n2, row_of, col_of, tcom,
                              makespan_out))
    return E;
  if (!cluster_of || !(link >= 0) || !std::isfinite(link))
    return fail(HETILE_ERR_INVALID, "simulate: need the clusters and a link "
                "cost >= 0");
  *makespan_out = simulateGrid(p1, p2, t, n0, n1, n2, row_of, col_of, tcom,
                               cluster_of, link);
  return HETILE_OK;
}
