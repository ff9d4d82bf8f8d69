//===- Hier.cpp - collections of clusters, [BRR99] --------------------------===//
//
// Boudet, Rastello, Robert, "Algorithmic issues for (distributed)
// heterogeneous computing platforms", LIP RR-1999-19, section 3 and
// appendix ("Static strategy"). Inside a cluster, a panel of B blocks is
// allocated by the incremental algorithm of [BDRV98] (equation (2)); the
// cluster's "cycle-time" is the time to update that panel, max_i c_i t_i.
// Panels are then allocated to clusters as if they were processors with
// those cycle times. Worked example: clusters (2,3,4) and (3,5,8), B = 5:
// allocations 2,3,2,4,2 and 3,5,3,8,3, cycle times 6 and 9, panels A,B,A,A,B.
//
//===----------------------------------------------------------------------===//
#include "Error.h"

#include "hetile_models.h"

#include <vector>

using namespace hetile::rt;

namespace {

/// Equation (2) of [BDRV98]: the processor to receive the next block
/// (ties to the smallest index).
int nextBlock(int P, const long *T, const std::vector<long> &C) {
  int Best = 0;
  for (int I = 1; I < P; ++I)
    if ((__int128)T[I] * (C[I] + 1) < (__int128)T[Best] * (C[Best] + 1))
      Best = I;
  return Best;
}

/// Allocates Panel more blocks on top of C; Order (may be null) receives
/// the local processor of each block; returns max_i (added_i * t_i).
long allocatePanel(int P, const long *T, long Panel, std::vector<long> &C,
                   int *Order) {
  std::vector<long> Added(P, 0);
  for (long B = 0; B < Panel; ++B) {
    int J = nextBlock(P, T, C);
    ++C[J];
    ++Added[J];
    if (Order)
      Order[B] = J;
  }
  long Max = 0;
  for (int I = 0; I < P; ++I)
    if (Added[I] * T[I] > Max)
      Max = Added[I] * T[I];
  return Max;
}

} // namespace

extern "C" int hetile_hier_panel_cycles(int p, const long *t, long panel,
                                        long npanels, long *cycle_out) {
  if (int E = checkTimes(p, t, "hier"))
    return E;
  if (panel < 1 || npanels < 1 || panel > 100000000 / npanels)
    return fail(HETILE_ERR_INVALID, "hier: need panel >= 1, panels >= 1 and "
                "at most 1e8 blocks");
  for (int I = 0; I < p; ++I)
    if (t[I] > (1L << 62) / (panel * npanels))
      return fail(HETILE_ERR_OVERFLOW, "hier: cycle times too large");
  std::vector<long> C(p, 0);
  for (long K = 0; K < npanels; ++K)
    cycle_out[K] = allocatePanel(p, t, panel, C, nullptr);
  return HETILE_OK;
}

extern "C" int hetile_hier_alloc(int nclusters, const int *sizes,
                                 const long *t, long panel, long period,
                                 long *cycle_out, int *inner_out,
                                 int *panels_out) {
  if (nclusters < 1 || !sizes)
    return fail(HETILE_ERR_INVALID, "hier: need at least one cluster");
  if (panel < 1 || period < 1 || period > 10000000)
    return fail(HETILE_ERR_INVALID, "hier: need panel >= 1 and period in "
                "1..1e7");
  long Offset = 0;
  for (int K = 0; K < nclusters; ++K) {
    if (sizes[K] < 1)
      return fail(HETILE_ERR_INVALID, "hier: cluster %d is empty", K);
    if (int E = hetile_hier_panel_cycles(sizes[K], t + Offset, panel, 1,
                                         &cycle_out[K]))
      return E;
    std::vector<long> C(sizes[K], 0);
    allocatePanel(sizes[K], t + Offset, panel, C, inner_out + Offset * panel);
    Offset += sizes[K];
  }
  std::vector<long> Panels(nclusters, 0);
  for (long S = 0; S < period; ++S) {
    int J = nextBlock(nclusters, cycle_out, Panels);
    ++Panels[J];
    panels_out[S] = J;
  }
  return HETILE_OK;
}
