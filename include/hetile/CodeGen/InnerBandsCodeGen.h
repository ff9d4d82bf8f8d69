//===- InnerBandsCodeGen.h - Sequential loops around tiled bands -*- C++ -*-===//
//
// generateInnerBandsNest() prints the sequential outer loops of an InnerBands
// nest (Analysis/InnerBands.h) once, for every backend, and inside them the
// block generateTiledNest() prints for each band, unchanged: with the omp
// backend each outer iteration opens its own parallel region; with mpi and
// mpi+omp each runs the runtime's nest (begin, pipelined tiles, final
// exchange to every rank), so the next iteration starts from the same values
// on every rank. Shape:
//
//   {
//     /* hetile: sequential outer loops (k); tiled band(s) inside */
//     for (int k = 0; k <= (long)n - 1; k++) {
//       { ...tiled band 1, k a parameter... }
//       { ...tiled band 2... }
//     }
//     k = ...; i = ...;        (final values of iterators declared outside)
//   }
//
// An outer loop with a negative step, or whose iterator is not a signed
// integer, counts in a long hetile_oD and declares `const T k = ...;`.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_CODEGEN_INNERBANDSCODEGEN_H
#define HETILE_CODEGEN_INNERBANDSCODEGEN_H

#include "hetile/Analysis/InnerBands.h"
#include "hetile/CodeGen/ExitValue.h"
#include "hetile/CodeGen/TiledCodeGen.h"
#include "hetile/Support/IslBudget.h"
#include "hetile/Support/Options.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace hetile {

/// The C block replacing the nest of \p S, tiled as \p IB: band I of IB
/// tiled as \p Tiled[I] (the driver tiles them, and computes their
/// communication for the MPI backends). \p Exits and \p Budget as for
/// generateTiledNest. A nest with run-time alias checks
/// (Scop::AliasChecks) tests them once, before the outer loops, and runs
/// \p Original, the whole nest's text, where two arrays overlap: the bands'
/// own blocks then carry no check.
llvm::Expected<std::string>
generateInnerBandsNest(const Scop &S, const InnerBands &IB,
                       llvm::ArrayRef<TiledBandInput> Tiled, const Options &O,
                       llvm::ArrayRef<LoopExit> Exits,
                       llvm::StringRef Original = {},
                       IslBudget *Budget = nullptr);

/// The outer loops with each band's tile and point loops inside, as
/// printTiledAst prints them (for `hetile rewrite --print=ast`).
llvm::Expected<std::string>
printInnerBandsAst(const Scop &S, const InnerBands &IB,
                   llvm::ArrayRef<TiledBandInput> Tiled, const Options &O);

} // namespace hetile

#endif
