//===- Communication.h - What tiles owned by different ranks exchange -*- C++ -*-===//
//
// For the distributed-memory backend: the tile columns (band dimension
// ColumnDim) belong to different MPI ranks, each with its own copy of the
// arrays, identical before the nest. A rank must receive exactly the values
// its tiles read that another rank's tile produced, and after the nest the
// final value of every element written must reach every rank (or rank 0).
// From the exact (value-based) flow dependences of each array, per array A:
//
//   FlowOut_A(o, dc) = { e | x in tile(o), y in column [dc, dc + T_c - 1],
//                        y reads the value of e that x wrote }
//
// (from the flow dependences x -> y and the accesses: e is the element x
// writes and y reads; where a statement writes A twice, from the flow
// dependences tagged with their element, computeFlowElements,
// as the other element may reach y from a later write)
//   LiveOut_A(o)     = { e | the last write of e, over all statements,
//                        is an instance in tile(o) }
//
// restricted, for an array that the nest's function owns and whose readers
// after the nest are all in sight (ScopArray::ReadAfter,
// Frontend/ReadAfter.h), to the elements they may read: the others are
// never read again, so the final exchange leaves them where they are (as
// do BlockLiveOut and RowBlockLiveOut below).
// with the tile origins o_m, the sizes T_m and the column origin hetile_dc
// as isl parameters. The final exchange moves a block of consecutive tile
// columns at a time, whose band values along the column dimension span
// [hetile_blo, hetile_bhi]:
//
//   BlockLiveOut_A(blo, bhi) = { e | the last write of e is an instance
//                                whose column band value is in [blo, bhi] }
//
// the union of LiveOut_A over the tiles of those columns (the rows cover
// every instance); for the usual nests a box of the array per block. The
// same restricted to one row of tiles (tile origins o_m of the other band
// dimensions as parameters):
//
//   RowBlockLiveOut_A(blo, bhi, o) = { e | the last write of e is an
//                                      instance of a tile of row o whose
//                                      column band value is in [blo, bhi] }
//
// known once the block's rank has run that row of the block: the final
// exchange posts it then, while the rank computes its next rows.
//
// On a processor grid (band dimensions 0 and 1 distributed, docs/grids.md)
// a tile sends to the tiles of another grid column (g0, g1), whose band
// values along dimensions 0 and 1 lie in [dg0, dg0 + T_0 - 1] x [dg1, dg1
// + T_1 - 1] (any value along the others):
//
//   GridFlowOut_A(o, dg0, dg1) = { e | x in tile(o), y in grid column
//                                  (dg0, dg1), y reads the value of e that
//                                  x wrote }
//
// the ring's FlowOut with the column generalised to two dimensions; the
// argument below holds for it with "column" read as grid column and the
// rows as the band dimensions 2 and beyond.
// Sender and receiver enumerate the same set with the
// same parameter values, so a message is just the values, in order.
//
// LiveOut is per element, not per instance: an instance that writes two
// elements may be the last writer of one and not of the other. "Last" is
// in the original order (Dependences::LastWriteByArray). The tiled order
// has the same last writer of every element only because the tiling is
// legal: the output dependences chain the writes of e from each to the
// next, the tiled schedule keeps the order of each link (two writes of one
// instance run in their textual order in both), hence the order of all the
// writes of e, hence their last. So each element is sent by exactly one
// rank, the owner of the tile of its last write x, and that rank's copy of
// e holds x's value after the nest: no local write of e comes later, and
// no message unpacked after tile(x) carries e. Such a message would carry
// the value of an earlier write x' of e to a read y in a tile u that the
// rank runs after tile(x); y sees x', not x, so y precedes x in the
// original order: an anti dependence y -> x, which the legal tiling keeps
// (u <= tile(x) componentwise), so the rank runs u no later than tile(x),
// and a tile's messages are unpacked before it runs.
//
// A may-write (a write under a guard the model cannot decide: a condition
// that reads data, or an affine `if` inside a run of statements) is
// modelled here as an update: a read of its element, then a must-write of
// it (`if (c) A[e] = v` is `A[e] = c ? v : A[e]`), and the sets above are
// computed from the dependences of that model. Then the rank of a may-write
// x holds, before x, the value x would leave when its guard fails (the
// read's flow brings it from the previous writer's rank), so after x its
// copy of e is right whether or not x wrote, and LiveOut may name x as the
// last writer. The model adds no dependence the tiling could violate: the
// flow into the read of x is the output dependence into x, the anti
// dependences out of that read are those out of x (Dependences counts a
// may-write as a read of its element for anti dependences), so the tiling
// that is legal for the nest is legal for the model, and the argument
// above holds for it.
//
// Why this is enough (fully permutable band, tile dependences >= 0): a
// value read in column c' was produced by a tile (r, c) with r <= r' and
// c <= c'; the receiver unpacks it before its tile (r, c') in its own
// order, after every tile of its own that must precede, and no later local
// write can be undone by it (such a write would be ordered before the read
// by an anti dependence, contradicting the columns' order).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_TRANSFORM_COMMUNICATION_H
#define HETILE_TRANSFORM_COMMUNICATION_H

#include "hetile/Analysis/Dependences.h"
#include "hetile/Analysis/Permutability.h"
#include "hetile/Frontend/Scop.h"
#include "hetile/Transform/Tiling.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hetile {

/// The isl parameter (and C variable) naming the receiving column's origin.
extern const char *const ColumnOriginParam;
/// The isl parameters (and C variables) naming the first and last column
/// band values of a block of tile columns (BlockLiveOut).
extern const char *const BlockLowParam, *const BlockHighParam;
/// The isl parameters (and C variables) naming the receiving grid column's
/// origins along band dimensions 0 and 1 (GridFlowOut).
extern const char *const GridOriginParams[2];

struct ArrayTraffic {
  std::string Array; ///< the C name
  unsigned Dims = 0; ///< number of subscripts (0: a scalar)
  isl::set FlowOut;  ///< elements, params o_m, T_m, hetile_dc
  isl::set LiveOut;  ///< elements, params o_m, T_m
  /// Elements, params hetile_blo, hetile_bhi (and the nest's); null when
  /// isl could not compute it (the exchange then uses LiveOut).
  isl::set BlockLiveOut;
  /// Elements, params hetile_blo, hetile_bhi, o_m and T_m of the band
  /// dimensions other than the column (and the nest's); null when isl could
  /// not compute it (the exchange then waits for the end of the nest).
  isl::set RowBlockLiveOut;
  /// Elements, params o_m, T_m, hetile_dg0, hetile_dg1; null for bands of
  /// depth below 3 (no grid).
  isl::set GridFlowOut;
};

/// What a nest that runs after one leaving its final values on their ranks
/// (Scop::AfterDeferred) reads of an array, per block of columns, and
/// overwrites of it, whatever the data (docs/mpi-exchange.md, "Values left
/// for the next nest").
struct ArrayFootprint {
  std::string Array; ///< the C name
  unsigned Dims = 0; ///< number of subscripts (at least 1)
  /// Elements read (by a read or by a may-write, which may leave the old
  /// value), params hetile_blo, hetile_bhi and the nest's.
  isl::set BlockReads;
  /// Elements every run of the nest writes (must-writes), the nest's
  /// params.
  isl::set Overwritten;
};

struct Communication {
  /// The arrays written in the nest, by name.
  std::vector<ArrayTraffic> Arrays;
  /// With Scop::AfterDeferred: every array of the nest with subscripts;
  /// FootprintsKnown false when one could not be computed (an array of
  /// structs, isl failing): the nest then takes every value left.
  std::vector<ArrayFootprint> Footprints;
  bool FootprintsKnown = false;
  /// max over flow dependences of b_c(sink) - b_c(source) (params only);
  /// null when unbounded or unknown (then every column to the right may
  /// read a tile's values).
  isl::pw_aff MaxColumnDistance;
  /// For bands of depth 3 or more: the same along band dimensions 0 and 1
  /// (the processor grid's), each null when unbounded or unknown.
  isl::pw_aff MaxGridDistance[2];
};

/// Whether \p B is a box: no existentially quantified variable, at least
/// one subscript, and each constraint bounds at most one subscript, with a
/// unit coefficient.
bool isBox(const isl::basic_set &B);
/// Whether every basic set of \p S is a box (isBox); false for null.
bool isBoxUnion(const isl::set &S);

/// The bytes of the final values of nest \p S, the elements its statements
/// write that code after the nest may read (ScopArray::ReadAfter; what the
/// MPI backends' final exchange moves in all), as isl's
/// text of a piecewise quasi-polynomial in the parameters. An array whose
/// written elements are not a union of boxes counts its bounding box, and
/// the text starts with "at most ". Empty when isl fails.
std::string finalValuesBytes(const Scop &S);

/// Whether the final exchange of nest \p S moves its values to rank 0 alone:
/// where \p GatherRoot (--gather=root) asks for it and nothing after the
/// nest in its function needs them on every rank (Scop::EveryRank).
inline bool gatherToRoot(bool GatherRoot, const Scop &S) {
  return GatherRoot && S.EveryRank.empty();
}

/// The arrays nest \p S writes whose final exchange moves only what the
/// function reads after the nest (ScopArray::ReadAfter), quoted and
/// separated by commas ("'D', 'W'"); empty where none.
std::string readAfterArrays(const Scop &S);

/// Where the final exchange of nest \p S sends the values and why, for
/// HETILE_STATS (hetile_mpi_final_to): "rank 0: --gather=root", "every
/// rank: <Scop::EveryRank>", or "every rank: the code after the nest"
/// (with the arrays of which only what is read after moves).
std::string finalValuesTo(bool GatherRoot, const Scop &S);

/// Why the MPI backends do not tile nest \p S, which the others may: it
/// writes members of several types of an array of structs
/// (ScopArray::Members, MemberTypes): their messages and final exchange move
/// the model's elements as numbers of one type per array. Nothing where
/// they may.
std::optional<std::string> mpiUnsupported(const Scop &S);

/// Computes the traffic of tiled nest \p N of \p S (\p D: its dependences;
/// with may-writes, those of the update model are computed here). Fails on
/// name clashes and when isl fails.
llvm::Expected<Communication> computeCommunication(const Scop &S,
                                                   const PermutableBand &B,
                                                   const TiledNest &N,
                                                   const Dependences &D);

} // namespace hetile

#endif
