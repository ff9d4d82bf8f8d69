//===- ClusterAllocation.cpp - tile columns on clusters, [BRR99] ----------===//
//
// Boudet, Rastello, Robert 1999, section 3 and appendix ("Static
// strategy"), on the pipelined columnwise schedule of [BDRV98] section 3.2
// when the platform file groups the processors into clusters joined by a
// slow link: panels of B tile columns go to the clusters as if each were a
// processor with the cycle time of its panel (hetile_hier_owners), blocks
// inside each cluster by its processors' cycle times, so that a row's data
// crosses the link only at panel boundaries. B is the paper's: large
// enough that updating a panel outlasts sending it between clusters
// (hetile_hier_panel_size), with one row of a panel and its message as the
// units the pipeline exchanges.
//
//===----------------------------------------------------------------------===//
#include "ColumnAllocation.h"
#include "Error.h"
#include "Math.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace hetile::rt;

namespace {

/// Bytes per point of a row message when the costs do not say (doubles).
const long DefaultElemBytes = 8;

/// "{0,1} {2,3}": the processors of each cluster.
std::string clusterList(const ColumnAllocation &A) {
  std::string S;
  for (int K = 0; K < A.NClusters; ++K) {
    S += K ? " {" : "{";
    bool First = true;
    for (size_t R = 0; R < A.ClusterOf.size(); ++R)
      if (A.ClusterOf[R] == K) {
        S += (First ? "" : ",") + std::to_string(R);
        First = false;
      }
    S += "}";
  }
  return S;
}

std::string joinLongs(const std::vector<long> &V) {
  std::string S;
  for (size_t I = 0; I < V.size(); ++I)
    S += (I ? "," : "") + std::to_string(V[I]);
  return S;
}

} // namespace

int hetile::rt::clusterOwners(ColumnAllocation &A, const PipelineNote *Note,
                              std::vector<int> &Owner, std::string &Words) {
  int P = (int)A.Times.size();
  if ((int)A.ClusterOf.size() != P)
    return fail(HETILE_ERR_INVALID, "clusters: %zu processors in the "
                "clusters for %d cycle times", A.ClusterOf.size(), P);
  std::vector<long> T(P);
  if (int E = hetile_alloc_times_to_integers(P, A.Times.data(), T.data()))
    return E;
  long MaxB = std::max(1L, A.NCols / A.NClusters);
  long B;
  char Why[256];
  if (A.PanelGiven > 0) {
    B = std::min(A.PanelGiven, A.NCols);
    std::snprintf(Why, sizeof Why, "the platform file's \"panel\"");
  } else if (Note) {
    // [BRR99] section 3, B >= tau_c / (r tau_a): a row of a panel takes
    // cycle_k(B) units of t to update, one unit being the fastest
    // processor's tile time tile_s / min t; its message over the link is
    // the tile's face of Rows points ((3) of the pipeline's model,
    // TileSizePipeline.cpp), Rows times the bytes per point that the costs
    // give (tau_t = per_byte x bytes), else 8.
    const hetile_pipeline_choice &C = Note->Choice;
    double Rows = 1;
    for (int I = 1; I < Note->Depth; ++I)
      Rows *= (double)C.sizes[I];
    long ElemBytes = DefaultElemBytes;
    if (A.PerByte > 0 && Note->Costs.tau_t > 0)
      ElemBytes = std::max(1L, math::lround(Note->Costs.tau_t / A.PerByte));
    double LinkS = A.LinkStartup + A.LinkPerByte * Rows * (double)ElemBytes;
    double UnitS = C.tile_s / (double)*std::min_element(T.begin(), T.end());
    if (!(UnitS > 0) || !std::isfinite(UnitS))
      UnitS = 1e-300; // an instant tile: no B meets it
    int Met;
    if (int E = hetile_hier_panel_size(P, T.data(), A.ClusterOf.data(),
                                       A.NClusters, UnitS, LinkS, MaxB, &B,
                                       &Met))
      return E;
    // Ours: the columns spread evenly over the m whole panels per cluster
    // that B allows, so that the last panel is not a short remainder that
    // unbalances the clusters (94 columns, B = 37: 47, not 37 + 37 + 20).
    // B only grows, so the condition still holds.
    long M = std::max(1L, A.NCols / (B * A.NClusters));
    B = std::max(B, (A.NCols + M * A.NClusters - 1) / (M * A.NClusters));
    long Cycle = 0;
    for (int K = 0; K < A.NClusters; ++K) {
      std::vector<long> TK;
      for (int R = 0; R < P; ++R)
        if (A.ClusterOf[R] == K)
          TK.push_back(T[R]);
      long CK;
      if (int E = hetile_hier_panel_cycles((int)TK.size(), TK.data(), B, 1,
                                           &CK))
        return E;
      Cycle = K ? std::min(Cycle, CK) : CK;
    }
    std::snprintf(Why, sizeof Why, "%s: a panel row's update %.3g s %s its "
                  "message of %.0f bytes over the link, %.3g s; %ld rows, "
                  "tile %.3g s",
                  Met ? "[BRR99] section 3" : "the most columns per cluster",
                  (double)Cycle * UnitS, Met ? ">=" : "<", Rows *
                  (double)ElemBytes, LinkS, C.n1, C.tile_s);
  } else {
    // Ours: without the tile time the condition cannot be evaluated; four
    // panels per cluster keep the link crossed 4 x clusters times per row.
    B = std::max(1L, (A.NCols + 4L * A.NClusters - 1) / (4L * A.NClusters));
    std::snprintf(Why, sizeof Why, "no tile time known: four panels per "
                  "cluster");
  }
  std::vector<long> Panels(A.NClusters);
  if (int E = hetile_hier_owners(P, T.data(), A.ClusterOf.data(), A.NClusters,
                                 B, A.NCols, Owner.data(), Panels.data()))
    return E;
  A.Panel = B;
  char Buf[1280];
  std::snprintf(Buf, sizeof Buf, "; hierarchical [BRR99]: clusters %s%s, "
                "link %.3g s + %.3g s/byte%s, panel B = %ld (%s), panels per "
                "cluster %s", clusterList(A).c_str(), A.ClusterHosts.c_str(),
                A.LinkStartup, A.LinkPerByte, A.LinkOrigin.c_str(), B, Why,
                joinLongs(Panels).c_str());
  Words = Buf;
  return 1;
}

std::string hetile::rt::flatClusterWords(const ColumnAllocation &A) {
  if (A.NClusters < 2 || A.Panel > 0 ||
      (A.Strategy == HETILE_ALLOC_AUTO && A.PanelGiven != 0))
    return "";
  return "; clusters " + clusterList(A) + A.ClusterHosts +
         ": flat allocation (" +
         (A.Strategy != HETILE_ALLOC_AUTO ? "HETILE_ALLOC is not auto"
                                          : "the platform file's \"panel\": 0") +
         ")";
}
