//===- AllocStrategy.cpp - the allocation strategies of HETILE_ALLOC ------===//
//
// The column allocations the schedules use, built from the algorithms of
// [BDRV98] (Alloc.cpp): the optimal heuristic of Proposition 1 (section
// 3.2), the bounded incremental algorithm of section 4.2, cyclic(b) of
// section 4.3.2, and the one chunk per processor of [ZZ16] section 3
// (Algorithm 1), their names and the bound used when none is given. The
// grammar that names them (hetile_alloc_parse) is the environment's
// (Env.cpp), which reads HETILE_ALLOC below the models.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "ZareiModel.h"

#include "hetile_models.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <vector>

using namespace hetile::rt;

namespace {

/// The block counts of AUTO, OPTIMAL and BOUNDED: Proposition 1 when its
/// chunk fits (AUTO) or always (OPTIMAL) unless the lcm overflows, else the
/// bounded algorithm with bound Param (0: hetile_alloc_default_bound).
int chooseCounts(int P, const long *T, long N2, int Strategy, long Param,
                 long *Counts, long &Chunk, bool &FellBack) {
  FellBack = false;
  if (Strategy == HETILE_ALLOC_OPTIMAL || Strategy == HETILE_ALLOC_AUTO) {
    int E = hetile_alloc_optimal(P, T, Counts, &Chunk);
    if (E == HETILE_OK && (Strategy == HETILE_ALLOC_OPTIMAL || Chunk <= N2))
      return HETILE_OK;
    if (E != HETILE_OK && E != HETILE_ERR_OVERFLOW)
      return E;
    FellBack = true;
  }
  long Bound = Param > 0 ? Param : hetile_alloc_default_bound(P, N2);
  return hetile_alloc_bounded(P, T, Bound, Counts, &Chunk);
}

/// The numbering of [ZZ16] Algorithm 1, vp_1 >= vp_2 >= ... with vp_i =
/// 1/t_i: processors by increasing cycle time, ties by index.
std::vector<int> fastestFirst(int P, const long *T) {
  std::vector<int> Order(P);
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(), [&](int L, int R) {
    return T[L] < T[R] || (T[L] == T[R] && L < R);
  });
  return Order;
}

/// The chunk sizes of [ZZ16] section 3, V_i = U_c vp_i with U_c = N2 and
/// vp_i = 1/t_i (zzPowers), rounded as hetile_tilesize_3d_chunks rounds (a
/// share below one column may round to 0).
int chunkCounts(int P, const long *T, long N2, std::vector<long> &V) {
  std::vector<double> Vp = zzPowers(P, T);
  zzRoundChunks(P, Vp.data(), N2, V.data());
  long Sum = 0;
  for (long X : V)
    Sum += X;
  if (Sum != N2) // only the inexact rounding can overshoot
    return fail(HETILE_ERR_OVERFLOW, "chunk: the chunks of %ld columns for "
                "these cycle times cannot be rounded exactly", N2);
  return HETILE_OK;
}

/// The distribution of [ZZ16] section 3 (Algorithm 1) on tile columns: one
/// block of V_i contiguous columns per processor, blocks left to right in
/// the paper's node order (fastest first), e.g. t = 1,2,4,8 on 30 columns:
/// V = 16,8,4,2, owners 0 x16, 1 x8, 2 x4, 3 x2. With fewer columns than
/// processors (where the paper has no chunk for every node) the N2 fastest
/// processors get one column each (a choice of ours).
int chunkOwners(int P, const long *T, long N2, int *Owner) {
  std::vector<int> Order = fastestFirst(P, T);
  if (N2 < P) {
    for (long J = 0; J < N2; ++J)
      Owner[J] = Order[J];
    return HETILE_OK;
  }
  std::vector<long> V(P);
  if (int E = chunkCounts(P, T, N2, V))
    return E;
  long J = 0;
  for (int I : Order)
    for (long K = 0; K < V[I]; ++K)
      Owner[J++] = I;
  return HETILE_OK;
}

} // namespace

extern "C" long hetile_alloc_default_bound(int p, long n2) {
  return n2 / 4 > p ? n2 / 4 : p;
}

extern "C" int hetile_alloc_counts(int p, const long *t, long n2, int strategy,
                                   long param, long *counts_out,
                                   long *chunk_out, int *fell_back) {
  if (fell_back)
    *fell_back = 0;
  if (int E = checkTimes(p, t, "counts"))
    return E;
  if (n2 < 0 || !counts_out || !chunk_out)
    return fail(HETILE_ERR_INVALID, "counts: need n2 >= 0 and outputs");
  switch (strategy) {
  case HETILE_ALLOC_CYCLIC:
  case HETILE_ALLOC_BLOCK_CYCLIC: {
    long B = strategy == HETILE_ALLOC_CYCLIC ? 1 : param;
    if (B < 1)
      return fail(HETILE_ERR_INVALID, "block-cyclic: need b >= 1, got %ld", B);
    std::fill(counts_out, counts_out + p, B);
    *chunk_out = B * p;
    return HETILE_OK;
  }
  case HETILE_ALLOC_CHUNK: {
    if (n2 < 1)
      return fail(HETILE_ERR_INVALID, "chunk: needs n2 >= 1 columns (the "
                  "chunks are shares of the columns)");
    std::vector<int> Owner(n2);
    if (int E = chunkOwners(p, t, n2, Owner.data()))
      return E;
    std::fill(counts_out, counts_out + p, 0L);
    for (int O : Owner)
      ++counts_out[O];
    *chunk_out = n2;
    return HETILE_OK;
  }
  case HETILE_ALLOC_AUTO:
  case HETILE_ALLOC_OPTIMAL:
  case HETILE_ALLOC_BOUNDED: {
    bool FellBack;
    int E = chooseCounts(p, t, n2, strategy, param, counts_out, *chunk_out,
                         FellBack);
    if (fell_back)
      *fell_back = FellBack;
    return E;
  }
  }
  return fail(HETILE_ERR_INVALID, "counts: unknown strategy %d", strategy);
}

extern "C" int hetile_alloc_owners(int p, const double *t, long n2,
                                   int strategy, long param, int *owner) {
  if (p < 1 || n2 < 0)
    return fail(HETILE_ERR_INVALID, "owners: need p >= 1 and n2 >= 0");
  if (strategy < HETILE_ALLOC_AUTO || strategy > HETILE_ALLOC_CHUNK)
    return fail(HETILE_ERR_INVALID, "owners: unknown strategy %d", strategy);
  if (strategy == HETILE_ALLOC_CYCLIC)
    return hetile_alloc_block_cyclic(p, 1, n2, owner);
  if (strategy == HETILE_ALLOC_BLOCK_CYCLIC)
    return hetile_alloc_block_cyclic(p, param, n2, owner);
  std::vector<long> T(p), Counts(p);
  if (int E = hetile_alloc_times_to_integers(p, t, T.data()))
    return E;
  if (strategy == HETILE_ALLOC_CHUNK)
    return chunkOwners(p, T.data(), n2, owner);
  long Chunk;
  if (int E = hetile_alloc_counts(p, T.data(), n2, strategy, param,
                                  Counts.data(), &Chunk, nullptr))
    return E;
  return hetile_alloc_owners_from_counts(p, Counts.data(), n2, owner);
}

extern "C" const char *hetile_alloc_strategy_name(int strategy) {
  switch (strategy) {
  case HETILE_ALLOC_OPTIMAL:
    return "optimal";
  case HETILE_ALLOC_BOUNDED:
    return "bounded";
  case HETILE_ALLOC_CYCLIC:
    return "cyclic";
  case HETILE_ALLOC_BLOCK_CYCLIC:
    return "block-cyclic";
  case HETILE_ALLOC_CHUNK:
    return "chunk";
  default:
    return "auto";
  }
}
