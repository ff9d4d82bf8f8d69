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

extern "C" int hetile_sim_grid_makespan(int p1, int p2, const double *t,
                                        long n0, long n1, long n2,
                                        const int *row_of, const int *col_of,
                                        const double *tcom,
                                        double *makespan_out) {
  if (p1 < 1 || p2 < 1 || p1 > (1 << 20) / p2 || !t || !row_of || !col_of ||
      !tcom || !makespan_out)
    return fail(HETILE_ERR_INVALID, "simulate: need a grid of at least 1 x 1 "
                "processors, their times, owners and message costs");
  int P = p1 * p2;
  for (int I = 0; I < P; ++I)
    if (!(t[I] > 0) || !std::isfinite(t[I]))
      return fail(HETILE_ERR_INVALID, "simulate: t_%d must be positive", I);
  if (n0 < 1 || n1 < 1 || n2 < 1)
    return fail(HETILE_ERR_INVALID, "simulate: need at least one tile along "
                "each dimension (got %ld x %ld x %ld)", n0, n1, n2);
  if (n1 > (1L << 40) / n2 || n0 > (1L << 40) / (n1 * n2))
    return fail(HETILE_ERR_INVALID, "simulate: %ld x %ld x %ld tiles is too "
                "many", n0, n1, n2);
  if (!(tcom[0] >= 0) || !(tcom[1] >= 0))
    return fail(HETILE_ERR_INVALID, "simulate: T_com must be >= 0");
  for (long J = 0; J < n0; ++J)
    if (row_of[J] < 0 || row_of[J] >= p1)
      return fail(HETILE_ERR_INVALID, "simulate: j0 = %ld has grid row %d, "
                  "not in 0..%d", J, row_of[J], p1 - 1);
  for (long J = 0; J < n1; ++J)
    if (col_of[J] < 0 || col_of[J] >= p2)
      return fail(HETILE_ERR_INVALID, "simulate: j1 = %ld has grid column "
                  "%d, not in 0..%d", J, col_of[J], p2 - 1);
  // Tiles in global lexicographic order: a tile's predecessors (j0-1, j1,
  // j2), (j0, j1-1, j2), (j0, j1, j2-1) and the previous tile of its own
  // processor (lexicographically smaller too) are all finished before it.
  // Prev holds the finish times of the slab j0-1, Cur those of slab j0.
  std::vector<double> Free(P, 0.0), Prev(n1 * n2, 0.0), Cur(n1 * n2, 0.0);
  double Makespan = 0;
  for (long J0 = 0; J0 < n0; ++J0) {
    for (long J1 = 0; J1 < n1; ++J1) {
      int Q = row_of[J0] * p2 + col_of[J1];
      for (long J2 = 0; J2 < n2; ++J2) {
        double Ready = Free[Q];
        if (J0 > 0)
          Ready = std::max(Ready, Prev[J1 * n2 + J2] +
                                      (row_of[J0 - 1] != row_of[J0] ? tcom[0]
                                                                    : 0));
        if (J1 > 0)
          Ready = std::max(Ready, Cur[(J1 - 1) * n2 + J2] +
                                      (col_of[J1 - 1] != col_of[J1] ? tcom[1]
                                                                    : 0));
        Free[Q] = Cur[J1 * n2 + J2] = Ready + t[Q];
      }
      Makespan = std::max(Makespan, Free[Q]);
    }
    std::swap(Prev, Cur);
  }
  *makespan_out = Makespan;
  return HETILE_OK;
}
