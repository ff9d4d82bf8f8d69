//===- Tiling.h - Rectangular tiling of a permutable band -------*- C++ -*-===//
//
// tileBand() tiles the outermost permutable band of a Scop rectangularly with
// tile sizes that are run-time parameters T_0..T_{k-1} (or constants).
//
// A tile origin o_m = T_m * floor(b_m / T_m) is not affine in a parametric
// T_m, so the tile loops are not produced by isl's AST generator: they are
//
//   for (o_m = floord(Lower_m, T_m) * T_m; o_m <= Upper_m; o_m += T_m)
//
// where Lower_m / Upper_m are the tight bounds of band dimension b_m over the
// points whose outer band dimensions lie in the current outer tiles
// (o_j <= b_j <= o_j + T_j - 1, j < m). With o_j and T_j as isl parameters
// these constraints stay affine, so isl computes the bounds exactly as
// piecewise affine functions of the parameters, outer origins and sizes.
// The point loops are isl's: the band schedule restricted to one tile,
// o_m <= b_m <= o_m + T_m - 1, again with o_m and T_m as parameters.
//
// The origins start aligned (a multiple of T_m), so every band dimension is
// cut by one fixed lattice of tiles; tiles are visited lexicographically,
// which is legal because the band is fully permutable (not checked here).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_TRANSFORM_TILING_H
#define HETILE_TRANSFORM_TILING_H

#include "hetile/Analysis/Dependences.h"
#include "hetile/Analysis/Permutability.h"
#include "hetile/Frontend/Scop.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hetile {

/// One tiled band dimension b_m.
struct TileDim {
  /// C name (and isl parameter name) of the tile size: hetile_T0, ...
  std::string Size;
  /// C name (and isl parameter name) of the tile origin: hetile_ti when b_m
  /// is the iterator i in every statement, else hetile_t0, ...
  std::string Origin;
  /// Tight bounds of b_m over the points in the current outer tiles: total
  /// functions of the Scop parameters and the outer origins and sizes; 0 and
  /// -T_m (an empty loop) where no point exists.
  isl::pw_aff Lower, Upper;
  /// What holds inside tile loops 0..m (params set): o_j <= Upper_j and
  /// o_j + T_j - 1 >= Lower_j for j <= m. The context for printing the
  /// bounds of loop m + 1 and the point loops.
  isl::set Inside;
  /// Number of values of b_m over the whole domain (params only), >= 1: the
  /// extent handed to the default tile-size function.
  isl::pw_aff Extent;
  /// Bounds of b_m over the whole domain (params only; 0 and -T_m where no
  /// point exists): the bounding box that the parallel backends scan, so
  /// that every processor numbers tile rows the same way.
  isl::pw_aff GlobalLower, GlobalUpper;
  /// b_m is, in some statement, neither one of its iterators (plus a
  /// constant) nor a constant: skewed, or a sum of iterators. Such a
  /// dimension may leave tile columns empty in many rows, and its pipeline
  /// has a ramp.
  bool Skewed = false;
};

struct TiledNest {
  std::vector<TileDim> Dims;
  /// Sizes fixed at rewrite time, one per band dimension; empty when the
  /// sizes are chosen at run time.
  std::vector<long> ConstantSizes;
  /// Parameters: the Scop context, T_m >= 1 (T_m = c for constant sizes).
  isl::set Context;
  /// What holds inside the box scan of every tile loop (params set):
  /// o_m <= GlobalUpper_m and o_m + T_m - 1 >= GlobalLower_m for all m.
  isl::set BoxInside;
  /// The band dimension whose tiles are the columns distributed to
  /// processors by the parallel backends ([BDRV98] section 3.2): the last
  /// one; the others, scanned lexicographically, number the rows.
  unsigned ColumnDim = 0;
  /// No dependence has a non-zero distance along ColumnDim: a tile depends
  /// only on tiles of its own column, so the columns need no
  /// synchronisation (the threads' pipeline then never waits). Known only
  /// when tileBand was given the dependences.
  bool IndependentColumns = false;
  /// The band dimension of the innermost point loop: the last one, or one
  /// that carries no dependence and walks the arrays element by element
  /// where the last does not (its member then comes last in
  /// PointSchedule, the others in their order; the tile loops keep the
  /// band's order).
  unsigned InnerDim = 0;
  /// The statement instances of the tile whose origins are the parameters.
  isl::union_set InTile;
  /// The permutable band followed by the inner order, restricted to one tile
  /// (origins and sizes are parameters): isl generates the point loops.
  /// Every member of every band is marked "separate" (isl's default loop
  /// type can break the schedule's order: Tiling.cpp, separateEveryLoop),
  /// so that isl also splits the innermost point loop where the set of
  /// statements it runs changes: no guard inside it, which the C compiler
  /// can vectorize.
  isl::schedule PointSchedule;
  /// No statement depends on itself along InnerDim alone (a recurrence
  /// such as SOR's A[i][j-1], which no guard-free loop would make
  /// vectorizable): that dimension's tiles get the long size (TiledCodeGen).
  /// Known only when tileBand was given the dependences.
  bool SeparateInner = false;
  /// The innermost point loop runs once per statement group, in the inner
  /// order (isl's band sink), where every dependence allows it: each loop
  /// then holds one statement, which the C compiler can vectorize where
  /// the fused loop carried a dependence from one statement to the next.
  bool DistributedInner = false;
  /// The point-loop counters of the band dimensions may be C ints (faster
  /// and vectorizable int arithmetic for int iterators) where NarrowContext
  /// holds: every iterator is a signed type no wider than int, and every band
  /// dimension stays within [-NarrowLimit, NarrowLimit], so that an int sum
  /// of up to NarrowMaxWeight counters (coefficients counted with their
  /// magnitude) cannot overflow. Code generation tests NarrowContext at run
  /// time where the context does not imply it.
  bool NarrowCounters = false;
  isl::set NarrowContext;
};

/// Bound on the band dimensions under narrow (int) point-loop counters, and
/// the largest sum of coefficient magnitudes an int expression of counters
/// may have under it: (NarrowMaxWeight + 1) * NarrowLimit < 2^31.
constexpr long NarrowLimit = 1L << 26;
constexpr long NarrowMaxWeight = 31;

/// Expands sizes given for a band of depth \p Depth: the first Depth entries,
/// a shorter list repeating its last entry (DESIGN.md). Fails on a size < 1.
llvm::Expected<std::vector<long>> expandTileSizes(llvm::ArrayRef<long> Sizes,
                                                  unsigned Depth);

/// Tiles band \p B of \p S. \p ConstantSizes empty: run-time sizes. Does not
/// check that the band is permutable; fails on malformed band inputs. With
/// the dependences \p D, also decides SeparateInner.
llvm::Expected<TiledNest> tileBand(const Scop &S, const PermutableBand &B,
                                   llvm::ArrayRef<long> ConstantSizes,
                                   const Dependences *D = nullptr);

/// The tiled schedule in text (for `hetile rewrite --print=schedule` and
/// tests).
std::string printTiledSchedule(const TiledNest &N);

} // namespace hetile

#endif
