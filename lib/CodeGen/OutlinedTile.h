//===- OutlinedTile.h - Point loops in a function of their own --*- C++ -*-===//
//
// Private to CodeGen. Inside an OpenMP parallel region the compilers see the
// arrays as fields of the region's argument block: gcc then vectorizes no
// point loop over a VLA of 3 dimensions ("no vectype for stmt") and versions
// the others for aliasing. The omp backend therefore runs the point loops of
// a tile in a static function of their own, put before the nest's function,
// and calls it per tile:
//
//   static void hetile_points_f_312(const long hetile_ti, ...,   origins
//                                   const long hetile_T0, ...,   sizes
//                                   const int N,                 parameters
//                                   const long hetile_A_e1, ...,
//                                   double (*restrict A)[hetile_A_e1], ...
//                                   const double alpha)           scalars read
//   { <point loops> }
//
//   hetile_points_f_312(hetile_ti, ..., hetile_T0, ..., N,
//                       (long)(sizeof(A[0][0]) ? sizeof(A[0]) / ... : 0),
//                       (void *)A, ..., alpha);
//
// An array's inner extents are measured with sizeof where it is called (the
// size its type had when it was declared, as the original's indexing uses),
// so the elements the statements reach are the same. Arrays are restrict:
// two arrays the nest touches never overlap where one is written (distinct
// objects, or pointer arrays that the frontend proved apart, that the
// run-time alias check guards, or that are restrict themselves), except a
// pointer array and a declared one, which the frontend assumes apart
// without proof: those two are not restrict.
//
// The point loops stay in the parallel region where the statements cannot
// run outside their function (Scop::OutlineFacts::Blocker, C++, a function
// that does not begin its line), a variable of the function they use is not
// a parameter or array of the nest, a scalar is written, or a variable is
// privatized per tile; the region then says why in a comment.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_LIB_CODEGEN_OUTLINEDTILE_H
#define HETILE_LIB_CODEGEN_OUTLINEDTILE_H

#include "NestEmitter.h"

#include <string>

namespace hetile {

struct OutlinedTile {
  /// The function, as C.
  std::string Function;
  /// Its call for the tile whose origins are the current values, with ';'.
  std::string Call;
};

/// Outlines the point loops of \p E's tiles into \p Out: false, with the
/// reason in \p WhyNot, where they must stay where they are.
llvm::Expected<bool> outlineTile(NestEmitter &E, OutlinedTile &Out,
                                 std::string &WhyNot);

} // namespace hetile

#endif
