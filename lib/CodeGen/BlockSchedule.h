//===- BlockSchedule.h - One processor's tiles, block by block --*- C++ -*-===//
//
// Private to CodeGen. The skeleton of the pipelined schedule of [BDRV98]
// section 3.2 that the omp backend (threads) and the mpi backends (ranks,
// and threads inside a rank) share. The tile columns (band dimension
// TiledNest::ColumnDim) are allocated to processors in blocks; a processor
// computes its blocks in column order, row by row inside a block (rows: the
// other band dimensions, lexicographically). Pipelined, it waits before a
// row until the column left of the block has finished that row, and posts
// after it that the block's last column has:
//
//   <BlockLoop> {                         each block hetile_first..hetile_last
//                                         (braces: pipelined)
//     long hetile_row = 0;                (pipelined)
//     <Marker>
//     for (long hetile_ti = <start>; hetile_ti <= <upper>; ...)   each row
//     {                                   (pipelined)
//       <Wait>                            (pipelined)
//       for (<each column of the block>) {
//         <the tile>
//       }
//       <Post>                            (pipelined)
//       hetile_row++;                     (pipelined)
//     }
//   }
//
// The backends pass in what differs: the loop over blocks, the rows'
// bounds, the wait and the post, and the tile's code.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_LIB_CODEGEN_BLOCKSCHEDULE_H
#define HETILE_LIB_CODEGEN_BLOCKSCHEDULE_H

#include "NestEmitter.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>
#include <vector>

namespace hetile {

struct BlockSchedule {
  /// The loop over the processor's blocks, `for (...)` without its body; it
  /// sets hetile_first and hetile_last, the block's first and last column.
  std::string BlockLoop;
  /// Per band dimension (the column dimension's entry is unused): C text of
  /// the first row origin and of the last.
  std::vector<std::string> RowStart, RowUpper;
  /// A line after the row counter, e.g. a marker comment ("" for none).
  std::string Marker;
  /// The statements before and after the columns of a row, unindented,
  /// each line ending in a newline; both empty: no row counter, no waits.
  std::string Wait, Post;
  /// Count the columns in hetile_col (the tile's code uses it), the origin
  /// declared from it; else the origin is the loop counter.
  bool CountColumns = false;
};

/// Prints \p P at \p Indent, \p Tile(Indent, Out) printing the code of the
/// tile whose origins are declared.
llvm::Error
printBlockSchedule(const NestEmitter &E, const BlockSchedule &P,
                   unsigned Indent, std::string &Out,
                   llvm::function_ref<llvm::Error(unsigned, std::string &)> Tile);

} // namespace hetile

#endif
