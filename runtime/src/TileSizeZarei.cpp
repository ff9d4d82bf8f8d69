//===- TileSizeZarei.cpp - 3D tiling on heterogeneous nodes, [ZZ16] ---------===//
//
// Zarei Zefreh, Lotfi, Mohammad Khanli, Karimpour, "Tiling and scheduling of
// three-level perfectly nested loops with dependencies on heterogeneous
// systems", Scalable Computing 17(3), 2016, section 3.
//
// The u_c dimension of U_c x U_s1 x U_s2 is cut into one chunk of V_i planes
// per node (Algorithm 1), each chunk into h1 x h2 subchunks that run in a
// pipeline from node 1 (the fastest) to node P. This file holds the model:
// the chunk sizes, the cache bound M of (3.6), the bilinear c_p table of
// section 4 and T_P of (3.4). The solvers of (3.5) are in
// TileSizeZareiSolve.cpp.
//
// Choices where the paper is silent or ambiguous (also in docs/design.md):
//  - V_i = U_c vp_i is rounded down and the U_c - sum V_i planes left over
//    go one each to the nodes from the fastest down; this reproduces all
//    fourteen V_i rows of Table 4.4 (largest remainders does not: Exp. 3).
//  - U_s1 U_s2 / (h1 h2) of (3.4) is the real ratio, as printed (Table 4.3
//    evaluates h1 = 227, 136, ... which divide nothing).
//  - P = 1: no message at all, T_P = (U_s1 U_s2 / h1 h2) t_p + T_wa; for
//    P >= 2, (3.4) as printed.
//  - c_p outside the measured grid is the value at the nearest edge.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "Math.h"
#include "ZareiModel.h"

#include "hetile_models.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

using namespace hetile::rt;

namespace {

/// The order of Algorithm 1: vp_1 >= vp_2 >= ... >= vp_P (ties: input
/// order).
std::vector<int> fastestFirst(int P, const double *Vp) {
  std::vector<int> Order(P);
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(), [&](int L, int R) {
    return Vp[L] > Vp[R] || (Vp[L] == Vp[R] && L < R);
  });
  return Order;
}

/// floor(U_c vp_i / sum vp), exact when the powers are decimals of at most
/// six digits (scaled to integers), else in long double.
void floorChunks(int P, const double *Vp, long Uc, long *Out) {
  std::vector<long> W(P);
  if (hetile_alloc_times_to_integers(P, Vp, W.data()) == HETILE_OK) {
    __int128 Sum = 0;
    for (long X : W)
      Sum += X;
    for (int I = 0; I < P; ++I)
      Out[I] = (long)((__int128)Uc * W[I] / Sum);
    return;
  }
  long double Sum = 0;
  for (int I = 0; I < P; ++I)
    Sum += Vp[I];
  for (int I = 0; I < P; ++I)
    Out[I] = (long)math::floorl((long double)Uc * Vp[I] / Sum);
}

/// Index of the grid segment [G[K], G[K+1]] holding X and the weight of
/// G[K+1]; outside the grid, the nearest edge (weight 0 or 1).
void locate(int N, const long *G, double X, int &K, double &Frac) {
  K = 0;
  Frac = 0;
  if (N == 1 || X <= (double)G[0])
    return;
  if (X >= (double)G[N - 1]) {
    K = N - 2;
    Frac = 1;
    return;
  }
  K = (int)(std::upper_bound(G, G + N, (long)math::floor(X)) - G) - 1;
  K = std::min(K, N - 2);
  Frac = (X - (double)G[K]) / (double)(G[K + 1] - G[K]);
}

int checkGrid(int N, const long *G, const char *Name) {
  if (N < 1 || N > 1000000)
    return fail(HETILE_ERR_INVALID, "zarei3d: the c_p grid needs 1..1e6 %s "
                "values, got %d", Name, N);
  if (N > 1 && !G)
    return fail(HETILE_ERR_INVALID, "zarei3d: no %s grid values", Name);
  for (int K = 1; K < N; ++K)
    if (G[K] <= G[K - 1])
      return fail(HETILE_ERR_INVALID, "zarei3d: the c_p grid's %s values must "
                  "increase (%ld after %ld)", Name, G[K], G[K - 1]);
  return HETILE_OK;
}

int checkCosts(const hetile_tilesize_3d_problem *Prob) {
  if (int E = checkGrid(Prob->ngrid1, Prob->grid1, "h1"))
    return E;
  if (int E = checkGrid(Prob->ngrid2, Prob->grid2, "h2"))
    return E;
  if (!Prob->cp)
    return fail(HETILE_ERR_INVALID, "zarei3d: no cost per iteration c_p");
  long N = (long)Prob->p * Prob->ngrid1 * Prob->ngrid2;
  for (long K = 0; K < N; ++K)
    if (!(Prob->cp[K] > 0) || !std::isfinite(Prob->cp[K]))
      return fail(HETILE_ERR_INVALID, "zarei3d: cost per iteration c_p of "
                  "node %ld must be a positive number, got %g",
                  K / ((long)Prob->ngrid1 * Prob->ngrid2), Prob->cp[K]);
  return HETILE_OK;
}

int checkProblem(const hetile_tilesize_3d_problem *Prob) {
  if (!Prob || Prob->p < 1 || Prob->p > (1 << 20) || !Prob->vp)
    return fail(HETILE_ERR_INVALID, "zarei3d: need 1..1048576 nodes and their "
                "computational powers");
  if (Prob->uc < 1 || Prob->us1 < 1 || Prob->us2 < 1)
    return fail(HETILE_ERR_INVALID, "zarei3d: extents U_c = %ld, U_s1 = %ld, "
                "U_s2 = %ld must be >= 1", Prob->uc, Prob->us1, Prob->us2);
  for (double X : {Prob->cd, Prob->cc, Prob->twa})
    if (!(X >= 0) || !std::isfinite(X))
      return fail(HETILE_ERR_INVALID, "zarei3d: c_d, c_c and T_wa must be "
                  "finite and >= 0");
  if (Prob->cache && Prob->elem_bytes < 1)
    return fail(HETILE_ERR_INVALID, "zarei3d: bytes per element must be >= 1, "
                "got %ld", Prob->elem_bytes);
  return checkCosts(Prob);
}

} // namespace

/// V_i = U_c vp_i of Algorithm 1 in integers: the floors, then the planes
/// left over one each to the nodes from the fastest down.
std::vector<double> hetile::rt::zzPowers(int P, const long *T) {
  std::vector<double> Vp(P);
  long L = 0;
  bool Exact = hetile_alloc_lcm(P, T, &L) == HETILE_OK && L < (1L << 52);
  for (int I = 0; I < P; ++I)
    Vp[I] = Exact ? (double)(L / T[I]) : 1.0 / (double)T[I];
  return Vp;
}

void hetile::rt::zzRoundChunks(int P, const double *Vp, long Uc, long *Out) {
  floorChunks(P, Vp, Uc, Out);
  long Left = Uc;
  for (int I = 0; I < P; ++I)
    Left -= Out[I];
  std::vector<int> Order = fastestFirst(P, Vp);
  for (long K = 0; K < Left; ++K)
    ++Out[Order[K % P]];
}

extern "C" int hetile_tilesize_3d_chunks(int p, const double *vp, long uc,
                                         long *chunks_out) {
  if (p < 1 || p > (1 << 20) || !vp || !chunks_out)
    return fail(HETILE_ERR_INVALID, "zarei3d: need 1..1048576 nodes");
  for (int I = 0; I < p; ++I)
    if (!(vp[I] > 0) || !std::isfinite(vp[I]))
      return fail(HETILE_ERR_INVALID, "zarei3d: computational power vp_%d = %g "
                  "must be a positive number", I, vp[I]);
  if (uc < p)
    return fail(HETILE_ERR_INVALID, "zarei3d: U_c = %ld is smaller than the "
                "%d nodes: some chunk would be empty", uc, p);
  zzRoundChunks(p, vp, uc, chunks_out);
  for (int I = 0; I < p; ++I)
    if (chunks_out[I] < 1)
      return fail(HETILE_ERR_INVALID, "zarei3d: node %d gets an empty chunk "
                  "(vp_%d = %g of U_c = %ld)", I, I, vp[I], uc);
  return HETILE_OK;
}

extern "C" int hetile_tilesize_3d_cache_bound(int p, const long *chunks,
                                              const long *cache,
                                              long elem_bytes,
                                              long *bound_out) {
  if (p < 1 || !chunks || !cache || elem_bytes < 1)
    return fail(HETILE_ERR_INVALID, "zarei3d: cache bound needs chunks, cache "
                "sizes and bytes per element >= 1");
  long M = -1;
  for (int I = 0; I < p; ++I) {
    if (cache[I] < 1 || chunks[I] < 1)
      return fail(HETILE_ERR_INVALID, "zarei3d: cache size %ld and chunk %ld "
                  "of node %d must be >= 1", cache[I], chunks[I], I);
    __int128 Need = (__int128)chunks[I] * elem_bytes;
    long Mi = (long)(cache[I] / Need);
    if (Mi < 1)
      return fail(HETILE_ERR_INFEASIBLE, "zarei3d: no tile fits the cache of "
                  "node %d: a 1 x 1 tile needs V_%d * %ld = %lld bytes, the "
                  "cache holds %ld", I, I, elem_bytes, (long long)Need,
                  cache[I]);
    M = M < 0 ? Mi : std::min(M, Mi);
  }
  *bound_out = M;
  return HETILE_OK;
}

/// Bilinear interpolation between the four measured neighbours (section 4).
double hetile::rt::zzCost(const hetile_tilesize_3d_problem *Prob, int Node,
                          double H1, double H2) {
  int A, B;
  double FA, FB;
  locate(Prob->ngrid1, Prob->grid1, H1, A, FA);
  locate(Prob->ngrid2, Prob->grid2, H2, B, FB);
  const double *C = Prob->cp + (long)Node * Prob->ngrid1 * Prob->ngrid2;
  auto At = [&](int I, int J) { return C[(long)I * Prob->ngrid2 + J]; };
  int A1 = std::min(A + 1, Prob->ngrid1 - 1);
  int B1 = std::min(B + 1, Prob->ngrid2 - 1);
  return (1 - FA) * ((1 - FB) * At(A, B) + FB * At(A, B1)) +
         FA * ((1 - FB) * At(A1, B) + FB * At(A1, B1));
}

/// T_P(h1, h2) of (3.4) with t_p = max_i V_i h1 h2 c_p_i (section 3.3) and
/// t_s = t_r = t_idle = c_d + h1 h2 c_c ((3.2), only (1,0,0) crosses nodes).
double hetile::rt::zzTime(const ZzModel &M, long H1, long H2) {
  const hetile_tilesize_3d_problem *Prob = M.Prob;
  double Area = (double)H1 * (double)H2;
  double Tp = 0;
  for (int I = 0; I < Prob->p; ++I)
    Tp = std::max(Tp, (double)M.Chunks[I] * Area *
                          zzCost(Prob, I, (double)H1, (double)H2));
  double Tiles = (double)Prob->us1 * (double)Prob->us2 / Area;
  if (Prob->p == 1)
    return Tiles * Tp + Prob->twa;
  double Ts = Prob->cd + Area * Prob->cc, Tr = Ts, Tidle = Ts;
  return (Tp + Ts) + (Prob->p - 2) * (Tr + Tp + Ts) + Tiles * (Tr + Tp) +
         (Tiles - 1) * Tidle + Prob->twa;
}

int hetile::rt::zzBuild(const hetile_tilesize_3d_problem *Prob, ZzModel &M) {
  if (int E = checkProblem(Prob))
    return E;
  M.Prob = Prob;
  M.Chunks.assign(Prob->p, 0);
  if (int E = hetile_tilesize_3d_chunks(Prob->p, Prob->vp, Prob->uc,
                                        M.Chunks.data()))
    return E;
  M.Bound = -1;
  if (Prob->cache)
    return hetile_tilesize_3d_cache_bound(Prob->p, M.Chunks.data(), Prob->cache,
                                          Prob->elem_bytes, &M.Bound);
  return HETILE_OK;
}

bool hetile::rt::zzFeasible(const ZzModel &M, long H1, long H2) {
  return M.Bound < 0 || (__int128)H1 * H2 <= M.Bound;
}

extern "C" int hetile_tilesize_3d_cost(const hetile_tilesize_3d_problem *prob,
                                       int node, double h1, double h2,
                                       double *cp_out) {
  if (int E = checkProblem(prob))
    return E;
  if (node < 0 || node >= prob->p || !cp_out)
    return fail(HETILE_ERR_INVALID, "zarei3d: node %d is not in 0..%d", node,
                prob->p - 1);
  *cp_out = zzCost(prob, node, h1, h2);
  return HETILE_OK;
}

extern "C" int hetile_tilesize_3d_time(const hetile_tilesize_3d_problem *prob,
                                       long h1, long h2, double *time_out) {
  ZzModel M;
  if (int E = zzBuild(prob, M))
    return E;
  if (h1 < 1 || h1 > prob->us1 || h2 < 1 || h2 > prob->us2 || !time_out)
    return fail(HETILE_ERR_INVALID, "zarei3d: tile %ld x %ld is outside "
                "1..U_s1 = %ld x 1..U_s2 = %ld", h1, h2, prob->us1, prob->us2);
  *time_out = zzTime(M, h1, h2);
  return HETILE_OK;
}
