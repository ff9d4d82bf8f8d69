//===- InnerBandsCodeGen.h - Sequential loops around tiled bands -*- C++ -*-===//
//
// generateInnerBandsNest() prints the sequential outer loops of an InnerBands
// nest (Analysis/InnerBands.h) once, for every backend, and inside them the
// block generateTiledNest() printed for each band, unchanged: with the omp
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
#include "hetile/Support/Options.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace hetile {

/// The C block replacing the nest of \p S, tiled as \p IB, with
/// \p Bands[I] the block of band I of IB (generateTiledNest of its
/// TiledNest, which the driver runs). \p Exits as for generateTiledNest. A
/// nest with run-time alias checks (Scop::AliasChecks) tests them once,
/// before the outer loops, and runs \p Original, the whole nest's text,
/// where two arrays overlap: the bands' own blocks then carry no check.
llvm::Expected<std::string>
generateInnerBandsNest(const Scop &S, const InnerBands &IB,
                       llvm::ArrayRef<std::string> Bands, const Options &O,
                       llvm::ArrayRef<LoopExit> Exits,
                       llvm::StringRef Original = {});

/// The outer loops with \p Bands[I], printTiledAst of band I, inside (for
/// `hetile rewrite --print=ast`).
llvm::Expected<std::string> printInnerBandsAst(const Scop &S,
                                               const InnerBands &IB,
                                               llvm::ArrayRef<std::string> Bands);

} // namespace hetile

#endif
