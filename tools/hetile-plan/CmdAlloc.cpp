//===- CmdAlloc.cpp - hetile-plan alloc -------------------------------------===//
//
// Block counts per processor for one of the strategies of Boulet et al.
// (or the one chunk per processor of Zarei Zefreh et al. 2016, section 3),
// their exact cost (Definition 1), the optimal cost (Proposition 1), the
// rows of the incremental algorithm (Table 2) and the column owners: the
// runtime's own functions (hetile_alloc_parse, hetile_alloc_counts,
// hetile_alloc_owners), so that the plan and the generated code agree.
//
//===----------------------------------------------------------------------===//
#include "Args.h"
#include "Commands.h"

#include "hetile_models.h"

#include <cmath>
#include <cstdio>
#include <numeric>

using namespace hetile::plan;

namespace {

/// The cost Num/Den of integer times in the units of the times given.
void inUnits(const Allocation &A, long &Num, long &Den) {
  if (__builtin_mul_overflow(Num, A.UnitNum, &Num) ||
      __builtin_mul_overflow(Den, A.UnitDen, &Den))
    throw UsageError("--times: the cost in the units given exceeds 2^63");
}

} // namespace

Allocation hetile::plan::allocate(const std::vector<double> &Times,
                                  const std::string &Strategy, long MaxChunk,
                                  long Columns) {
  Allocation A;
  int P = (int)Times.size();
  A.Given = Times;
  A.Times.resize(P);
  check(hetile_alloc_times_to_integers(P, Times.data(), A.Times.data()),
        "--times");
  // hetile_alloc_times_to_integers scales the times by a power of ten and
  // divides them by their gcd: the unit is that gcd over that power.
  double Unit = Times[0] / (double)A.Times[0];
  for (long Den = 1; Den <= 1000000; Den *= 10) {
    double Num = Unit * (double)Den;
    if (std::fabs(Num - std::nearbyint(Num)) <= 1e-9 * Num) {
      long G = std::gcd((long)std::nearbyint(Num), Den);
      A.UnitNum = (long)std::nearbyint(Num) / G;
      A.UnitDen = Den / G;
      break;
    }
  }
  std::vector<long> Opt(P);
  A.HasOptimal = hetile_alloc_optimal(P, A.Times.data(), Opt.data(),
                                      &A.OptimalChunk) == HETILE_OK;
  std::string LcmError = A.HasOptimal ? "" : hetile_last_error();
  if (A.HasOptimal)
    check(hetile_alloc_lcm(P, A.Times.data(), &A.Lcm), "--times");
  // The runtime's grammar (HETILE_ALLOC), strategies and default bound, so
  // that the plan is what the generated code does.
  if (hetile_alloc_parse(Strategy.c_str(), "--strategy", &A.StrategyId,
                         &A.Param) != HETILE_OK)
    throw UsageError(hetile_last_error());
  if (A.StrategyId == HETILE_ALLOC_CHUNK && Columns < 1)
    throw UsageError("--strategy chunk: needs --columns N2 >= 1 (the chunks "
                     "are shares of the columns)");
  bool Bounded = A.StrategyId == HETILE_ALLOC_AUTO ||
                 A.StrategyId == HETILE_ALLOC_OPTIMAL ||
                 A.StrategyId == HETILE_ALLOC_BOUNDED;
  if (Bounded && A.Param == 0)
    A.Param = MaxChunk;
  A.Counts.resize(P);
  int FellBack = 0;
  check(hetile_alloc_counts(P, A.Times.data(), Columns, A.StrategyId, A.Param,
                            A.Counts.data(), &A.Chunk, &FellBack),
        "--strategy");
  A.Strategy = Strategy;
  if (FellBack) {
    std::string Bound = std::to_string(
        A.Param > 0 ? A.Param : hetile_alloc_default_bound(P, Columns));
    A.Notes.push_back(
        A.HasOptimal
            ? "the optimal chunk (" + std::to_string(A.OptimalChunk) +
                  " columns) exceeds --columns " + std::to_string(Columns) +
                  ": the bounded algorithm with --max-chunk " + Bound
            : "lcm too large to use (" + LcmError + "): falling back to the "
              "bounded algorithm with --max-chunk " + Bound);
    A.Strategy = "bounded";
  } else if (A.StrategyId == HETILE_ALLOC_OPTIMAL && Columns > 0 &&
             A.Chunk > Columns) {
    A.Notes.push_back("the optimal chunk (" + std::to_string(A.Chunk) +
                      " columns) exceeds --columns " + std::to_string(Columns) +
                      ": only part of one chunk is used");
  }
  check(hetile_alloc_cost(P, A.Times.data(), A.Counts.data(), &A.CostNum,
                          &A.CostDen), "cost");
  // Definition 1's cost in the units of the times given (t_i = 54 costs
  // twice what t_i = 27 does).
  inUnits(A, A.CostNum, A.CostDen);
  return A;
}

std::vector<int> hetile::plan::columnOwners(const Allocation &A,
                                            long Columns) {
  std::vector<double> T(A.Times.begin(), A.Times.end());
  std::vector<int> Owners(Columns);
  check(hetile_alloc_owners((int)T.size(), T.data(), Columns, A.StrategyId,
                            A.Param, Owners.data()), "--columns");
  return Owners;
}

namespace {

struct TableRow {
  std::vector<long> Counts;
  long Num = 0, Den = 0;
  int Selected = 0;
};

std::vector<TableRow> table(const Allocation &A, long MaxChunk) {
  const std::vector<long> &T = A.Times;
  int P = (int)T.size();
  std::vector<long> Rows((MaxChunk + 1) * P);
  std::vector<int> Sel(MaxChunk + 1);
  check(hetile_alloc_table(P, T.data(), MaxChunk, Rows.data(), Sel.data()),
        "--table");
  std::vector<TableRow> Out(MaxChunk + 1);
  for (long S = 0; S <= MaxChunk; ++S) {
    Out[S].Counts.assign(Rows.begin() + S * P, Rows.begin() + (S + 1) * P);
    Out[S].Selected = Sel[S];
    if (S > 0)
    {
      check(hetile_alloc_cost(P, T.data(), Out[S].Counts.data(), &Out[S].Num,
                              &Out[S].Den), "--table");
      inUnits(A, Out[S].Num, Out[S].Den);
    }
  }
  return Out;
}

void printTable(const std::vector<TableRow> &Rows, int P) {
  std::printf("%-6s", "chunk");
  for (int I = 0; I < P; ++I)
    std::printf(" %5s", ("c_" + std::to_string(I)).c_str());
  std::printf(" %8s  %s\n", "cost", "selected j");
  for (size_t S = 0; S < Rows.size(); ++S) {
    std::printf("%-6zu", S);
    for (long C : Rows[S].Counts)
      std::printf(" %5ld", C);
    if (S == 0)
      std::printf(" %8s", "");
    else
      std::printf(" %8.3g", (double)Rows[S].Num / Rows[S].Den);
    if (S + 1 < Rows.size())
      std::printf("  %d", Rows[S].Selected);
    std::printf("\n");
  }
}

/// A * B in decimal, exact past 2^63.
std::string product(long A, long B) {
  unsigned __int128 P = (unsigned __int128)A * (unsigned __int128)B;
  std::string Digits;
  do {
    Digits.insert(Digits.begin(), char('0' + (int)(P % 10)));
    P /= 10;
  } while (P);
  return Digits;
}

/// Proposition 1's L, the lcm of the cycle times, in the units given.
double lcmGiven(const Allocation &A) {
  return (double)(A.Lcm * A.UnitNum) / (double)A.UnitDen;
}

/// Proposition 1's cost, L / C, in the units of the times given.
double optimalCost(const Allocation &A) {
  return (double)(A.Lcm * A.UnitNum) / (double)(A.OptimalChunk * A.UnitDen);
}

void printJson(const Allocation &A, const std::vector<TableRow> *Rows,
               const std::vector<int> *Owners) {
  Json J;
  J.open('{').key("times").list(A.Given).key("strategy").str(A.Strategy);
  J.key("counts").list(A.Counts).key("chunk").num(A.Chunk);
  J.key("cost").num((double)A.CostNum / A.CostDen);
  J.key("cost_exact").str(std::to_string(A.CostNum) + "/" +
                          std::to_string(A.CostDen));
  J.key("optimal_cost");
  if (A.HasOptimal)
    J.num(optimalCost(A)).key("lcm").num(lcmGiven(A))
        .key("optimal_chunk").num(A.OptimalChunk);
  else
    J.null();
  if (Rows) {
    J.key("table").open('[');
    for (size_t S = 0; S < Rows->size(); ++S) {
      const TableRow &R = (*Rows)[S];
      J.open('{').key("chunk").num((long)S).key("counts").list(R.Counts);
      J.key("cost");
      S ? J.num((double)R.Num / R.Den) : J.null();
      J.key("selected").num((long)R.Selected).close('}');
    }
    J.close(']');
  }
  if (Owners)
    J.key("owners").list(*Owners);
  J.key("notes").open('[');
  for (const std::string &N : A.Notes)
    J.str(N);
  J.close(']').close('}');
  std::fputs(J.text().c_str(), stdout);
}

void printText(const Allocation &A, const std::vector<int> *Owners) {
  std::string Given;
  for (double T : A.Given)
    Given += (Given.empty() ? "" : ",") + fmt(T);
  std::printf("times:        %s\n", Given.c_str());
  std::printf("strategy:     %s\n", A.Strategy.c_str());
  std::printf("counts:       %s\n", joinNumbers(A.Counts).c_str());
  std::printf("chunk:        %ld\n", A.Chunk);
  std::printf("cost:         %ld/%ld = %.4f\n", A.CostNum, A.CostDen,
              (double)A.CostNum / A.CostDen);
  if (A.HasOptimal)
    std::printf("optimal cost: %s/%s = %.4f (lcm %s, chunk %ld)\n",
                product(A.Lcm, A.UnitNum).c_str(),
                product(A.OptimalChunk, A.UnitDen).c_str(), optimalCost(A),
                A.UnitDen == 1 ? product(A.Lcm, A.UnitNum).c_str()
                               : fmt(lcmGiven(A)).c_str(),
                A.OptimalChunk);
  else
    std::printf("optimal cost: unavailable (lcm exceeds 2^63)\n");
  if (Owners) {
    std::printf("owners:      ");
    for (int O : *Owners)
      std::printf(" %d", O);
    std::printf("\n");
  }
}

} // namespace

int hetile::plan::runAlloc(int Argc, char **Argv) {
  Args A(Argc, Argv, {"--times", "--max-chunk", "--strategy", "--columns"},
         {"--table", "--json"});
  std::vector<double> Times = A.positives("--times");
  long MaxChunk = A.integerOr("--max-chunk", 1, 0);
  long Columns = A.integerOr("--columns", 0, 0);
  std::string Strategy =
      A.has("--strategy") ? A.str("--strategy")
                          : (MaxChunk > 0 ? "bounded" : "optimal");
  if (A.has("--table") && MaxChunk == 0)
    throw UsageError("--table: needs --max-chunk S (the last chunk size)");
  if (MaxChunk > 10000000)
    throw UsageError("--max-chunk: " + std::to_string(MaxChunk) +
                     " is too large (at most 10000000)");
  if (Columns > 100000000)
    throw UsageError("--columns: at most 100000000");
  Allocation Alloc = allocate(Times, Strategy, MaxChunk, Columns);
  std::vector<TableRow> Rows;
  if (A.has("--table"))
    Rows = table(Alloc, MaxChunk);
  std::vector<int> Owners;
  if (A.has("--columns"))
    Owners = columnOwners(Alloc, Columns);
  for (const std::string &N : Alloc.Notes)
    std::fprintf(stderr, "hetile-plan: note: %s\n", N.c_str());
  if (A.has("--json")) {
    printJson(Alloc, A.has("--table") ? &Rows : nullptr,
              A.has("--columns") ? &Owners : nullptr);
    return 0;
  }
  if (A.has("--table"))
    printTable(Rows, (int)Alloc.Times.size());
  else
    printText(Alloc, A.has("--columns") ? &Owners : nullptr);
  return 0;
}
