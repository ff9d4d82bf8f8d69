//===- CmdStrips.cpp - hetile-plan strips -----------------------------------===//
//
// Rastello & Dauxois (2002): P horizontal strips of a domain of height H,
// tiles of width w with w(w-1) redundant tasks each. With --width, the
// heights h_j that make T_calc(h_j, w, P_j) as equal as possible (section
// 5); with --widths, the time per column of every candidate, w_opt and the
// band of widths within --tolerance of it (section 4.6, Figure 9).
//
//===----------------------------------------------------------------------===//
#include "Args.h"
#include "Commands.h"

#include "hetile_models.h"

#include <cstdio>

using namespace hetile::plan;

namespace {

/// --widths: a list W1,W2,... or a range LO:HI[:STEP].
std::vector<long> candidateWidths(const Args &A) {
  std::string S = A.str("--widths");
  std::vector<std::string> Range = split(S, ':');
  if (Range.size() == 1)
    return A.integers("--widths", 1);
  if (Range.size() > 3)
    throw UsageError("--widths: '" + S + "' is not LO:HI[:STEP]");
  long Lo = parseInteger(Range[0], "--widths", 1);
  long Hi = parseInteger(Range[1], "--widths", Lo);
  long Step = Range.size() == 3 ? parseInteger(Range[2], "--widths", 1) : 1;
  if ((Hi - Lo) / Step >= 100000)
    throw UsageError("--widths: at most 100000 candidates");
  std::vector<long> W;
  for (long X = Lo; X <= Hi; X += Step)
    W.push_back(X);
  return W;
}

hetile_strips_model model(const Args &A) {
  double TauCalc = A.number("--tau-calc", 0);
  if (!(TauCalc > 0))
    throw UsageError("--tau-calc: must be positive");
  return hetile_strips_model{TauCalc,
                             A.numberOr("--tau-l2", 0, 0),
                             A.numberOr("--tau-mem", 0, 0),
                             A.integerOr("--mem-threshold", 0, 3000),
                             A.numberOr("--beta", 0, 0),
                             A.numberOr("--tau-comm", 0, 0)};
}

struct Strips {
  long W = 0;
  std::vector<long> Heights;
  std::vector<double> Tcalc;
  double Max = 0, Column = 0, Extrapolated = 0;
  long Redundant = 0;
};

Strips strips(const hetile_strips_model &M, const std::vector<double> &T,
              long H, long W) {
  int P = (int)T.size();
  Strips S;
  S.W = W;
  S.Heights.resize(P);
  S.Tcalc.resize(P);
  check(hetile_strips_heights(&M, P, T.data(), H, W, S.Heights.data(), &S.Max),
        "--height");
  for (int J = 0; J < P; ++J)
    check(hetile_strips_tcalc(&M, S.Heights[J], W, T[J], &S.Tcalc[J]),
          "--times");
  check(hetile_strips_column_time(&M, P, T.data(), H, W, &S.Column), "--width");
  check(hetile_strips_redundant_tasks(W, &S.Redundant), "--width");
  check(hetile_strips_extrapolated_time(P, T.data(), &S.Extrapolated),
        "--times");
  return S;
}

void printStrips(const Strips &S) {
  std::printf("width:        %ld (%ld redundant tasks per tile)\n", S.W,
              S.Redundant);
  std::printf("heights:      %s\n", joinNumbers(S.Heights).c_str());
  std::printf("T_calc:      ");
  for (double X : S.Tcalc)
    std::printf(" %.6g", X);
  std::printf("\nmax T_calc:   %.6g\n", S.Max);
  std::printf("per column:   %.6g (max T_calc + beta + w tau_comm) / w\n",
              S.Column);
  std::printf("extrapolated: %.6g per task, 1 / sum(1/t_j) (section 5)\n",
              S.Extrapolated);
}

void jsonStrips(Json &J, const Strips &S) {
  J.key("width").num(S.W).key("redundant_tasks").num(S.Redundant);
  J.key("heights").list(S.Heights).key("tcalc").list(S.Tcalc);
  J.key("max_tcalc").num(S.Max).key("column_time").num(S.Column);
  J.key("extrapolated").num(S.Extrapolated);
}

} // namespace

int hetile::plan::runStrips(int Argc, char **Argv) {
  Args A(Argc, Argv,
         {"--times", "--height", "--width", "--widths", "--tau-calc",
          "--tau-l2", "--tau-mem", "--mem-threshold", "--beta", "--tau-comm",
          "--tolerance"},
         {"--json"});
  std::vector<double> T = A.repeatedPositives("--times");
  long H = A.integer("--height", 1);
  hetile_strips_model M = model(A);
  if (A.has("--width") == A.has("--widths"))
    throw UsageError("--width: give either --width W or --widths LIST");
  if (A.has("--tolerance") && !A.has("--widths"))
    throw UsageError("--tolerance: needs --widths");
  std::vector<long> Widths =
      A.has("--width") ? std::vector<long>{A.integer("--width", 1)}
                       : candidateWidths(A);
  std::vector<double> Times(Widths.size());
  long Opt, Lo, Hi;
  double Tol = A.numberOr("--tolerance", 0, 0.02);
  check(hetile_strips_width(&M, (int)T.size(), T.data(), H, (int)Widths.size(),
                            Widths.data(), Tol, Times.data(), &Opt, &Lo, &Hi),
        "--height");
  Strips S = strips(M, T, H, Opt);
  bool Search = A.has("--widths");
  if (A.has("--json")) {
    Json J;
    J.open('{').key("model").str("rastello-dauxois");
    if (Search) {
      J.key("widths").list(Widths).key("column_times").list(Times);
      J.key("w_opt").num(Opt).key("w_min").num(Lo).key("w_max").num(Hi);
      J.key("tolerance").num(Tol);
    }
    jsonStrips(J, S);
    std::fputs(J.close('}').text().c_str(), stdout);
    return 0;
  }
  if (Search) {
    std::printf("%8s %14s\n", "w", "per column");
    for (size_t K = 0; K < Widths.size(); ++K)
      std::printf("%8ld %14.6g%s\n", Widths[K], Times[K],
                  Widths[K] == Opt ? "  <- w_opt" : "");
    std::printf("w_opt:        %ld; within %g%%: %ld..%ld (Figure 9)\n", Opt,
                100 * Tol, Lo, Hi);
  }
  printStrips(S);
  return 0;
}
