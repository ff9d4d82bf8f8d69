//===- ZareiModel.h - the model of [ZZ16] shared by its solvers -*- C++ -*-===//
#ifndef HETILE_RT_ZAREIMODEL_H
#define HETILE_RT_ZAREIMODEL_H

#include "hetile_models.h"

#include <vector>

namespace hetile::rt {

/// A checked [ZZ16] problem with its chunks V_i and cache bound M.
struct ZzModel {
  const hetile_tilesize_3d_problem *Prob = nullptr;
  std::vector<long> Chunks; // V_i, input order
  long Bound = -1;          // M of (3.6); -1 without caches
};

/// The rounding of hetile_tilesize_3d_chunks ([ZZ16] Algorithm 1, V_i = U_c
/// vp_i) without its checks: Vp[P] > 0, Uc >= 0; a node whose share rounds down
/// to nothing gets V_i = 0 (hetile_tilesize_3d_chunks refuses that, the column
/// allocation HETILE_ALLOC_CHUNK gives it no column).
void zzRoundChunks(int P, const double *Vp, long Uc, long *Out);
/// vp_i = 1/t_i of [ZZ16] section 3 for integer cycle times T[P] (as
/// hetile_alloc_times_to_integers gives them), as the integers lcm(t)/t_i:
/// the same ratios, exact in doubles, so that the rounding above is exact
/// (the doubles 1/t_i round 1/3 : 1 on 8 columns to 1 : 7, not 2 : 6).
/// Past 2^52 (no longer exact in doubles), 1/t_i.
std::vector<double> zzPowers(int P, const long *T);
/// Checks Prob and computes the chunks and M (errors as the C API).
int zzBuild(const hetile_tilesize_3d_problem *Prob, ZzModel &M);
/// c_p of a node by bilinear interpolation (section 4).
double zzCost(const hetile_tilesize_3d_problem *Prob, int Node, double H1,
              double H2);
/// T_P(h1, h2) of (3.4).
double zzTime(const ZzModel &M, long H1, long H2);
/// h1 h2 <= M, the cache constraint of (3.5).
bool zzFeasible(const ZzModel &M, long H1, long H2);

} // namespace hetile::rt

#endif
