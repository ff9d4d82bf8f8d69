//===- CmdHier.cpp - hetile-plan hier ---------------------------------------===//
//
// Collections of clusters (Boudet, Rastello, Robert 1999, appendix): the
// allocation of a panel inside each cluster, the clusters' cycle times and
// the allocation of panels to clusters.
//
//===----------------------------------------------------------------------===//
#include "Args.h"
#include "Commands.h"

#include "hetile_models.h"

#include <cstdio>

using namespace hetile::plan;

int hetile::plan::runHier(int Argc, char **Argv) {
  Args A(Argc, Argv, {"--clusters", "--panel", "--period", "--panels"},
         {"--json"});
  std::string Spec = A.str("--clusters");
  std::vector<int> Sizes;
  std::vector<long> T;
  for (const std::string &Cluster : split(Spec, ';')) {
    if (Cluster.empty())
      throw UsageError("--clusters: empty cluster in '" + Spec + "'");
    std::vector<std::string> Parts = split(Cluster, ',');
    for (const std::string &P : Parts)
      T.push_back(parseInteger(P, "--clusters", 1));
    Sizes.push_back((int)Parts.size());
  }
  long Panel = A.integer("--panel", 1);
  long Period = A.integerOr("--period", 1, Panel);
  long NPanels = A.integerOr("--panels", 1, 1);
  if (Panel > 1000000 || Period > 1000000 || NPanels > 1000000)
    throw UsageError("--panel, --period, --panels: at most 1000000");
  int K = (int)Sizes.size();
  std::vector<long> Cycle(K);
  std::vector<int> Inner(T.size() * Panel), Panels(Period);
  check(hetile_hier_alloc(K, Sizes.data(), T.data(), Panel, Period,
                          Cycle.data(), Inner.data(), Panels.data()),
        "--clusters");
  // The appendix states an allocation both ways: the owners of the blocks
  // of a panel (24232) and the blocks per processor ((3,1,1)); the panels
  // per cluster likewise (ABAAB, 3:2).
  std::vector<std::vector<long>> Blocks(K), Counts(K), Continued(K);
  std::vector<long> PanelCounts(K);
  for (int P : Panels)
    ++PanelCounts[P];
  long Offset = 0;
  for (int C = 0; C < K; ++C) {
    Counts[C].assign(Sizes[C], 0);
    for (long B = 0; B < Panel; ++B) {
      int Owner = Inner[Offset * Panel + B];
      Blocks[C].push_back(T[Offset + Owner]);
      ++Counts[C][Owner];
    }
    Continued[C].resize(NPanels);
    check(hetile_hier_panel_cycles(Sizes[C], T.data() + Offset, Panel,
                                   NPanels, Continued[C].data()), "--panels");
    Offset += Sizes[C];
  }
  std::string Letters;
  for (int P : Panels)
    Letters += (char)(P < 26 ? 'A' + P : '?');
  if (A.has("--json")) {
    Json J;
    J.open('{').key("cycle_times").list(Cycle).key("panels").list(Panels);
    J.key("panel_counts").list(PanelCounts);
    J.key("clusters").open('[');
    for (int C = 0; C < K; ++C)
      J.open('{').key("blocks").list(Blocks[C]).key("counts").list(Counts[C])
          .key("panel_cycles").list(Continued[C]).close('}');
    J.close(']').close('}');
    std::fputs(J.text().c_str(), stdout);
    return 0;
  }
  for (int C = 0; C < K; ++C)
    std::printf("cluster %c: blocks %s (cycle times of the blocks' owners), "
                "blocks per processor %s, cycle time %ld%s%s\n",
                C < 26 ? 'A' + C : '?', joinNumbers(Blocks[C]).c_str(),
                joinNumbers(Counts[C]).c_str(), Cycle[C],
                NPanels > 1 ? ", continued panels " : "",
                NPanels > 1 ? joinNumbers(Continued[C]).c_str() : "");
  std::string Ratio;
  for (long N : PanelCounts)
    Ratio += (Ratio.empty() ? "" : ":") + std::to_string(N);
  std::printf("panels:    %s (first panel first), panels per cluster %s\n",
              Letters.c_str(), Ratio.c_str());
  return 0;
}
