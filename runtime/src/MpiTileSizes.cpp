//===- MpiTileSizes.cpp - tile sizes of the MPI backends from [ZZ16] ------===//
//
// hetile_mpi_tile_sizes: the tile sizes a generated MPI nest asks for when
// HETILE_TILE_SIZES is not set. Under HETILE_ALLOC=chunk a band of three
// dimensions is the 3D tiling of Zarei Zefreh et al. (2016), section 3:
// each rank owns one chunk V_i of the distributed dimension u_c, and the
// two synchronisation dimensions are tiled h1 x h2 by solving (3.5) for the
// cycle times, the network and the caches of the ranks at hand. A band of
// 3 dimensions or more that will run on a processor grid (HETILE_GRID, or
// the default grid) takes Andonov & Yanev's sizes for that grid ([AY98]
// section 3, Algorithms 1 and 2), the grid remembered for the nest's
// hetile_mpi_grid_sized. Under the auto allocation the ring takes [AY98] with
// n = 1. Any other case takes the shared-memory defaults
// (hetile_tilesize_for).
//
//===----------------------------------------------------------------------===//
#include "Env.h"
#include "Error.h"
#include "ColumnAllocation.h"
#include "Math.h"
#include "MpiClusters.h"
#include "MpiInternal.h"
#include "ZareiModel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

/// Cache bytes per rank when the system does not say (sysconf gives 0 or
/// -1 in some containers): 1 MiB, a common L2.
const long DefaultCacheBytes = 1L << 20;

/// The line of hetile_mpi_tile_sizes_describe, per thread.
thread_local std::string ModelLine;

/// HETILE_ITERATION_SECONDS: the time of one iteration of the nest on a
/// processor of the smallest cycle time, c_p of (3.1). [ZZ16] section 4
/// measures c_p by running the kernel; the runtime cannot run a tile before
/// the nest (it would change the program's data), so it takes this value,
/// default 1 ns (the order of a five-point stencil update at -O3;
/// bench/mpi_hetero.py measures it on its kernel and sets it).
int envIterationSeconds(double &Seconds) {
  std::shared_ptr<const env::Snapshot> Env = env::get();
  Seconds = Env->IterationSeconds.Value;
  return Env->IterationSeconds.check();
}

/// This rank's cache, the CacheSize_i of (3.5): the L2 as the system
/// reports it. Every rank's, gathered (a cluster mixes machines).
int cacheSizes(hetile_mpi &M, std::vector<long> &Cache) {
  long Mine = sysconf(_SC_LEVEL2_CACHE_SIZE);
  if (Mine <= 0)
    Mine = DefaultCacheBytes;
  Cache.assign(M.Size, 0);
  return check(MPI_Allgather(&Mine, 1, MPI_LONG, Cache.data(), 1, MPI_LONG,
                             M.Comm),
               "MPI_Allgather");
}

/// c_d and c_c of (3.2): the platform file's "startup" and "per_byte" when
/// it gives them, else a ping-pong (hetile_mpi_pingpong) once per process
/// and communicator size. Rank 0's file decides (as for the other
/// settings), so that every rank takes the same path through the
/// collectives; the result is identical on every rank.
int networkCosts(hetile_mpi &M, double &Startup, double &PerByte) {
  static std::vector<std::pair<double, double>> Measured;
  double Costs[2] = {0, 0};
  int E = HETILE_OK;
  std::shared_ptr<const env::Snapshot> Env = env::get();
  if (M.Rank == 0 && Env->Platform.Set) {
    std::vector<double> T(M.Size);
    E = Env->Platform.check();
    if (!E)
      E = env::platformFor(Env->Platform.Value, M.Size, T.data(), &Costs[0],
                           &Costs[1]);
  }
  if ((E = agree(M.Comm, M.Rank, E)))
    return E;
  if ((E = agree(M.Comm, M.Rank,
                 check(MPI_Bcast(Costs, 2, MPI_DOUBLE, 0, M.Comm),
                       "MPI_Bcast"))))
    return E;
  Startup = Costs[0];
  PerByte = Costs[1];
  if (Startup > 0 || PerByte > 0)
    return HETILE_OK;
  if ((int)Measured.size() > M.Size && Measured[M.Size].first >= 0) {
    Startup = Measured[M.Size].first;
    PerByte = Measured[M.Size].second;
    return HETILE_OK;
  }
  if ((E = hetile_mpi_pingpong(&Startup, &PerByte)))
    return E;
  if ((int)Measured.size() <= M.Size)
    Measured.resize(M.Size + 1, {-1.0, -1.0});
  Measured[M.Size] = {Startup, PerByte};
  return HETILE_OK;
}

/// The column tile size under the chunk allocation: [ZZ16] does not tile
/// u_c (a rank's chunk is one tile wide), but hetile allocates whole tile
/// columns, so a column is the resolution of the V_i. Ours, not the
/// paper's: the slowest rank's chunk should span about 8 columns (V_i
/// rounded to within an eighth), and a column at most 512 points (the
/// long innermost tiles of hetile_tilesize_for).
long columnSize(const hetile_tilesize_3d_problem &P) {
  double Sum = 0, Least = INFINITY;
  for (int I = 0; I < P.p; ++I) {
    Sum += P.vp[I];
    Least = std::min(Least, P.vp[I]);
  }
  double Slowest = (double)P.uc * Least / Sum;
  return std::max(1L, std::min(512L, (long)math::floor(Slowest / 8)));
}

/// HETILE_CACHE_BYTES overrides every rank's CacheSize_i (tests, and
/// machines whose sysconf does not know its caches); 0 when unset.
int envCacheBytes(long &Bytes) {
  std::shared_ptr<const env::Snapshot> Env = env::get();
  Bytes = Env->CacheBytes.Value;
  return Env->CacheBytes.check();
}

/// (3.4) prices a subchunk by its area h1 h2 only, so every factorisation
/// of the best area ties, and a prime area leaves 1 x A or 2 x A/2. Ours,
/// not the paper's: for each h1, h2 next to the best area A (A / h1
/// rounded down and up, and the cache bound's largest), and of those
/// within 1% of the optimum T_P, the squarest (least h1 + h2), whose
/// facets, the messages of a real code, are the smallest.
void squarest(const hetile_tilesize_3d_problem &P,
              hetile_tilesize_3d_result &R) {
  double Best = R.time, AreaBest = (double)R.h1 * (double)R.h2;
  // H1 + H2 > H1: no H1 >= the best sum - 1 can improve on it.
  for (long H1 = 1; H1 <= P.us1 && H1 < R.h1 + R.h2 - 1; ++H1) {
    long Top = P.us2;
    if (R.bound >= 0)
      Top = std::min(Top, R.bound / H1);
    if (Top < 1)
      break;
    long Lo = (long)math::floor(AreaBest / (double)H1);
    for (long H2 : {Lo, Lo + 1, Top}) {
      H2 = std::max(1L, std::min(H2, Top));
      double T;
      if (hetile_tilesize_3d_time(&P, H1, H2, &T) == HETILE_OK &&
          T <= Best * 1.01 && H1 + H2 < R.h1 + R.h2) {
        R.h1 = H1;
        R.h2 = H2;
        R.time = T;
      }
    }
  }
}

/// vp_i of [ZZ16] section 3 for the ranks' cycle times: zzPowers of the
/// times scaled to integers, as hetile_alloc_owners computes them, so that
/// the model's chunks are the columns the ranks get (1 / t_i if the times
/// do not scale to integers).
std::vector<double> powers(const hetile_mpi &M) {
  std::vector<long> T(M.Size);
  if (hetile_alloc_times_to_integers(M.Size, M.Times.data(), T.data()) ==
      HETILE_OK)
    return zzPowers(M.Size, T.data());
  std::vector<double> Vp(M.Size);
  for (int I = 0; I < M.Size; ++I)
    Vp[I] = 1 / M.Times[I];
  return Vp;
}

/// Whether Algorithm 1 of [ZZ16] gives every rank a chunk of at least one
/// point of u_c: (3.5) has no meaning otherwise (a rank without points is
/// not a stage of the pipeline), and the defaults are taken instead.
bool everyRankGetsPoints(const hetile_mpi &M, long Uc) {
  if (Uc < M.Size)
    return false;
  std::vector<double> Vp = powers(M);
  std::vector<long> Chunks(M.Size);
  return hetile_tilesize_3d_chunks(M.Size, Vp.data(), Uc, Chunks.data()) ==
         HETILE_OK;
}

/// Solves (3.5) for this nest on rank 0's inputs; sizes_out in the order of
/// the extents. The line of hetile_mpi_tile_sizes_describe on rank 0.
int zareiSizes(hetile_mpi &M, const long *Extents, long ElemBytes,
               long *Sizes) {
  double Iteration;
  if (int E = agree(M.Comm, M.Rank, envIterationSeconds(Iteration)))
    return E;
  long CacheOverride;
  if (int E = agree(M.Comm, M.Rank, envCacheBytes(CacheOverride)))
    return E;
  std::vector<long> Cache;
  if (int E = agree(M.Comm, M.Rank, cacheSizes(M, Cache)))
    return E;
  if (CacheOverride > 0)
    Cache.assign(M.Size, CacheOverride);
  double Startup = 0, PerByte = 0;
  if (int E = networkCosts(M, Startup, PerByte))
    return E;
  double TMin = *std::min_element(M.Times.begin(), M.Times.end());
  std::vector<double> Vp = powers(M), Cp(M.Size);
  for (int I = 0; I < M.Size; ++I)
    Cp[I] = Iteration * M.Times[I] / TMin; // c_p_i of (3.1), constant
  hetile_tilesize_3d_problem P = {};
  P.p = M.Size;
  P.vp = Vp.data();
  P.uc = Extents[0];
  P.us1 = Extents[1];
  P.us2 = Extents[2];
  P.cache = Cache.data();
  P.elem_bytes = ElemBytes;
  P.cd = Startup;
  P.cc = PerByte * (double)ElemBytes; // (3.2): per point of the facet
  P.twa = 0;
  P.ngrid1 = P.ngrid2 = 1;
  P.cp = Cp.data();
  hetile_tilesize_3d_result R = {};
  int E = hetile_tilesize_3d_solve_exact(&P, &R);
  if (E == HETILE_ERR_INVALID) {
    // More feasible sizes than the exact search takes (a cache far larger
    // than the chunks): the paper's genetic algorithm (section 3.4), seeded
    // alike on every rank.
    hetile_tilesize_3d_ga_params Ga = {};
    Ga.seed = 1;
    E = hetile_tilesize_3d_solve_ga(&P, &Ga, &R);
  }
  if (E == HETILE_ERR_INFEASIBLE) {
    // A chunk larger than a cache: (3.5) has no solution; the smallest
    // subchunks keep the pipeline going. (Not in the paper.)
    R.h1 = R.h2 = 1;
    R.bound = 0;
    E = HETILE_OK;
  } else if (E == HETILE_OK) {
    squarest(P, R);
  }
  if ((E = agree(M.Comm, M.Rank, E)))
    return E;
  long Out[3] = {columnSize(P), R.h1, R.h2};
  if (int E2 = check(MPI_Bcast(Out, 3, MPI_LONG, 0, M.Comm), "MPI_Bcast"))
    return agree(M.Comm, M.Rank, E2);
  std::copy(Out, Out + 3, Sizes);
  if (M.Rank == 0) {
    char Line[512];
    std::snprintf(Line, sizeof Line, "hetile: tile sizes [ZZ16] (3.5): U = %ld "
                  "x %ld x %ld, c_p %g s, c_d %g s, c_c %g s/point, cache "
                  "bound h1*h2 <= %ld: h1 = %ld, h2 = %ld (T_P %.4g s); "
                  "column %ld", P.uc, P.us1, P.us2, Iteration, P.cd, P.cc,
                  R.bound, R.h1, R.h2, R.time, Out[0]);
    ModelLine = Line;
  }
  return HETILE_OK;
}

/// The costs of [AY98] section 2.3 for the ranks at hand: beta the start-up
/// c_d, tau_t the per-byte cost times the element's bytes (networkCosts),
/// tau_a HETILE_ITERATION_SECONDS or rank 0's measured sweep
/// (hetile_costs_point_seconds), broadcast so that every rank has the
/// same.
int machineCosts(hetile_mpi &M, long ElemBytes, hetile_costs &C) {
  double Startup = 0, PerByte = 0;
  if (int E = networkCosts(M, Startup, PerByte))
    return E;
  double TauA = 0;
  if (int E = agree(M.Comm, M.Rank,
                    M.Rank == 0 ? hetile_costs_point_seconds(&TauA) : 0))
    return E;
  if (int E = agree(M.Comm, M.Rank,
                    check(MPI_Bcast(&TauA, 1, MPI_DOUBLE, 0, M.Comm),
                          "MPI_Bcast")))
    return E;
  C = {Startup, PerByte * (double)ElemBytes, TauA, 1};
  return HETILE_OK;
}

/// The grid hetile_mpi_grid will run this nest on, decided here (before
/// the nest's hetile_mpi_begin) so that the tiles can be sized for it:
/// HETILE_GRID=p1,p2, or when unset (and nothing keeps the ring: an
/// HETILE_ALLOC other than auto, clusters, several threads per rank, final
/// values an earlier nest left on their ranks, hetile_mpi_deferred) the
/// default grid for the points of band dimensions 0 and 1. Rank 0's
/// decision, broadcast: 1 and P[2] for a grid, 0 for none (a malformed
/// HETILE_GRID included: hetile_mpi_grid reports it).
int chooseGrid(hetile_mpi &M, const long *Extents, int NProcs, int *P) {
  int Decision[3] = {0, 0, 0};
  if (M.Rank == 0) {
    const char *Text = std::getenv("HETILE_GRID");
    int Dims = 0, Q[HETILE_GRID_MAX_DIMS];
    if (Text && *Text) {
      if (hetile_grid_parse(Text, M.Size, &Dims, Q) == HETILE_OK &&
          Dims == 2 && Q[0] <= Extents[1] && Q[1] <= Extents[2])
        Decision[0] = 1;
    } else if (M.Strategy == HETILE_ALLOC_AUTO && M.NClusters <= 1 &&
               NProcs == M.Size && !hetile_mpi_deferred() &&
               hetile_grid_default(M.Size, Extents[1], Extents[2], Q)) {
      Decision[0] = 1;
    }
    if (Decision[0]) {
      Decision[1] = Q[0];
      Decision[2] = Q[1];
    }
  }
  if (int E = agree(M.Comm, M.Rank,
                    check(MPI_Bcast(Decision, 3, MPI_INT, 0, M.Comm),
                          "MPI_Bcast")))
    return E;
  P[0] = Decision[1];
  P[1] = Decision[2];
  return Decision[0];
}

/// [AY98]'s tile sizes (Algorithms 1 and 2, hetile_grid_tile_sizes) for
/// the grid P with the machine's costs; tau_a is the slowest rank's (a
/// grid row or column advances at its slowest rank's pace; [AY98] is
/// homogeneous). 1, 0 when the model has no solution (the ring's sizes are
/// then taken), or an error.
int gridSizes(hetile_mpi &M, int Depth, const long *Extents, long ElemBytes,
              const int *P, long *Sizes) {
  hetile_costs C;
  if (int E = machineCosts(M, ElemBytes, C))
    return E;
  double TMax = *std::max_element(M.Times.begin(), M.Times.end());
  double TauA = C.tau_a * TMax / M.Times[0];
  hetile_tilesize_nd_result R;
  if (hetile_grid_tile_sizes(Depth, Extents, P, C.beta, C.tau_t, TauA, Sizes,
                             &R) != HETILE_OK)
    return 0; // the same inputs on every rank: all fall back alike
  if (M.Rank == 0) {
    std::string Dims;
    for (int I = 0; I < Depth; ++I)
      Dims += (I ? "x" : "") + std::to_string(R.tile[I]);
    char Line[512];
    std::snprintf(Line, sizeof Line, "hetile: tile sizes [AY98] (grid %dx%d, "
                  "Algorithms 1 and 2): beta %g s, tau_t %g s/element, tau_a "
                  "%g s: tiles %s (band order), volume %.4g, %s",
                  P[0], P[1], C.beta, C.tau_t, TauA, Dims.c_str(), R.volume,
                  R.on_edge ? "one tile column per processor (edge)"
                            : "facet");
    ModelLine = Line;
  }
  return 1;
}

/// The pipelined ring of ranks under the auto allocation: [AY98] with n = 1
/// as for threads (hetile_tilesize_pipeline_solve), with the network's
/// costs: beta the start-up c_d, tau_t the per-byte cost times the element's
/// bytes, tau_a HETILE_ITERATION_SECONDS or rank 0's measured sweep
/// (hetile_costs_point_seconds), broadcast so that every rank solves the
/// same problem and keeps the same note for its allocation (the block
/// width, ColumnAllocation.cpp).
int pipelineSizes(hetile_mpi &M, int Depth, const long *Extents, int LongDim,
                  long ElemBytes, int Flags, long *Sizes) {
  hetile_costs C;
  if (int E = machineCosts(M, ElemBytes, C))
    return E;
  hetile_pipeline_problem Prob = {Depth, Extents, M.Size, LongDim, C,
                                  Flags & HETILE_PIPELINE_SKEWED};
  hetile_pipeline_choice Choice;
  if (int E = agree(M.Comm, M.Rank,
                    hetile_tilesize_pipeline_solve(&Prob, &Choice)))
    return E;
  std::copy(Choice.sizes, Choice.sizes + Depth, Sizes);
  notePipeline(Processors::Ranks, M.Size, Depth, C, Choice);
  if (M.Rank == 0) {
    std::string Dims;
    for (int I = 0; I < Depth; ++I)
      Dims += (I ? "x" : "") + std::to_string(Sizes[I]);
    char Line[512];
    std::snprintf(Line, sizeof Line, "hetile: tile sizes [AY98] (ring of %d "
                  "ranks): beta %g s, tau_t %g s/element, tau_a %g s: tiles "
                  "%s (distributed dimension first), %s",
                  M.Size, C.beta, C.tau_t, C.tau_a, Dims.c_str(),
                  Choice.on_edge ? "one block per rank" : "facet");
    ModelLine = Line;
  }
  return HETILE_OK;
}

} // namespace

extern "C" int hetile_mpi_tile_sizes(int depth, const long *extents,
                                     int nprocs, int long_dim,
                                     long elem_bytes, long *sizes_out) {
  return hetile_mpi_tile_sizes_grid(depth, extents, nprocs, long_dim,
                                    elem_bytes, sizes_out, nullptr);
}

extern "C" int hetile_mpi_tile_sizes_grid(int depth, const long *extents,
                                          int nprocs, int long_dim,
                                          long elem_bytes, long *sizes_out,
                                          int *grid_out) {
  return hetile_mpi_tile_sizes_flags(depth, extents, nprocs, long_dim,
                                     elem_bytes, HETILE_PIPELINE_SKEWED,
                                     sizes_out, grid_out);
}

extern "C" int hetile_mpi_tile_sizes_flags(int depth, const long *extents,
                                           int nprocs, int long_dim,
                                           long elem_bytes, int flags,
                                           long *sizes_out, int *grid_out) {
  ModelLine.clear();
  if (grid_out)
    grid_out[0] = grid_out[1] = 0;
  if (depth < 1 || !extents || !sizes_out || nprocs < 1 || elem_bytes < 1)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_tile_sizes: need depth >= 1, "
                "extents, nprocs >= 1 and elem_bytes >= 1");
  if (flags & ~HETILE_PIPELINE_SKEWED)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_tile_sizes: flags %d: only "
                "HETILE_PIPELINE_SKEWED is known", flags);
  for (int I = 0; I < depth; ++I)
    if (extents[I] < 1)
      return fail(HETILE_ERR_INVALID, "hetile_mpi_tile_sizes: extent %d is "
                  "%ld", I, extents[I]);
  if (int E = ensureInit())
    return E;
  hetile_mpi M;
  if (int E = openSettings(M))
    return E;
  if (depth >= 3) {
    int P[2];
    int G = shareClusters(M);
    if (!G)
      G = chooseGrid(M, extents, nprocs, P);
    if (G > 0)
      G = gridSizes(M, depth, extents, elem_bytes, P, sizes_out);
    if (G > 0 && grid_out) {
      grid_out[0] = P[0];
      grid_out[1] = P[1];
    }
    if (G)
      return G < 0 ? G : HETILE_OK;
  }
  if (M.Strategy == HETILE_ALLOC_AUTO && M.Size >= 2 && depth >= 2 &&
      extents[0] >= M.Size)
    return pipelineSizes(M, depth, extents, long_dim, elem_bytes, flags,
                         sizes_out);
  if (depth != 3 || M.Strategy != HETILE_ALLOC_CHUNK || M.Size < 2 ||
      !everyRankGetsPoints(M, extents[0]))
    return hetile_tilesize_for(depth, extents, nprocs, long_dim, sizes_out);
  return zareiSizes(M, extents, elem_bytes, sizes_out);
}

extern "C" const char *hetile_mpi_tile_sizes_describe(void) {
  return ModelLine.c_str();
}
