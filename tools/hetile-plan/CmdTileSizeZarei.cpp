//===- CmdTileSizeZarei.cpp - hetile-plan tile-size --model zarei3d ---------===//
//
// The 3D tiling of Zarei Zefreh et al. (2016), section 3: chunks V_i
// (Algorithm 1), the cache bound M (3.6), and h1, h2 minimising T_P (3.4)
// subject to (3.5), exactly and/or by the tiling genetic algorithm.
//
// --cp-table FILE: one measured point per line, "h1 h2 c" (one cost for
// every node) or "h1 h2 c_1 ... c_P" (nodes in --powers order); '#' starts
// a comment. The points must form a full grid (every h1 with every h2);
// c_p between them is bilinear, beyond them the nearest edge's.
//
//===----------------------------------------------------------------------===//
#include "Args.h"
#include "Commands.h"

#include "hetile_models.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

using namespace hetile::plan;

namespace {

struct CostGrid {
  std::vector<long> G1, G2;
  std::vector<double> Cp; // node-major, then h1, then h2
};

/// Bytes with an optional binary suffix: 32768, 32K, 2M, 1G.
long parseBytes(std::string Text, const std::string &Flag) {
  long Scale = 1;
  char Last = Text.empty() ? 0 : Text.back();
  if (Last == 'K' || Last == 'M' || Last == 'G') {
    Scale = Last == 'K' ? 1L << 10 : Last == 'M' ? 1L << 20 : 1L << 30;
    Text.pop_back();
  }
  long V = parseInteger(Text, Flag, 1);
  if (V > (1L << 62) / Scale)
    throw UsageError(Flag + ": '" + Text + "' is too large");
  return V * Scale;
}

/// A value per node: one entry for all, or exactly P entries.
template <typename T>
std::vector<T> perNode(std::vector<T> V, int P, const std::string &Flag) {
  if (V.size() == 1)
    return std::vector<T>(P, V[0]);
  if ((int)V.size() != P)
    throw UsageError(Flag + ": need 1 or " + std::to_string(P) +
                     " values (one per node of --powers), got " +
                     std::to_string(V.size()));
  return V;
}

/// Reads --cp-table (format in the file comment).
CostGrid readCostTable(const std::string &Path, int P) {
  std::ifstream In(Path);
  if (!In)
    throw UsageError("--cp-table: cannot read '" + Path + "'");
  std::map<std::pair<long, long>, std::vector<double>> Points;
  std::string Line;
  for (int No = 1; std::getline(In, Line); ++No) {
    std::string Where = "--cp-table: " + Path + ":" + std::to_string(No);
    std::istringstream Words(Line.substr(0, Line.find('#')));
    std::vector<std::string> W;
    for (std::string X; Words >> X;)
      W.push_back(X);
    if (W.empty())
      continue;
    if (W.size() != 3 && (int)W.size() != 2 + P)
      throw UsageError(Where + ": need 'h1 h2 c' or 'h1 h2' and " +
                       std::to_string(P) + " costs");
    std::vector<double> C;
    for (size_t K = 2; K < W.size(); ++K)
      C.push_back(parseNumber(W[K], Where, 1e-300));
    auto Key = std::make_pair(parseInteger(W[0], Where, 1),
                              parseInteger(W[1], Where, 1));
    if (!Points.emplace(Key, perNode(C, P, Where)).second)
      throw UsageError(Where + ": point (" + W[0] + ", " + W[1] +
                       ") given twice");
  }
  if (Points.empty())
    throw UsageError("--cp-table: '" + Path + "' has no points");
  CostGrid G;
  for (auto &[Key, C] : Points) {
    G.G1.push_back(Key.first);
    G.G2.push_back(Key.second);
  }
  for (auto *V : {&G.G1, &G.G2}) {
    std::sort(V->begin(), V->end());
    V->erase(std::unique(V->begin(), V->end()), V->end());
  }
  for (int I = 0; I < P; ++I)
    for (long A : G.G1)
      for (long B : G.G2) {
        auto It = Points.find({A, B});
        if (It == Points.end())
          throw UsageError("--cp-table: the points must form a grid; (" +
                           std::to_string(A) + ", " + std::to_string(B) +
                           ") is missing");
        G.Cp.push_back(It->second[I]);
      }
  return G;
}

CostGrid costs(const Args &A, int P) {
  if (A.has("--cp") == A.has("--cp-table"))
    throw UsageError("--cp: give either --cp C[,C...] or --cp-table FILE");
  if (A.has("--cp-table"))
    return readCostTable(A.str("--cp-table"), P);
  CostGrid G{{1}, {1}, perNode(A.repeatedPositives("--cp"), P, "--cp")};
  return G;
}

hetile_tilesize_3d_ga_params gaParams(const Args &A) {
  hetile_tilesize_3d_ga_params Par{};
  Par.population = A.integerOr("--population", 2, 0);
  Par.generations = A.integerOr("--generations", 1, 0);
  // The library reads 0 as "the default": ask for (0, 1] here.
  Par.p_crossover = A.numberOr("--p-crossover", 0, 0.8);
  Par.p_mutation = A.numberOr("--p-mutation", 0, 0.1);
  if (!(Par.p_crossover > 0 && Par.p_crossover <= 1 && Par.p_mutation > 0 &&
        Par.p_mutation <= 1))
    throw UsageError("--p-crossover, --p-mutation: must be in (0, 1]");
  Par.penalty = A.numberOr("--penalty", 0, 0);
  if (A.has("--penalty") && !(Par.penalty > 0))
    throw UsageError("--penalty: must be positive");
  Par.seed = (unsigned long)A.integerOr("--seed", 0, 1);
  return Par;
}

void jsonResult(Json &J, const char *Name, const hetile_tilesize_3d_result &R) {
  J.key(Name).open('{').key("h1").num(R.h1).key("h2").num(R.h2);
  J.key("time").num(R.time).key("evaluations").num(R.evaluations);
  if (std::string(Name) == "ga")
    J.key("generation").num(R.generation);
  J.key("seconds").num(R.seconds).close('}');
}

void printResult(const char *Name, const hetile_tilesize_3d_result &R) {
  std::printf("%-8s h1 = %ld, h2 = %ld, T_P = %.6g (%ld evaluations", Name,
              R.h1, R.h2, R.time, R.evaluations);
  if (std::string(Name) == "ga:")
    std::printf(", found in generation %ld", R.generation);
  std::printf(", %.3g ms)\n", R.seconds * 1e3);
}

/// --cache: bytes per node, V*N repeats V.
std::vector<long> caches(const Args &A, int P) {
  std::vector<long> Cache;
  if (!A.has("--cache"))
    return Cache;
  std::string S = A.str("--cache");
  if (S.empty())
    throw UsageError("--cache: empty list");
  for (const std::string &Part : split(S, ',')) {
    size_t Star = Part.find('*');
    long N = Star == std::string::npos
                 ? 1
                 : parseInteger(Part.substr(Star + 1), "--cache", 1);
    if (N > P)
      throw UsageError("--cache: more values than nodes");
    Cache.insert(Cache.end(), N, parseBytes(Part.substr(0, Star), "--cache"));
  }
  return perNode(Cache, P, "--cache");
}

/// What both printers need.
struct Outcome {
  std::string Solver;
  std::vector<long> Chunks;
  hetile_tilesize_3d_result Exact{}, Ga{};
  std::string Skipped; // why the exact solver did not run ("" if it did)
  hetile_tilesize_3d_ga_params Par{};
  const hetile_tilesize_3d_result &best() const {
    return Solver == "ga" ? Ga : Exact;
  }
  long bound() const { return best().bound; }
  double gap() const {
    return Skipped.empty() ? best().time / Exact.time - 1 : NAN;
  }
};

void printJson(const Outcome &O) {
  Json J;
  J.open('{').key("model").str("zarei3d").key("solver").str(O.Solver);
  J.key("chunks").list(O.Chunks).key("bound").num(O.bound());
  J.key("h1").num(O.best().h1).key("h2").num(O.best().h2);
  J.key("time").num(O.best().time);
  if (!O.Skipped.empty())
    J.key("exact").null();
  else
    jsonResult(J, "exact", O.Exact);
  if (O.Solver == "ga") {
    jsonResult(J, "ga", O.Ga);
    J.key("ga_gap").num(O.gap()).key("seed").num((long)O.Par.seed);
  }
  std::fputs(J.close('}').text().c_str(), stdout);
}

void printText(const Outcome &O) {
  std::printf("chunks:  %s (V_i = U_c vp_i, Algorithm 1)\n",
              joinNumbers(O.Chunks).c_str());
  if (O.bound() >= 0)
    std::printf("cache:   h1*h2 <= %ld (M of (3.6))\n", O.bound());
  if (O.Solver == "ga") {
    printResult("ga:", O.Ga);
    if (O.Skipped.empty())
      std::printf("ga gap:  %.4f%% above the exact optimum (seed %lu)\n",
                  100 * O.gap(), O.Par.seed);
  }
  if (!O.Skipped.empty())
    std::printf("exact:   skipped (%s)\n", O.Skipped.c_str());
  else
    printResult("exact:", O.Exact);
}

/// The library's messages name the model and the quantity at fault.
void solved(int Status) {
  if (Status < 0)
    throw UsageError(hetile_last_error());
}

} // namespace

int hetile::plan::runTileSizeZarei(int Argc, char **Argv) {
  Args A(Argc, Argv,
         {"--model", "--powers", "--extents", "--cd", "--cc", "--cp",
          "--cp-table", "--cache", "--elem-bytes", "--twa", "--solver",
          "--seed", "--population", "--generations", "--p-crossover",
          "--p-mutation", "--penalty"},
         {"--json"});
  std::vector<double> Vp = A.repeatedPositives("--powers");
  int P = (int)Vp.size();
  std::vector<long> U = A.integers("--extents", 1);
  if (U.size() != 3)
    throw UsageError("--extents: need U_c,U_s1,U_s2, got " +
                     std::to_string(U.size()) + " values");
  Outcome O;
  O.Solver = A.has("--solver") ? A.str("--solver") : "exact";
  if (O.Solver != "exact" && O.Solver != "ga")
    throw UsageError("--solver: '" + O.Solver + "' is not exact or ga");
  std::vector<long> Cache = caches(A, P);
  CostGrid G = costs(A, P);
  hetile_tilesize_3d_problem Prob{P,
                                  Vp.data(),
                                  U[0],
                                  U[1],
                                  U[2],
                                  Cache.empty() ? nullptr : Cache.data(),
                                  A.integerOr("--elem-bytes", 1, 8),
                                  A.number("--cd", 0),
                                  A.number("--cc", 0),
                                  A.numberOr("--twa", 0, 0),
                                  (int)G.G1.size(),
                                  (int)G.G2.size(),
                                  G.G1.data(),
                                  G.G2.data(),
                                  G.Cp.data()};
  O.Chunks.resize(P);
  solved(hetile_tilesize_3d_chunks(P, Vp.data(), U[0], O.Chunks.data()));
  O.Par = gaParams(A);
  if (O.Solver == "ga")
    solved(hetile_tilesize_3d_solve_ga(&Prob, &O.Par, &O.Ga));
  // The exact answer too, for comparison; with --solver ga it may be
  // skipped when the feasible set is too large to enumerate.
  int ExactStatus = hetile_tilesize_3d_solve_exact(&Prob, &O.Exact);
  if (O.Solver == "exact")
    solved(ExactStatus);
  if (ExactStatus < 0)
    O.Skipped = hetile_last_error();
  A.has("--json") ? printJson(O) : printText(O);
  return 0;
}
