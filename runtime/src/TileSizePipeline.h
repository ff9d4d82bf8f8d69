//===- TileSizePipeline.h - the pipeline's note for sizes -------*- C++ -*-===//
//
// Internal: what hetile_tilesize_pipeline keeps for the next allocation
// (ColumnAllocation.h's note), for sizes chosen elsewhere: the slabs of
// hetile_refine (TileSizeRefine.cpp) each allocate their own columns.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_RT_TILESIZEPIPELINE_H
#define HETILE_RT_TILESIZEPIPELINE_H

namespace hetile::rt {

/// Notes, for the next allocation of P threads, the rows, columns, tile
/// time, T_com and [BDRV98] block width of tiles Sizes (Depth of them, in
/// the order of Extents, the distributed dimension first; Flags those of
/// hetile_tilesize_pipeline), with the costs of hetile_costs_shared; with
/// Chunk, one block per processor instead of the block width.
int notePipelineSizes(int Depth, const long *Extents, int P, int Flags,
                      const long *Sizes, int Chunk = 0);

} // namespace hetile::rt

#endif
