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
// On the tile columns of a pipeline (hetile_hier_owners), panels of B
// columns go to the clusters of MPI ranks, B from section 3's condition
// (hetile_hier_panel_size).
//
//===----------------------------------------------------------------------===//
#include "Error.h"

#include "hetile_models.h"

#include <algorithm>
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

namespace {

/// Checks the clusters of hetile_hier_owners and hetile_hier_panel_size and
/// lists their members (processors in increasing order) and cycle times.
int clusterMembers(int P, const long *T, const int *ClusterOf, int NClusters,
                   std::vector<std::vector<int>> &Members,
                   std::vector<std::vector<long>> &Times, const char *Fn) {
  if (int E = checkTimes(P, T, Fn))
    return E;
  if (NClusters < 1 || !ClusterOf)
    return fail(HETILE_ERR_INVALID, "%s: need at least one cluster", Fn);
  Members.assign(NClusters, {});
  Times.assign(NClusters, {});
  for (int R = 0; R < P; ++R) {
    if (ClusterOf[R] < 0 || ClusterOf[R] >= NClusters)
      return fail(HETILE_ERR_INVALID, "%s: processor %d is in cluster %d, not "
                  "in 0..%d", Fn, R, ClusterOf[R], NClusters - 1);
    Members[ClusterOf[R]].push_back(R);
    Times[ClusterOf[R]].push_back(T[R]);
  }
  for (int K = 0; K < NClusters; ++K)
    if (Members[K].empty())
      return fail(HETILE_ERR_INVALID, "%s: cluster %d is empty", Fn, K);
  return HETILE_OK;
}

} // namespace

extern "C" int hetile_hier_owners(int p, const long *t, const int *cluster_of,
                                  int nclusters, long panel, long n2,
                                  int *owner_out, long *panels_out) {
  std::vector<std::vector<int>> Members;
  std::vector<std::vector<long>> Times;
  if (int E = clusterMembers(p, t, cluster_of, nclusters, Members, Times,
                             "hier owners"))
    return E;
  if (panel < 1 || n2 < 0 || (n2 > 0 && !owner_out))
    return fail(HETILE_ERR_INVALID, "hier owners: need panel >= 1, n2 >= 0 "
                "and an output");
  // The clusters' cycle times: their first panel's (appendix: 6 and 9 for
  // (2,3,4) and (3,5,8) with B = 5).
  std::vector<long> Cycle(nclusters);
  for (int K = 0; K < nclusters; ++K)
    if (int E = hetile_hier_panel_cycles((int)Members[K].size(),
                                         Times[K].data(), panel, 1, &Cycle[K]))
      return E;
  std::vector<std::vector<long>> C(nclusters);
  for (int K = 0; K < nclusters; ++K)
    C[K].assign(Members[K].size(), 0);
  std::vector<long> Panels(nclusters, 0);
  for (long First = 0; First < n2; First += panel) {
    long Len = std::min(panel, n2 - First);
    int K = nextBlock(nclusters, Cycle.data(), Panels);
    ++Panels[K];
    std::vector<long> Before = C[K];
    allocatePanel((int)Members[K].size(), Times[K].data(), Len, C[K],
                  nullptr);
    long J = First;
    for (size_t I = 0; I < Members[K].size(); ++I)
      for (long N = C[K][I] - Before[I]; N > 0; --N)
        owner_out[J++] = Members[K][I];
  }
  if (panels_out)
    std::copy(Panels.begin(), Panels.end(), panels_out);
  return HETILE_OK;
}

extern "C" int hetile_hier_panel_size(int p, const long *t,
                                      const int *cluster_of, int nclusters,
                                      double unit_s, double link_s,
                                      long max_b, long *panel_out,
                                      int *met_out) {
  std::vector<std::vector<int>> Members;
  std::vector<std::vector<long>> Times;
  if (int E = clusterMembers(p, t, cluster_of, nclusters, Members, Times,
                             "hier panel size"))
    return E;
  if (!(unit_s > 0) || !(link_s >= 0) || max_b < 1 || max_b > 10000000 ||
      !panel_out || !met_out)
    return fail(HETILE_ERR_INVALID, "hier panel size: need unit_s > 0, "
                "link_s >= 0, max_b in 1..1e7 and outputs");
  // Each cluster's panel cycle time is nondecreasing in B (the incremental
  // algorithm only adds blocks): bisect on the slowest-to-meet cluster.
  auto Meets = [&](long B, bool &Ok) -> int {
    Ok = true;
    for (int K = 0; K < nclusters && Ok; ++K) {
      long Cycle;
      if (int E = hetile_hier_panel_cycles((int)Members[K].size(),
                                           Times[K].data(), B, 1, &Cycle))
        return E;
      Ok = (double)Cycle * unit_s >= link_s;
    }
    return HETILE_OK;
  };
  bool Ok;
  if (int E = Meets(max_b, Ok))
    return E;
  *met_out = Ok;
  if (!Ok) {
    *panel_out = max_b;
    return HETILE_OK;
  }
  long Lo = 1, Hi = max_b; // Hi meets it
  while (Lo < Hi) {
    long Mid = Lo + (Hi - Lo) / 2;
    if (int E = Meets(Mid, Ok))
      return E;
    if (Ok)
      Hi = Mid;
    else
      Lo = Mid + 1;
  }
  *panel_out = Hi;
  return HETILE_OK;
}
