//===- TiledCodeGen.h - A tiled loop nest as C text -------------*- C++ -*-===//
//
// generateTiledNest() turns a Scop and its permutable band, tiled by
// Transform/Tiling.h, into the C block that replaces the nest: tile sizes
// (run-time or constant), tile loops over aligned origins, isl's point loops
// with the statements' own source text, and the final values of iterators
// declared outside the nest. It computes neither the tiling nor the MPI
// communication: the driver (Driver/NestPipeline.h) runs those stages and
// hands their results in. Shape:
//
//   {                                         (hetile_floord/min/max: hetile_rt.h)
//     long hetile_T[2]; ...                   (HETILE_TILE_SIZES, else the
//     const long hetile_T0 = hetile_T[0];      runtime's default sizes)
//     /* hetile: tile loops */
//     for (long hetile_ti = hetile_floord(1, hetile_T0) * hetile_T0;
//          hetile_ti <= (long)N - 2; hetile_ti += hetile_T0)
//       for (long hetile_tj = ...)
//       {
//         /* hetile: point loops */
//         for (int i = hetile_max(hetile_ti, 1); i <= ...; i++)
//           for (int j = ...; j <= ...; j++)
//             A[i][j] = ...;                  (the statement, verbatim)
//       }
//     i = (long)N - 1 > 1 ? (long)N - 1 : 1;  (C89 iterators only)
//   }
//
// Point loops keep the original iterator names (and types) where a band
// dimension is exactly that iterator; otherwise they are c0, c1, ... and
// each statement gets `const <type> i = <expr>;` in its own block.
//
// Run-time sizes call the runtime (hetile_rt.h): hetile_env_tile_sizes,
// hetile_tilesize_default, hetile_last_error; on an error the generated
// code prints "hetile: error: <message>" to stderr and exits with status 1,
// so the file needs <stdio.h>, <stdlib.h> and "hetile_rt.h"
// (RuntimeIncludes). Constant sizes (Options::TileSizes) need nothing.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_CODEGEN_TILEDCODEGEN_H
#define HETILE_CODEGEN_TILEDCODEGEN_H

#include "hetile/Analysis/Permutability.h"
#include "hetile/CodeGen/ExitValue.h"
#include "hetile/Frontend/Scop.h"
#include "hetile/Support/IslBudget.h"
#include "hetile/Support/Options.h"
#include "hetile/Transform/Tiling.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hetile {

struct Communication;

/// The headers the generated code needs when its tile sizes are chosen at run
/// time, in the order they should be included.
extern const char *const RuntimeIncludes[3];

/// The headers the code of backend O.TargetBackend needs, in order: the C
/// library's (<...>), then "hetile_rt.h".
std::vector<std::string> runtimeIncludes(const Options &O);

/// The C block replacing the nest of \p S, whose band \p B (its private
/// copies) was tiled as \p T (Transform/Tiling.h). \p Exits gives, for
/// every loop whose iterator is declared outside the nest
/// (ScopLoop::DeclaredInHeader false), how to compute its final value; a
/// missing one is an error. \p Comm, what the tiles of different ranks
/// exchange (Transform/Communication.h), is needed by the mpi and mpi+omp
/// backends. \p Original, the nest's source text, lets the band's point
/// loops count in int (TiledNest::NarrowCounters): the block then runs the
/// original nest, unchanged, for parameters where the band's values exceed
/// +-2^26; without it the counters are long. A nest with run-time alias
/// checks (Scop::AliasChecks) needs \p Original: the block runs it where two
/// arrays overlap (CodeGen/AliasCheckCode.h). Each such fallback branch
/// starts with `#ifdef HETILE_FALLBACK_ABORT abort(); #endif`, so that tests
/// can prove the tiled branch ran. \p Budget, when given, is checked during
/// the generation (the caller enters its code generation stage): one that
/// runs out fails with a TooComplexError. Lines that copy a statement carry
/// line tags (Support/LineTags.h).
llvm::Expected<std::string>
generateTiledNest(const Scop &S, const PermutableBand &B, const TiledNest &T,
                  const Options &O, llvm::ArrayRef<LoopExit> Exits = {},
                  const Communication *Comm = nullptr,
                  llvm::StringRef Original = {}, IslBudget *Budget = nullptr);

/// At \p Indent, the statement that moves to every rank every final value
/// a nest before left on its ranks (hetile_mpi_settle(NULL), failing on
/// every rank alike): before a nest that takes none of them. With
/// \p Timed, the original branch of a nest that the run-time decision
/// times: its time is not the original's (hetile_mpi_settle_call).
std::string printMpiSettle(unsigned Indent, bool Timed = false);

/// A block may need functions of its own before the nest's function (the
/// omp backend's outlined tiles, Scop::OutlineFacts): generateTiledNest
/// returns them in the block's text between two control characters (0x1e,
/// 0x1d; never in C source), which takeOutlined() removes.
std::string markOutlined(const std::string &Functions);

/// \p Code without the marked functions, which are appended to
/// \p Functions.
std::string takeOutlined(llvm::StringRef Code, std::string &Functions);

/// The tile and point loops alone, exactly as generateTiledNest prints them
/// with the same arguments (for `hetile rewrite --print=ast` and tests);
/// without line tags.
llvm::Expected<std::string> printTiledAst(const Scop &S,
                                          const PermutableBand &B,
                                          const TiledNest &T, const Options &O,
                                          const Communication *Comm = nullptr,
                                          llvm::StringRef Original = {});

} // namespace hetile

#endif
