//===- StripsChoice.cpp - Strips or the pipeline: the model's choice ------===//
//
// [RD02] Rastello & Dauxois, IPDPS 2002: section 3.3 (the redundant
// triangles a strip computes), sections 4.5-4.6 (T_calc of a band of width
// w, the width of least time per step). The cost model is in the header.
//
//===----------------------------------------------------------------------===//

#include "hetile/Analysis/StripsChoice.h"

#include <isl/aff.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace hetile {

namespace {

/// The pipeline's extra cost per point when its band is skewed.
constexpr double SkewCost = 0.15;

/// The extent of the one dimension of \p Set when its bounds are constants
/// (a parameter may decide whether it is empty, not its bounds).
bool constantExtent(isl::set Set, const isl::set &Context, long &Extent) {
  if (Set.is_null())
    return false;
  Set = Set.intersect_params(Context);
  if (Set.is_empty().is_true()) {
    Extent = 0;
    return true;
  }
  // Bounded over every value of the parameters first (cheap, and false
  // where a bound grows with one), then constant for each.
  isl::set Hull = Set.project_out_all_params();
  isl::val Lo = Hull.dim_min_val(0), Hi = Hull.dim_max_val(0);
  if (Lo.is_null() || Hi.is_null() || !Lo.is_int() || !Hi.is_int())
    return false;
  for (isl::pw_aff Bound : {Set.dim_min(0), Set.dim_max(0)})
    if (Bound.is_null() || isl_pw_aff_is_cst(Bound.get()) != isl_bool_true)
      return false;
  Extent = Hi.num_si() - Lo.num_si() + 1;
  return true;
}

/// The union over the statements of their rows (\p Rows) or steps.
isl::set stmtImage(const Scop &S, const StripsPlan &P, bool Rows) {
  isl::set U;
  for (unsigned K = 0; K < S.Stmts.size(); ++K) {
    isl::set X = S.Stmts[K].Domain.apply(Rows ? P.Stmts[K].Row
                                              : P.Stmts[K].Time);
    U = U.is_null() ? X : U.unite(X);
  }
  return U;
}

/// The largest reach below and above the strip over a band (\p L and \p U),
/// summed: the rows beyond the strip a processor copies in.
long bandReach(const StripsPlan &P, const std::vector<long> &L,
               const std::vector<long> &U) {
  long M = long(P.Stmts.size()), Below = 0, Above = 0;
  for (size_t Q = 0; Q < L.size(); ++Q) {
    Below = std::max(Below, L[Q] - P.Stmts[Q % M].ReachLow);
    Above = std::max(Above, U[Q] + P.Stmts[Q % M].ReachHigh);
  }
  return Below + Above;
}

/// L and U of each (step, statement) of a band of \p W steps (the runtime's
/// backward closure, runtime/src/StripsRun.cpp).
void closeHalo(const StripsPlan &P, long W, std::vector<long> &L,
               std::vector<long> &U) {
  long M = long(P.Stmts.size());
  L.assign(W * M, 0);
  U.assign(W * M, 0);
  for (long Pos = W * M - 1; Pos >= 0; --Pos) {
    long Step = Pos / M;
    unsigned K = unsigned(Pos % M);
    for (const StripsEdge &E : P.Edges) {
      if (E.Sink != K)
        continue;
      long TMax = E.TimeMax < 0 ? Step : std::min(E.TimeMax, Step);
      for (long Dt = E.TimeMin; Dt <= TMax; ++Dt) {
        long Q = (Step - Dt) * M + E.Source;
        if (Q >= Pos)
          continue;
        L[Q] = std::max(L[Q], L[Pos] + E.RowMax);
        U[Q] = std::max(U[Q], U[Pos] - E.RowMin);
      }
    }
  }
}

} // namespace

StripsChoice chooseStrips(const Scop &S, const StripsPlan &P,
                          const PermutableBand &B) {
  StripsChoice C;
  C.Skewed = B.Transformed && B.Note.find("skewed") != std::string::npos;
  bool RowsKnown = constantExtent(stmtImage(S, P, true), S.Context, C.Rows);
  if (!RowsKnown)
    C.Rows = -1;
  if (!constantExtent(stmtImage(S, P, false), S.Context, C.Steps))
    C.Steps = -1;
  double M = double(P.Stmts.size());
  // Unknown rows: the costs beyond h M (h unbounded, the copies' h/2 per
  // band left out: it only lowers the best width's cost further).
  double H = RowsKnown ? double(C.Rows) / 2 : 0;
  long MaxWidth = std::min(C.Steps < 0 ? 256L : std::max(C.Steps, 1L), 256L);
  std::vector<long> Widths;
  std::vector<double> Costs;
  // The runtime's candidates (runtime/src/StripsRun.cpp, modelWidth).
  for (long W = 1; W <= MaxWidth; W = W < 4 ? W + 1 : W * 3 / 2) {
    std::vector<long> L, U;
    closeHalo(P, W, L, U);
    long Red = 0;
    for (size_t Q = 0; Q < L.size(); ++Q)
      Red += L[Q] + U[Q];
    double Copies = RowsKnown ? 0.25 * (2 * H + double(bandReach(P, L, U)))
                              : 0;
    Widths.push_back(W);
    Costs.push_back(H * M + (double(Red) + Copies + 1) / double(W));
  }
  // The smallest width within 2% of the best.
  double Best = *std::min_element(Costs.begin(), Costs.end());
  size_t K = 0;
  while (Costs[K] > Best * 1.02)
    ++K;
  C.Width = Widths[K];
  Best = Costs[K];
  C.StripsCost = Best;
  C.PipelineCost = H * M * (1 + (C.Skewed ? SkewCost : 0));
  C.Strips = RowsKnown ? C.StripsCost < C.PipelineCost : C.Skewed;
  return C;
}

std::string StripsChoice::describe() const {
  char Buf[256];
  std::string Out = Strips ? "strips" : "pipeline";
  Out += std::string(" (model: the pipelined band is ") +
         (Skewed ? "skewed" : "not skewed");
  if (Rows < 0) {
    Out += "; rows set by a parameter: strips iff the band is skewed)";
    return Out;
  }
  snprintf(Buf, sizeof Buf,
           "; %ld rows, 2 processors, per time step and processor: strips "
           "%.1f rows at width %ld, pipeline %.1f)",
           Rows, StripsCost, Width, PipelineCost);
  return Out + Buf;
}

} // namespace hetile
