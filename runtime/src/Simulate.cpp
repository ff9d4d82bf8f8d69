//===- Simulate.cpp - makespan of a columnwise allocation -------------------===//
//
// Hypotheses H1-H5 of [BDRV98] section 2.1 and 3.2: tile (i, j) waits for
// (i-1, j) and (i, j-1); a message between different processors costs
// T_com and overlaps computation; a processor executes its blocks of
// contiguous columns in order, row by row inside a block (section 3.2,
// "the scheduling is the following"), each tile as soon as possible.
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

extern "C" int hetile_sim_makespan(int p, const double *t, long n1, long n2,
                                   const int *owner, double tcom,
                                   double *makespan_out, double *start_out) {
  if (int E = checkSimInputs(p, t, n1, n2, owner, tcom))
    return E;
  std::vector<double> Free(p, 0.0);    // when each processor is next free
  std::vector<double> Left(n1, 0.0);   // finish of (i, j-1), column j-1
  std::vector<double> Above(n1, 0.0);  // finish times of the current column
  double Makespan = 0;
  // Blocks are visited left to right; every tile's predecessors (left
  // neighbour, upper neighbour, previous tile of its processor) come first.
  for (long B = 0; B < n2;) {
    long E = B;
    while (E < n2 && owner[E] == owner[B])
      ++E;
    int Q = owner[B];
    double LeftDelay = (B > 0) ? tcom : 0; // previous block is another proc
    std::vector<double> Fin((E - B) * n1);
    for (long I = 0; I < n1; ++I)
      for (long J = B; J < E; ++J) {
        double Ready = Free[Q];
        if (I > 0)
          Ready = std::max(Ready, Fin[(J - B) * n1 + I - 1]);
        if (J > B)
          Ready = std::max(Ready, Fin[(J - 1 - B) * n1 + I]);
        else if (B > 0)
          Ready = std::max(Ready, Left[I] + LeftDelay);
        if (start_out)
          start_out[I * n2 + J] = Ready;
        Fin[(J - B) * n1 + I] = Ready + t[Q];
        Free[Q] = Ready + t[Q];
      }
    for (long I = 0; I < n1; ++I)
      Left[I] = Fin[(E - 1 - B) * n1 + I];
    Makespan = std::max(Makespan, Free[Q]);
    B = E;
  }
  *makespan_out = Makespan;
  return HETILE_OK;
}
