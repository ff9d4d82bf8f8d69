//===- CmdSimulate.cpp - hetile-plan simulate -------------------------------===//
//
// The makespan of an allocation under H1-H5 of Boulet et al., the Lemma 1
// lower bound, the Lemma 3 guarantee when it applies, and a Gantt chart.
// With --clusters and --link, processors grouped in clusters joined by a
// slow link (Boudet, Rastello, Robert 1999, section 3): a row sent between
// clusters costs its sender the link's time, and --strategy hier allocates
// panels of B columns to the clusters as the runtime does on MPI ranks.
// With --grid, the grid schedule instead (CmdSimulateGrid.cpp).
//
//===----------------------------------------------------------------------===//
#include "Args.h"
#include "Commands.h"

#include "hetile_models.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

using namespace hetile::plan;

namespace {

/// --rows N1 or N1xN1'x... (extra local tile dimensions of an
/// n-dimensional pipeline, scanned lexicographically: their product).
long parseRows(const std::string &Text) {
  long Rows = 1;
  for (const std::string &Part : split(Text, 'x')) {
    long V = parseInteger(Part, "--rows", 1);
    if (Rows > (1L << 40) / V)
      throw UsageError("--rows: " + Text + " is too many rows");
    Rows *= V;
  }
  return Rows;
}

} // namespace

int hetile::plan::parseClusters(const std::string &Text, int P,
                                std::vector<int> &Of) {
  Of.assign(P, -1);
  int K = 0;
  for (const std::string &Cluster : split(Text, ';')) {
    if (Cluster.empty())
      throw UsageError("--clusters: empty cluster in '" + Text + "'");
    for (const std::string &R : split(Cluster, ',')) {
      long Q = parseInteger(R, "--clusters", 0);
      if (Q >= P)
        throw UsageError("--clusters: processor " + R + " but --times gives " +
                         std::to_string(P));
      if (Of[Q] >= 0)
        throw UsageError("--clusters: processor " + R + " is in two clusters");
      Of[Q] = K;
    }
    ++K;
  }
  for (int Q = 0; Q < P; ++Q)
    if (Of[Q] < 0)
      throw UsageError("--clusters: processor " + std::to_string(Q) +
                       " is in no cluster");
  return K;
}

int hetile::plan::runSimulate(int Argc, char **Argv) {
  for (int I = 0; I < Argc; ++I)
    if (!std::strcmp(Argv[I], "--grid") || !std::strncmp(Argv[I], "--grid=", 7))
      return runSimulateGrid(Argc, Argv);
  Args A(Argc, Argv, {"--times", "--rows", "--columns", "--tcom",
                      "--strategy", "--max-chunk", "--gantt", "--clusters",
                      "--link", "--panel"}, {"--json"});
  std::vector<double> Times = A.positives("--times");
  long N1 = parseRows(A.str("--rows"));
  long N2 = A.integer("--columns", 1);
  if (N1 > 100000000 / N2)
    throw UsageError("--rows x --columns: at most 100000000 tiles");
  double TCom = A.numberOr("--tcom", 0, 0);
  long MaxChunk = A.integerOr("--max-chunk", 1, 0);
  std::string Strategy =
      A.has("--strategy") ? A.str("--strategy")
                          : (MaxChunk > 0 ? "bounded" : "optimal");
  int P = (int)Times.size();
  std::vector<int> ClusterOf;
  int NClusters = 0;
  if (A.has("--clusters"))
    NClusters = parseClusters(A.str("--clusters"), P, ClusterOf);
  if (A.has("--link") != A.has("--clusters"))
    throw UsageError("--clusters and --link go together");
  double Link = A.numberOr("--link", 0, 0);
  bool Hier = Strategy == "hier";
  if (Hier && NClusters == 0)
    throw UsageError("--strategy hier needs --clusters and --link");
  if (A.has("--panel") && !Hier)
    throw UsageError("--panel goes with --strategy hier");
  Allocation Alloc;
  std::vector<int> Owner;
  long Panel = 0;
  std::vector<long> PanelCounts;
  if (Hier) {
    // As the runtime (ClusterAllocation.cpp): integer times, B from
    // [BRR99] section 3's condition in the units of the times (a panel
    // row's update >= --link), at most the columns per cluster.
    Alloc = allocate(Times, "optimal", 0, N2);
    Alloc.Strategy = "hier";
    std::vector<long> T = Alloc.Times;
    double Unit = (double)Alloc.UnitNum / (double)Alloc.UnitDen;
    if (A.has("--panel")) {
      Panel = A.integer("--panel", 1);
    } else {
      int Met;
      check(hetile_hier_panel_size(P, T.data(), ClusterOf.data(), NClusters,
                                   Unit, Link, std::max(1L, N2 / NClusters),
                                   &Panel, &Met), "--clusters");
      if (!Met)
        Alloc.Notes.push_back("no panel up to " + std::to_string(Panel) +
                              " columns outlasts the link: B = " +
                              std::to_string(Panel));
      // As the runtime: the columns spread evenly over the whole panels
      // per cluster that B allows.
      long M = std::max(1L, N2 / (Panel * NClusters));
      Panel = std::max(Panel, (N2 + M * NClusters - 1) / (M * NClusters));
    }
    Owner.resize(N2);
    PanelCounts.resize(NClusters);
    check(hetile_hier_owners(P, T.data(), ClusterOf.data(), NClusters, Panel,
                             N2, Owner.data(), PanelCounts.data()),
          "--clusters");
    Alloc.Counts.assign(P, 0);
    for (int O : Owner)
      ++Alloc.Counts[O];
    Alloc.Chunk = N2;
  } else {
    Alloc = allocate(Times, Strategy, MaxChunk, N2);
    Owner = columnOwners(Alloc, N2);
  }
  long Crossings = 0;
  for (long J = 1; J < N2 && NClusters; ++J)
    Crossings += ClusterOf[Owner[J - 1]] != ClusterOf[Owner[J]];
  std::vector<double> Start;
  if (A.has("--gantt")) {
    if (NClusters)
      throw UsageError("--gantt: not with --clusters");
    Start.resize(N1 * N2);
  }
  double Makespan, Lower, Slack = -1;
  if (NClusters)
    check(hetile_sim_makespan_links(P, Times.data(), N1, N2, Owner.data(),
                                    TCom, ClusterOf.data(), Link, &Makespan),
          "simulate");
  else
    check(hetile_sim_makespan(P, Times.data(), N1, N2, Owner.data(), TCom,
                              &Makespan,
                              Start.empty() ? nullptr : Start.data()),
          "simulate");
  check(hetile_alloc_lower_bound(P, Times.data(), N1, N2, &Lower), "simulate");
  bool Lemma3 = Alloc.Strategy == "optimal" && !NClusters;
  if (Lemma3) {
    // Lemma 3's (n1 + n2 - 1) L, with L the lcm of the times in the units
    // given (Alloc.Times are divided by their gcd), plus (p - 1) T_com.
    check(hetile_alloc_gap_bound(P, Alloc.Times.data(), N1, N2, 0, &Slack),
          "simulate");
    Slack = Slack * (double)Alloc.UnitNum / (double)Alloc.UnitDen +
            (P - 1) * TCom;
  }
  if (A.has("--gantt"))
    check(hetile_sim_write_gantt(A.str("--gantt").c_str(), P, Times.data(), N1,
                                 N2, Owner.data(), Start.data()), "--gantt");
  for (const std::string &N : Alloc.Notes)
    std::fprintf(stderr, "hetile-plan: note: %s\n", N.c_str());
  if (A.has("--json")) {
    Json J;
    J.open('{').key("strategy").str(Alloc.Strategy).key("counts")
        .list(Alloc.Counts).key("chunk").num(Alloc.Chunk);
    J.key("rows").num(N1).key("columns").num(N2).key("tcom").num(TCom);
    if (NClusters) {
      J.key("clusters").num((long)NClusters).key("link").num(Link);
      J.key("panel").num(Panel).key("panel_counts").list(PanelCounts);
      J.key("crossings").num(Crossings);
    }
    J.key("makespan").num(Makespan).key("lower_bound").num(Lower);
    J.key("ratio").num(Makespan / Lower);
    J.key("lemma3_bound");
    Lemma3 ? J.num(Lower + Slack) : J.null();
    J.close('}');
    std::fputs(J.text().c_str(), stdout);
    return 0;
  }
  std::printf("strategy:     %s (counts %s, chunk %ld)\n",
              Alloc.Strategy.c_str(), joinNumbers(Alloc.Counts).c_str(),
              Alloc.Chunk);
  std::printf("tiles:        %ld rows x %ld columns, T_com = %s\n", N1, N2,
              fmt(TCom).c_str());
  if (NClusters) {
    std::printf("clusters:     %d, link %s per row crossing, %ld crossings "
                "per row\n", NClusters, fmt(Link).c_str(), Crossings);
    if (Hier)
      std::printf("panels:       B = %ld, panels per cluster %s\n", Panel,
                  joinNumbers(PanelCounts).c_str());
  }
  std::printf("makespan:     %s\n", fmt(Makespan).c_str());
  std::printf("lower bound:  %s (Lemma 1), ratio %.4f\n", fmt(Lower).c_str(),
              Makespan / Lower);
  if (Lemma3)
    std::printf("lemma 3:      makespan <= %s\n", fmt(Lower + Slack).c_str());
  return 0;
}
