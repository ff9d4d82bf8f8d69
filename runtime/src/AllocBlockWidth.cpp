//===- AllocBlockWidth.cpp - how many columns a block gets ----------------===//
//
// Boulet, Dongarra, Robert, Vivien (1998) section 3.2 deal the tile columns
// in chunks of L/t_i columns per processor (Proposition 1); their model
// (H3) charges T_com when a tile's result crosses to another processor and
// nothing per block row. On shared memory every block row also costs a wait
// and a post, which Andonov & Yanev (1998) count in the tile period (4):
// with one-column blocks a small tile pays them once per tile. Here the
// block of processor i is k L / t_i columns, k >= 1, the proportions of
// Proposition 1 kept, and k minimises the makespan of the resulting
// pipeline (hetile_models.h gives the formula).
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

/// Makespans this close to the least count as equal.
const double NearTie = 0.01;

/// L and C = L sum 1/t_i of [BDRV98] section 3.2, and min t.
int chunkOf(int P, const long *T, long &L, long &C, long &MinT) {
  if (int E = hetile_alloc_lcm(P, T, &L))
    return E;
  C = 0;
  MinT = T[0];
  for (int I = 0; I < P; ++I) {
    C += L / T[I];
    MinT = std::min(MinT, T[I]);
  }
  return HETILE_OK;
}

double makespan(int P, long L, long C, long MinT, long N1, long N2, long K,
                double TileS, double Beta, double TCom) {
  // [BDRV98] Lemma 2: every block row of a chunk takes k L tile_s / min t.
  double Row = (double)K * (double)L * TileS / (double)MinT + 2 * Beta;
  // Blocks of the busiest processor: one per chunk of k C columns.
  double Blocks = math::ceil((double)N2 / ((double)K * (double)C));
  // [AY98] (8): the next pass (chunk) starts when the processor has ended
  // its block and the first row has gone round the P processors.
  double Period = std::max((double)N1 * Row, P * (Row + TCom));
  // [AY98] (10), (9): the passes before the last, then the last pass with
  // its P - 1 hops ([BDRV98] Lemma 3's (P-1)(L + T_com)).
  return (Blocks - 1) * Period + (double)N1 * Row + (P - 1) * (Row + TCom);
}

int checkInputs(int P, const long *T, long N1, long N2, double TileS,
                double Beta, double TCom) {
  if (int E = checkTimes(P, T, "block width"))
    return E;
  if (N1 < 1 || N2 < 1 || !(TileS >= 0) || !(Beta >= 0) || !(TCom >= 0) ||
      !std::isfinite(TileS) || !std::isfinite(Beta) || !std::isfinite(TCom))
    return fail(HETILE_ERR_INVALID, "block width: need n1, n2 >= 1 and "
                "finite tile_s, beta, tcom >= 0");
  return HETILE_OK;
}

} // namespace

extern "C" int hetile_alloc_block_makespan(int p, const long *t, long n1,
                                           long n2, long k, double tile_s,
                                           double beta, double tcom,
                                           double *makespan_out) {
  if (int E = checkInputs(p, t, n1, n2, tile_s, beta, tcom))
    return E;
  if (k < 1 || !makespan_out)
    return fail(HETILE_ERR_INVALID, "block width: need k >= 1 and an output");
  long L, C, MinT;
  if (int E = chunkOf(p, t, L, C, MinT))
    return E;
  *makespan_out = makespan(p, L, C, MinT, n1, n2, k, tile_s, beta, tcom);
  return HETILE_OK;
}

extern "C" int hetile_alloc_block_width(int p, const long *t, long n1, long n2,
                                        double tile_s, double beta,
                                        double tcom, long min_blocks,
                                        long *k_out) {
  if (int E = checkInputs(p, t, n1, n2, tile_s, beta, tcom))
    return E;
  if (!k_out || min_blocks < 1)
    return fail(HETILE_ERR_INVALID, "block width: need min_blocks >= 1 and "
                "an output");
  long L, C, MinT;
  if (int E = chunkOf(p, t, L, C, MinT))
    return E;
  long KMax = std::max(1L, (n2 + C - 1) / C);
  if (min_blocks > 1)
    KMax = std::max(1L, n2 / (min_blocks * C));
  std::vector<double> Time(KMax + 1);
  double Least = INFINITY;
  for (long K = 1; K <= KMax; ++K) {
    Time[K] = makespan(p, L, C, MinT, n1, n2, K, tile_s, beta, tcom);
    Least = std::min(Least, Time[K]);
  }
  // Within NearTie of the least, the widest blocks: the model prices no
  // switch from one block to the next, which measured slower (ours).
  long Best = 1;
  for (long K = 1; K <= KMax; ++K)
    if (Time[K] <= Least * (1 + NearTie))
      Best = K;
  *k_out = Best;
  return HETILE_OK;
}
