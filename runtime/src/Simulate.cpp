//===- Simulate.cpp - makespan of a columnwise allocation -------------------===//
//
// Hypotheses H1-H5 of [BDRV98] section 2.1 and 3.2: tile (i, j) waits for
// (i-1, j) and (i, j-1); a message between different processors costs
// T_com and overlaps computation; a processor executes its blocks of
// contiguous columns in order, row by row inside a block (section 3.2,
// "the scheduling is the following"), each tile as soon as possible. On
// clusters ([BRR99] section 3), a row sent over the link between two
// clusters costs its sender the link's time instead.
//
//===----------------------------------------------------------------------===//
#include "Error.h"

#include "hetile_models.h"

#include <algorithm>
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
