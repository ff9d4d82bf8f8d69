//===- TileSizeDefault.cpp - tile sizes before any model ------------------===//
//
// hetile_tilesize_default and hetile_tilesize_for: the sizes the generated
// code takes when HETILE_TILE_SIZES is not set (not from the papers; see
// hetile_rt.h).
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "Math.h"

#include "hetile_rt.h"

#include <algorithm>
#include <cmath>

using namespace hetile::rt;

extern "C" int hetile_tilesize_default(int depth, const long *extents,
                                       int nprocs, long *sizes_out) {
  return hetile_tilesize_for(depth, extents, nprocs, -1, sizes_out);
}

extern "C" int hetile_tilesize_for(int depth, const long *extents, int nprocs,
                                   int long_dim, long *sizes_out) {
  if (depth < 1 || !extents || nprocs < 1)
    return fail(HETILE_ERR_INVALID, "default tile sizes: need depth >= 1 and "
                "nprocs >= 1");
  bool Long = long_dim >= 0 && long_dim < depth;
  long Side = (long)math::floor(math::root(4096.0, depth) + 1e-9);
  if (Long && depth > 1)
    Side = std::min(64L, (long)math::floor(math::root(256.0, depth - 1) +
                                          1e-9));
  for (int I = 0; I < depth; ++I) {
    if (extents[I] < 1)
      return fail(HETILE_ERR_INVALID, "default tile sizes: extent %d < 1", I);
    long Want = Long && I == long_dim ? 512 : Side;
    sizes_out[I] = std::max(1L, std::min(Want, extents[I]));
  }
  long Want = 4L * nprocs; // at least 4 tiles per processor on dimension 0
  if (extents[0] / sizes_out[0] < Want)
    sizes_out[0] = std::max(1L, extents[0] / Want);
  return HETILE_OK;
}
