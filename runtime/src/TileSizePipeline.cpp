//===- TileSizePipeline.cpp - tile sizes of the pipelined schedule --------===//
//
// The sizes the generated OpenMP code asks for (hetile_tilesize_pipeline).
// The schedule of Sched.cpp is the pipeline of Andonov & Yanev (1998)
// with n = 1: the processors form a ring along the distributed dimension
// (their axis 1: a block of columns is their x_1), and each processor
// sweeps the rows (the other band dimensions, flattened: their projected
// axis n+1, a tile row being x_{n+1} points thick). Their model gives the
// volume of a block row and whether one block per processor is best; the
// tile itself keeps the cache-sized shape of hetile_tilesize_for (the
// model has no cache), thickened when the model asks for thicker rows; the
// width of the blocks in columns is [BDRV98]'s allocation with T_com
// (AllocBlockWidth.cpp), chosen again by hetile_sched_allocate for the
// processors' actual cycle times.
//
//===----------------------------------------------------------------------===//
#include "TileSizePipeline.h"

#include "ColumnAllocation.h"
#include "Error.h"
#include "Math.h"

#include "hetile_models.h"
#include "hetile_rt.h"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace hetile::rt;

namespace {

/// The most the rows of the cache tile may thicken (a factor on its volume).
const double MaxGrow = 4;

/// The least saving, in the model's time, for which the rows thicken.
const double MinSaving = 0.05;

/// hetile_tilesize_for's tile along a long (innermost, contiguous)
/// dimension.
const long LongLength = 512;

/// (12) with n = 1 on the edge x_1 = u_1 (so m_1 / x_1 = P): the time of
/// rows X2 points thick, m_2 points of rows in all.
double edgeTime(long M2, long U1, int P, const hetile_costs &C, double X2) {
  double Tile = C.tau_a * (double)U1 * X2;
  return (double)M2 / X2 * (2 * C.beta + Tile) +
         (P - 1) * (C.beta + C.tau_t * X2 + Tile);
}

/// A product of extents, saturated at 2^62.
long saturatingProduct(const long *X, int From, int To) {
  long P = 1;
  for (int I = From; I < To; ++I)
    P = X[I] > 0 && P > (1L << 62) / X[I] ? 1L << 62 : P * X[I];
  return P;
}

int check(const hetile_pipeline_problem *Prob) {
  if (!Prob || Prob->depth < 1 || Prob->depth > 16 || !Prob->extents ||
      Prob->p < 1)
    return fail(HETILE_ERR_INVALID, "pipeline tile sizes: need 1 <= depth <= "
                "16, extents and p >= 1");
  const hetile_costs &C = Prob->costs;
  if (!(C.beta >= 0) || !(C.tau_t >= 0) || !(C.tau_a > 0) ||
      !std::isfinite(C.beta) || !std::isfinite(C.tau_t) ||
      !std::isfinite(C.tau_a))
    return fail(HETILE_ERR_INVALID, "pipeline tile sizes: need beta >= 0, "
                "tau_t >= 0, tau_a > 0");
  return HETILE_OK;
}

/// The rows, columns, tile time, T_com and block width of the sizes in
/// \p out for \p prob (out->sizes set).
int finishChoice(const hetile_pipeline_problem *prob,
                 hetile_pipeline_choice *out) {
  int K = prob->depth, P = prob->p;
  const long *Ext = prob->extents;
  const hetile_costs &C = prob->costs;
  const long *S = out->sizes;
  out->n2 = (Ext[0] + S[0] - 1) / S[0];
  out->n1 = 1;
  for (int I = 1; I < K; ++I)
    out->n1 = std::min(1L << 40, out->n1 * ((Ext[I] + S[I] - 1) / S[I]));
  double Rows = (double)saturatingProduct(S, 1, K);
  out->tile_s = C.tau_a * (double)S[0] * Rows;
  // (3): a block row's edge, the tile's face of Rows points, crosses once.
  out->tcom = C.beta + C.tau_t * Rows;
  // Ours, not the papers': both models take every column to span every
  // row. In a skewed band a column holds points in only some rows, and a
  // processor whose one block lies right of the others idles until the
  // wavefront reaches it: there, at least 4 blocks per processor (as
  // hetile_tilesize_for's 4 columns).
  out->min_blocks = prob->flags & HETILE_PIPELINE_SKEWED ? 4 : 1;
  out->block = 1;
  if (P > 1) {
    std::vector<long> Equal(P, 1);
    if (int E = hetile_alloc_block_width(P, Equal.data(), out->n1, out->n2,
                                         out->tile_s, C.beta, out->tcom,
                                         out->min_blocks, &out->block))
      return E;
  }
  return HETILE_OK;
}

} // namespace

extern "C" int
hetile_tilesize_pipeline_solve(const hetile_pipeline_problem *prob,
                               hetile_pipeline_choice *out) {
  if (int E = check(prob))
    return E;
  if (!out)
    return fail(HETILE_ERR_INVALID, "pipeline tile sizes: no output");
  *out = hetile_pipeline_choice{};
  int K = prob->depth, P = prob->p;
  const long *Ext = prob->extents;
  const hetile_costs &C = prob->costs;
  long *S = out->sizes;
  // The cache-sized tile, before any cap for the processors.
  if (int E = hetile_tilesize_for(K, Ext, 1, prob->long_dim, S))
    return E;
  // At least 4 columns per processor when the extent allows it (as
  // hetile_tilesize_for): the block width then has room to vary.
  if (Ext[0] / S[0] < 4L * P)
    S[0] = std::max(1L, Ext[0] / (4L * P));
  out->block = 1;
  if (K > 1 && P > 1 && P <= Ext[0]) {
    // [AY98] section 3 with n = 1: m_1 the columns' extent, m_2 the rows'
    // (the other dimensions flattened), p_1 = P.
    long M[2] = {Ext[0], std::max(1L, saturatingProduct(Ext, 1, K))};
    long Grid[1] = {P};
    hetile_tilesize_nd_problem AY{1, M, Grid, C.beta, C.tau_a, C.tau_t,
                                  HETILE_TILESIZE_ND_B_PRINTED};
    hetile_tilesize_nd_result R;
    if (int E = hetile_tilesize_nd_solve(&AY, &R))
      return E;
    out->volume = R.volume;
    out->on_edge = R.on_edge;
    long Rows = saturatingProduct(S, 1, K);
    long U1 = Ext[0] / P; // u_1 = m_1 / p_1, (2)
    if (R.on_edge) {
      // Lemma 3.1 and (15): x_1 = u_1 and the rows x_{n+1} = R.tile[1]
      // thick. Thinner rows than the cache tile's are not taken (each row
      // costs a wait and a post the tile loops amortise); thicker ones grow
      // the row dimensions other than the long one alike, by at most
      // MaxGrow in all, and only where (12) says it saves more than
      // MinSaving (ours: the model has no cache, and a tile that outgrows
      // it loses more than the waits it saves).
      out->row_points = R.tile[1];
      out->block_points = U1;
      std::vector<int> Grow;
      for (int I = 1; I < K; ++I)
        if (I != prob->long_dim && S[I] < Ext[I])
          Grow.push_back(I);
      double Factor = std::min(MaxGrow, (double)R.tile[1] / (double)Rows);
      if (Factor > 1 && !Grow.empty() &&
          edgeTime(M[1], U1, P, C, (double)Rows) >
              (1 + MinSaving) * edgeTime(M[1], U1, P, C, Rows * Factor)) {
        double Each = math::root(Factor, (long)Grow.size());
        for (int I : Grow)
          S[I] = std::min(Ext[I], (long)math::floor((double)S[I] * Each +
                                                     1e-9));
      }
    } else {
      // Facet x_{n+1} = 1 ((16), Theorem 3.2): a block row of volume v;
      // with rows of the cache tile's thickness, x_1 = v / rows.
      out->row_points = 1;
      out->block_points = std::clamp(
          (long)std::min(R.volume / (double)Rows, 1e15), S[0], U1);
    }
    // Where the columns run along the long dimension, a tile of a few
    // points along it (4 columns per processor: 33 of heat-3d's 267) cuts
    // the contiguous runs the cache tile keeps long; the tile takes the
    // model's block width x_1 instead (on the edge x_1 = u_1, rounded up
    // so that P columns hold the extent), at most the cache tile's long
    // length (ours: on heat-3d 150 x 60, 6x6x6x134 ran 0.26 s on 2 threads
    // against 0.39 s for 6x6x6x33; jacobi-2d and fdtd-2d 5-15% faster with
    // 512 than with 264 and 255).
    if (prob->long_dim == 0) {
      long X1 = R.on_edge ? (Ext[0] + P - 1) / P : out->block_points;
      S[0] = std::max(S[0], std::min({LongLength, X1, Ext[0]}));
    }
  }
  return finishChoice(prob, out);
}

extern "C" int hetile_tilesize_pipeline(int depth, const long *extents,
                                        int nprocs, int long_dim, int flags,
                                        long *sizes_out) {
  if (depth < 1 || depth > 16 || !extents || nprocs < 1 || !sizes_out)
    return fail(HETILE_ERR_INVALID, "pipeline tile sizes: need 1 <= depth <= "
                "16 and nprocs >= 1");
  for (int I = 0; I < depth; ++I)
    if (extents[I] < 1)
      return fail(HETILE_ERR_INVALID, "pipeline tile sizes: extent %d < 1", I);
  if (nprocs == 1)
    return hetile_tilesize_for(depth, extents, nprocs, long_dim, sizes_out);
  hetile_pipeline_problem Prob{depth, extents, nprocs, long_dim, {}, flags};
  if (int E = hetile_costs_shared(&Prob.costs))
    return E;
  hetile_pipeline_choice Choice;
  if (int E = hetile_tilesize_pipeline_solve(&Prob, &Choice))
    return E;
  std::copy(Choice.sizes, Choice.sizes + depth, sizes_out);
  notePipeline(Processors::Threads, nprocs, depth, Prob.costs, Choice);
  return HETILE_OK;
}

int hetile::rt::notePipelineSizes(int Depth, const long *Extents, int P,
                                  int Flags, const long *Sizes, int Chunk) {
  hetile_pipeline_problem Prob{Depth, Extents, P, -1, {}, Flags};
  if (int E = hetile_costs_shared(&Prob.costs))
    return E;
  if (int E = check(&Prob))
    return E;
  hetile_pipeline_choice Choice{};
  std::copy(Sizes, Sizes + Depth, Choice.sizes);
  if (int E = finishChoice(&Prob, &Choice))
    return E;
  if (Chunk) {
    Choice.chunk = 1;
    Choice.block = (Choice.n2 + P - 1) / P;
  }
  notePipeline(Processors::Threads, P, Depth, Prob.costs, Choice);
  return HETILE_OK;
}
