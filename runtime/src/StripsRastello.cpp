//===- StripsRastello.cpp - strips with redundant tasks, [RD02] -------------===//
//
// Rastello & Dauxois, "Efficient tiling for an ODE discrete integration
// program: redundant tasks instead of trapezoidal shaped-tiles", IPDPS 2002.
//
// A domain of height H (particles) and width W (time steps between two
// synchronisation barriers) is cut into P horizontal strips, one per
// processor (section 3.3); each strip is cut into tiles of width w, and a
// tile of height h also computes the two triangles of its neighbours:
// w(w-1) redundant tasks per tile. Section 4.4 models a tile's computation
// time T_calc(h, w); section 4.5 its messages beta + w tau; section 5 sets
// the heights h_j so that T_calc(h_j, w, P_j) is about constant; section
// 4.6 picks w among candidates, with a 2% tolerance band (Figure 9).
//
// Choices where the paper is silent or ambiguous (also in docs/design.md):
//  - T_calc(h, w, P_j) = t_j T_calc(h, w): processor j's relative cycle
//    time t_j scales every tau (section 5 only says "Constant").
//  - "about constant" is made exact: heights minimise max_j T_calc(h_j, w,
//    P_j) over integers h_j >= 1 summing to H (every processor gets a
//    strip, as in section 3.3).
//  - the time of a width is per column: (max_j T_calc + beta + w tau) / w,
//    i.e. the paper's normalisation by W (section 4.5); the band of section
//    4.6 uses <= (1 + tolerance) t_opt so that w_opt is always in it.
//  - delta_{h>3000} compares the tile's height with a threshold the caller
//    gives (3000 on the paper's machine Pom, Figure 6).
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "Math.h"

#include "hetile_models.h"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace hetile::rt;

namespace {

int checkModel(const hetile_strips_model *M) {
  if (!M)
    return fail(HETILE_ERR_INVALID, "rastello-dauxois: no model");
  if (!(M->tau_calc > 0) || !std::isfinite(M->tau_calc))
    return fail(HETILE_ERR_INVALID, "rastello-dauxois: tau_calc must be a "
                "positive number, got %g", M->tau_calc);
  for (double X : {M->tau_l2, M->tau_mem, M->beta, M->tau_comm})
    if (!(X >= 0) || !std::isfinite(X))
      return fail(HETILE_ERR_INVALID, "rastello-dauxois: tau_l2, tau_mem, beta "
                  "and tau_comm must be finite and >= 0, got %g", X);
  if (M->mem_threshold < 0)
    return fail(HETILE_ERR_INVALID, "rastello-dauxois: the memory threshold "
                "must be >= 0, got %ld", M->mem_threshold);
  return HETILE_OK;
}

int checkTimesPositive(int P, const double *T) {
  if (P < 1 || P > (1 << 20) || !T)
    return fail(HETILE_ERR_INVALID, "rastello-dauxois: need 1..1048576 "
                "processors");
  for (int J = 0; J < P; ++J)
    if (!(T[J] > 0) || !std::isfinite(T[J]))
      return fail(HETILE_ERR_INVALID, "rastello-dauxois: cycle time t_%d = %g "
                  "must be a positive number", J, T[J]);
  return HETILE_OK;
}

/// Section 4.4: T_calc(h, w) ~ hw ((tau_L2 + delta_{h>3000} tau_Mem)
/// (1/w + 2/h) + (1 + (w-1)/h) tau_calc), expanded as
/// tau (h + 2w) + (hw + w(w-1)) tau_calc, times the cycle time t.
double tcalc(const hetile_strips_model &M, double H, double W, double T) {
  double Tau = M.tau_l2 + (H > (double)M.mem_threshold ? M.tau_mem : 0);
  return T * (Tau * (H + 2 * W) + (H * W + W * (W - 1)) * M.tau_calc);
}

/// The largest h >= 0 with t T_calc(h, w) <= C (T_calc increases with h;
/// affine on each side of the threshold), 0 if none.
long maxHeight(const hetile_strips_model &M, double W, double T, double C,
               long Cap) {
  auto Solve = [&](double Tau) {
    double A = T * (Tau + W * M.tau_calc);
    double B = T * (2 * W * Tau + W * (W - 1) * M.tau_calc);
    return math::floor(std::min((C - B) / A, (double)Cap));
  };
  double H = Solve(M.tau_l2);
  if (H >= (double)M.mem_threshold)
    H = std::max((double)M.mem_threshold, Solve(M.tau_l2 + M.tau_mem));
  long X = (long)std::clamp(H, 0.0, (double)Cap);
  while (X < Cap && tcalc(M, (double)X + 1, W, T) <= C)
    ++X;
  while (X > 0 && tcalc(M, (double)X, W, T) > C)
    --X;
  return X;
}

/// sum_j max(1, h_j(C)), the rows that the bound C admits.
long rowsWithin(const hetile_strips_model &M, int P, const double *T, long W,
                double C, long H, long *Heights) {
  long Sum = 0;
  for (int J = 0; J < P; ++J) {
    Heights[J] = std::max(1L, maxHeight(M, (double)W, T[J], C, H));
    Sum += Heights[J];
  }
  return Sum;
}

/// Adds rows one at a time to the processor whose T_calc grows the least
/// (ties: smallest index) until sum h_j = H.
void greedyFill(const hetile_strips_model &M, int P, const double *T, long W,
                long H, long Sum, long *Heights) {
  for (; Sum < H; ++Sum) {
    int Best = 0;
    double BestT = INFINITY;
    for (int J = 0; J < P; ++J) {
      double X = tcalc(M, (double)Heights[J] + 1, (double)W, T[J]);
      if (X < BestT)
        Best = J, BestT = X;
    }
    ++Heights[Best];
  }
}

} // namespace

extern "C" int hetile_strips_redundant_tasks(long w, long *tasks_out) {
  if (w < 1 || w > 3037000499L || !tasks_out)
    return fail(HETILE_ERR_INVALID, "rastello-dauxois: width w = %ld must be "
                "in 1..3037000499", w);
  *tasks_out = w * (w - 1);
  return HETILE_OK;
}

extern "C" int hetile_strips_tcalc(const hetile_strips_model *m, long h, long w,
                                   double t, double *tcalc_out) {
  if (int E = checkModel(m))
    return E;
  if (h < 1 || w < 1 || !(t > 0) || !std::isfinite(t) || !tcalc_out)
    return fail(HETILE_ERR_INVALID, "rastello-dauxois: need h >= 1, w >= 1 "
                "and t > 0, got h = %ld, w = %ld, t = %g", h, w, t);
  *tcalc_out = tcalc(*m, (double)h, (double)w, t);
  return HETILE_OK;
}

/// Bisection on the bound C keeps rows(Lo) < H <= rows(Hi); the heights at
/// Lo are below an optimal solution's, and the greedy completion that adds
/// the cheapest row each time then reaches the optimal max (each T_calc
/// increases with h).
extern "C" int hetile_strips_heights(const hetile_strips_model *m, int p,
                                     const double *t, long H, long w,
                                     long *h_out, double *tmax_out) {
  if (int E = checkModel(m))
    return E;
  if (int E = checkTimesPositive(p, t))
    return E;
  if (w < 1 || H < p || H > (1L << 40) || !h_out)
    return fail(HETILE_ERR_INFEASIBLE, "rastello-dauxois: %ld rows cannot give "
                "each of %d processors a strip (need H >= P, H <= 2^40, "
                "w >= 1; w = %ld)", H, p, w);
  double Lo = 0, Hi = 0;
  for (int J = 0; J < p; ++J)
    Hi = std::max(Hi, tcalc(*m, (double)H, (double)w, t[J]));
  for (int It = 0; It < 200 && Lo < Hi; ++It) {
    double Mid = Lo + (Hi - Lo) / 2;
    if (Mid <= Lo || Mid >= Hi)
      break;
    (rowsWithin(*m, p, t, w, Mid, H, h_out) < H ? Lo : Hi) = Mid;
  }
  long Sum = rowsWithin(*m, p, t, w, Lo, H, h_out);
  if (Sum >= H) // Lo = 0 and every processor at one row: Sum = p = H
    std::fill(h_out, h_out + p, 1L), Sum = p;
  greedyFill(*m, p, t, w, H, Sum, h_out);
  double Max = 0;
  for (int J = 0; J < p; ++J)
    Max = std::max(Max, tcalc(*m, (double)h_out[J], (double)w, t[J]));
  if (tmax_out)
    *tmax_out = Max;
  return HETILE_OK;
}

/// Sections 4.4-4.5: one tile of width w costs max_j T_calc(h_j, w, P_j)
/// plus beta + w tau; per column, divided by w.
extern "C" int hetile_strips_column_time(const hetile_strips_model *m, int p,
                                         const double *t, long H, long w,
                                         double *time_out) {
  std::vector<long> Heights(p > 0 && p <= (1 << 20) ? p : 1);
  double Max;
  if (int E = hetile_strips_heights(m, p, t, H, w, Heights.data(), &Max))
    return E;
  *time_out = (Max + m->beta + (double)w * m->tau_comm) / (double)w;
  return HETILE_OK;
}

/// Section 4.6, Figure 9: w_opt minimises t_calc(H, w); the band is
/// {w : t_calc(H, w) <= t_calc(H, w_opt) (1 + tolerance)}.
extern "C" int hetile_strips_width(const hetile_strips_model *m, int p,
                                   const double *t, long H, int nw,
                                   const long *widths, double tolerance,
                                   double *times_out, long *wopt_out,
                                   long *wmin_out, long *wmax_out) {
  if (nw < 1 || !widths || !(tolerance >= 0) || !std::isfinite(tolerance) ||
      !wopt_out || !wmin_out || !wmax_out)
    return fail(HETILE_ERR_INVALID, "rastello-dauxois: need at least one "
                "candidate width and a tolerance >= 0");
  std::vector<double> Times(nw);
  int Opt = 0;
  for (int K = 0; K < nw; ++K) {
    if (int E = hetile_strips_column_time(m, p, t, H, widths[K], &Times[K]))
      return E;
    if (Times[K] < Times[Opt] ||
        (Times[K] == Times[Opt] && widths[K] < widths[Opt]))
      Opt = K;
  }
  *wopt_out = *wmin_out = *wmax_out = widths[Opt];
  for (int K = 0; K < nw; ++K)
    if (Times[K] <= Times[Opt] * (1 + tolerance)) {
      *wmin_out = std::min(*wmin_out, widths[K]);
      *wmax_out = std::max(*wmax_out, widths[K]);
    }
  if (times_out)
    std::copy(Times.begin(), Times.end(), times_out);
  return HETILE_OK;
}

/// Section 5: the extrapolated optimal time 1 / sum_j (1 / t_j), e.g.
/// 1 / (14 / 3.99e-7 + 11 / 7.09e-7) ~ 1.97e-8 for the 25 processors.
extern "C" int hetile_strips_extrapolated_time(int p, const double *t,
                                               double *time_out) {
  if (int E = checkTimesPositive(p, t))
    return E;
  double Inv = 0;
  for (int J = 0; J < p; ++J)
    Inv += 1 / t[J];
  *time_out = 1 / Inv;
  return HETILE_OK;
}
