//===- CmdTileSize.cpp - hetile-plan tile-size ------------------------------===//
//
// --model andonov-yanev: the n-dimensional orthogonal tile sizing of
// Andonov & Yanev (1998), section 3. --model zarei3d: CmdTileSizeZarei.cpp.
//
//===----------------------------------------------------------------------===//
#include "Args.h"
#include "Commands.h"

#include "hetile_models.h"

#include <cstdio>

using namespace hetile::plan;

namespace {

std::vector<double> take(const double *X, int N) { return {X, X + N}; }

int runAndonovYanev(const Args &A) {
  std::vector<long> M = A.integers("--extents", 1);
  std::vector<long> P = A.integers("--grid", 1);
  if (M.size() < 2 || M.size() > 17)
    throw UsageError("--extents: need 2 to 17 extents m1,...,m(n+1)");
  if (P.size() + 1 != M.size())
    throw UsageError("--grid: need " + std::to_string(M.size() - 1) +
                     " grid sizes (one fewer than --extents), got " +
                     std::to_string(P.size()));
  for (size_t I = 0; I < P.size(); ++I)
    if (P[I] > M[I])
      throw UsageError("--grid: p" + std::to_string(I + 1) + " = " +
                       std::to_string(P[I]) + " exceeds m" +
                       std::to_string(I + 1) + " = " + std::to_string(M[I]));
  std::string BV = A.has("--b") ? A.str("--b") : "printed";
  if (BV != "printed" && BV != "example")
    throw UsageError("--b: '" + BV + "' is not printed or example");
  double TauA = A.number("--tau-a", 0);
  if (!(TauA > 0))
    throw UsageError("--tau-a: must be positive");
  hetile_tilesize_nd_problem Prob{(int)P.size(),
                                  M.data(),
                                  P.data(),
                                  A.number("--beta", 0),
                                  TauA,
                                  A.number("--tau-t", 0),
                                  BV == "example"
                                      ? HETILE_TILESIZE_ND_B_EXAMPLE
                                      : HETILE_TILESIZE_ND_B_PRINTED};
  hetile_tilesize_nd_result R;
  check(hetile_tilesize_nd_solve(&Prob, &R), "andonov-yanev");
  int N = Prob.n;
  std::vector<long> Tile(R.tile, R.tile + N + 1);
  if (A.has("--json")) {
    Json J;
    J.open('{').key("model").str("andonov-yanev").key("b").str(BV);
    J.key("mu").num(R.mu).key("nu").num(R.nu).key("volume").num(R.volume);
    J.key("continuous").list(take(R.continuous, N));
    J.key("projected").list(take(R.projected, N));
    J.key("tile").list(Tile).key("on_edge").num((long)R.on_edge).close('}');
    std::fputs(J.text().c_str(), stdout);
    return 0;
  }
  auto Row = [N](const char *Name, const double *X) {
    std::printf("%-12s", Name);
    for (int I = 0; I < N; ++I)
      std::printf(" %10.4f", X[I]);
    std::printf("\n");
  };
  std::printf("volume:      %.4f (Theorem 3.2 bounds mu = %.4f, nu = %.4f)\n",
              R.volume, R.mu, R.nu);
  Row("continuous:", R.continuous);
  Row("projected:", R.projected);
  std::printf("tile:        %s%s\n", joinNumbers(Tile).c_str(),
              R.on_edge ? " (edge E_{n+1}, formula (15))" : "");
  return 0;
}

} // namespace

/// The value of --model (--model M or --model=M), "" if absent: each model
/// has its own flags.
static std::string modelOf(int Argc, char **Argv) {
  for (int I = 0; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg == "--model" && I + 1 < Argc)
      return Argv[I + 1];
    if (Arg.rfind("--model=", 0) == 0)
      return Arg.substr(8);
  }
  return "";
}

int hetile::plan::runTileSize(int Argc, char **Argv) {
  if (modelOf(Argc, Argv) == "zarei3d")
    return runTileSizeZarei(Argc, Argv);
  Args A(Argc, Argv, {"--model", "--extents", "--grid", "--beta", "--tau-a",
                      "--tau-t", "--b"}, {"--json"});
  std::string Model = A.str("--model");
  if (Model == "andonov-yanev")
    return runAndonovYanev(A);
  throw UsageError("--model: '" + Model +
                   "' is not one of andonov-yanev, zarei3d");
}
