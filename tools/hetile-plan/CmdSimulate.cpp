//===- CmdSimulate.cpp - hetile-plan simulate -------------------------------===//
//
// The makespan of an allocation under H1-H5 of Boulet et al., the Lemma 1
// lower bound, the Lemma 3 guarantee when it applies, and a Gantt chart.
//
//===----------------------------------------------------------------------===//
#include "Args.h"
#include "Commands.h"

#include "hetile_models.h"

#include <cstdio>

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

int hetile::plan::runSimulate(int Argc, char **Argv) {
  Args A(Argc, Argv, {"--times", "--rows", "--columns", "--tcom",
                      "--strategy", "--max-chunk", "--gantt"}, {"--json"});
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
  Allocation Alloc = allocate(Times, Strategy, MaxChunk, N2);
  int P = (int)Times.size();
  std::vector<int> Owner = columnOwners(Alloc, N2);
  std::vector<double> Start;
  if (A.has("--gantt"))
    Start.resize(N1 * N2);
  double Makespan, Lower, Slack = -1;
  check(hetile_sim_makespan(P, Times.data(), N1, N2, Owner.data(), TCom,
                            &Makespan, Start.empty() ? nullptr : Start.data()),
        "simulate");
  check(hetile_alloc_lower_bound(P, Times.data(), N1, N2, &Lower), "simulate");
  bool Lemma3 = Alloc.Strategy == "optimal";
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
  std::printf("makespan:     %s\n", fmt(Makespan).c_str());
  std::printf("lower bound:  %s (Lemma 1), ratio %.4f\n", fmt(Lower).c_str(),
              Makespan / Lower);
  if (Lemma3)
    std::printf("lemma 3:      makespan <= %s\n", fmt(Lower + Slack).c_str());
  return 0;
}
