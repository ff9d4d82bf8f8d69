//===- CmdSimulateGrid.cpp - hetile-plan simulate --grid ------------------===//
//
// The makespan of the grid schedule of Andonov & Yanev 1998 section 2
// (docs/grids.md) on a p1 x p2 grid: tile column (j0, j1) on grid processor
// (row of j0, column of j1), every tile along the other dimensions walked
// inside it; hetile_sim_grid_makespan computes it. The owner tables are
// the runtime's for the times given (hetile_grid_owner_tables: [BDRV98]'s
// allocation along each grid dimension, j mod p for equal times) unless
// --row-owners and --col-owners give them. With --clusters and --link, a message between
// ranks of different clusters costs its sender the link's time
// (hetile_sim_grid_makespan_links), as HETILE_EMULATE_LINKS charges it.
//
//===----------------------------------------------------------------------===//
#include "Args.h"
#include "Commands.h"

#include "hetile_grid.h"
#include "hetile_models.h"

#include <algorithm>
#include <cstdio>

using namespace hetile::plan;

namespace {

/// --tiles N0xN1xN2[xN3...]: dimensions 2.. are walked inside each grid
/// processor in lexicographic order, the same as one of their product.
std::vector<long> parseTiles(const std::string &Text) {
  std::vector<std::string> Parts = split(Text, 'x');
  if (Parts.size() < 3)
    throw UsageError("--tiles: '" + Text + "' needs at least 3 dimensions "
                     "(N0xN1xN2)");
  std::vector<long> N(3, 1);
  for (size_t I = 0; I < Parts.size(); ++I) {
    long V = parseInteger(Parts[I], "--tiles", 1);
    size_t D = std::min<size_t>(I, 2);
    if (N[D] > (1L << 40) / V)
      throw UsageError("--tiles: " + Text + " is too many tiles");
    N[D] *= V;
  }
  if (N[1] > 100000000 / N[2] || N[0] > 100000000 / (N[1] * N[2]))
    throw UsageError("--tiles: at most 100000000 tiles");
  return N;
}

/// --row-owners / --col-owners: the grid row (column) of each j0 (j1), or
/// \p Runtime's (the runtime's table) when not given.
std::vector<int> owners(const Args &A, const std::string &Flag, long N,
                        int P, const std::vector<int> &Runtime) {
  std::vector<int> Of(N);
  if (!A.has(Flag))
    return Runtime;
  std::vector<long> V = A.integers(Flag, 0);
  if ((long)V.size() != N)
    throw UsageError(Flag + ": " + std::to_string(V.size()) + " entries for " +
                     std::to_string(N) + " tiles along the dimension");
  for (long J = 0; J < N; ++J) {
    if (V[J] >= P)
      throw UsageError(Flag + ": " + std::to_string(V[J]) + " but the grid "
                       "has " + std::to_string(P) + " along the dimension");
    Of[J] = (int)V[J];
  }
  return Of;
}

std::string joinInts(const std::vector<int> &V) {
  return joinNumbers(std::vector<long>(V.begin(), V.end()));
}

} // namespace

int hetile::plan::runSimulateGrid(int Argc, char **Argv) {
  Args A(Argc, Argv, {"--grid", "--tiles", "--times", "--tcom",
                      "--row-owners", "--col-owners", "--clusters",
                      "--link"}, {"--json"});
  std::vector<long> Grid = A.integers("--grid", 1);
  if (Grid.size() != 2)
    throw UsageError("--grid: give two dimensions p1,p2 (got " +
                     std::to_string(Grid.size()) + ")");
  if (Grid[0] > 4096 / Grid[1])
    throw UsageError("--grid: at most 4096 processors");
  int P1 = (int)Grid[0], P2 = (int)Grid[1], P = P1 * P2;
  std::vector<long> N = parseTiles(A.str("--tiles"));
  std::vector<double> T = A.repeatedPositives("--times");
  if (T.size() == 1)
    T.assign(P, T[0]);
  if ((int)T.size() != P)
    throw UsageError("--times: " + std::to_string(T.size()) + " times for a " +
                     std::to_string(P1) + "x" + std::to_string(P2) +
                     " grid (one, or one per rank: rank = row x p2 + "
                     "column)");
  double TCom[2] = {0, 0};
  if (A.has("--tcom")) {
    std::vector<std::string> Parts = split(A.str("--tcom"), ',');
    if (Parts.size() > 2)
      throw UsageError("--tcom: one cost, or one per grid dimension");
    TCom[0] = parseNumber(Parts[0], "--tcom", 0);
    TCom[1] = Parts.size() == 2 ? parseNumber(Parts[1], "--tcom", 0) : TCom[0];
  }
  std::vector<int> RuntimeRow(N[0]), RuntimeCol(N[1]);
  check(hetile_grid_owner_tables(P1, P2, T.data(), N[0], N[1],
                                 RuntimeRow.data(), RuntimeCol.data()),
        "--times");
  std::vector<int> Row = owners(A, "--row-owners", N[0], P1, RuntimeRow);
  std::vector<int> Col = owners(A, "--col-owners", N[1], P2, RuntimeCol);
  if (A.has("--link") != A.has("--clusters"))
    throw UsageError("--clusters and --link go together");
  std::vector<int> ClusterOf;
  int NClusters = 0;
  if (A.has("--clusters"))
    NClusters = parseClusters(A.str("--clusters"), P, ClusterOf);
  double Link = A.numberOr("--link", 0, 0);
  double Makespan;
  if (NClusters)
    check(hetile_sim_grid_makespan_links(P1, P2, T.data(), N[0], N[1], N[2],
                                         Row.data(), Col.data(), TCom,
                                         ClusterOf.data(), Link, &Makespan),
          "simulate");
  else
    check(hetile_sim_grid_makespan(P1, P2, T.data(), N[0], N[1], N[2],
                                   Row.data(), Col.data(), TCom, &Makespan),
          "simulate");
  // Each rank's tiles and work; a lower bound: the busiest rank's work, or
  // the chain of n0 + n1 + n2 - 2 dependent tiles at the fastest time.
  std::vector<long> Tiles(P, 0);
  for (long J0 = 0; J0 < N[0]; ++J0)
    for (long J1 = 0; J1 < N[1]; ++J1)
      Tiles[Row[J0] * P2 + Col[J1]] += N[2];
  double Lower = (double)(N[0] + N[1] + N[2] - 2) *
                 *std::min_element(T.begin(), T.end());
  for (int Q = 0; Q < P; ++Q)
    Lower = std::max(Lower, (double)Tiles[Q] * T[Q]);
  if (A.has("--json")) {
    Json J;
    J.open('{').key("grid").list(Grid).key("tiles").list(N);
    J.key("times").list(T).key("tcom").list(std::vector<double>(TCom,
                                                                TCom + 2));
    J.key("row_owners").list(Row).key("col_owners").list(Col);
    if (NClusters)
      J.key("clusters").num((long)NClusters).key("link").num(Link);
    J.key("tiles_per_rank").list(Tiles).key("makespan").num(Makespan);
    J.key("lower_bound").num(Lower).key("ratio").num(Makespan / Lower);
    J.close('}');
    std::fputs(J.text().c_str(), stdout);
    return 0;
  }
  std::printf("grid:         %dx%d [AY98] section 2\n", P1, P2);
  std::printf("tiles:        %ld x %ld x %ld, T_com = %s along dimension 0, "
              "%s along dimension 1\n", N[0], N[1], N[2], fmt(TCom[0]).c_str(),
              fmt(TCom[1]).c_str());
  std::printf("owners:       grid rows of j0 %s (%s), grid columns of j1 %s "
              "(%s)\n", N[0] <= 32 ? joinInts(Row).c_str() : "...",
              A.has("--row-owners") ? "given" : "the runtime's",
              N[1] <= 32 ? joinInts(Col).c_str() : "...",
              A.has("--col-owners") ? "given" : "the runtime's");
  if (NClusters)
    std::printf("clusters:     %d, link %s per message between clusters, "
                "paid by the sender\n", NClusters, fmt(Link).c_str());
  std::printf("per rank:     %s tiles\n", joinNumbers(Tiles).c_str());
  std::printf("makespan:     %s\n", fmt(Makespan).c_str());
  std::printf("lower bound:  %s (the busiest rank's work or the longest "
              "chain), ratio %.4f\n", fmt(Lower).c_str(), Makespan / Lower);
  return 0;
}
