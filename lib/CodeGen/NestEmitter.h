//===- NestEmitter.h - Pieces of a tiled nest as C text ---------*- C++ -*-===//
//
// Private to CodeGen. What every backend prints the same way: the helper
// macros, the tile sizes (HETILE_TILE_SIZES, else the runtime's default, or
// constants), the point loops of one tile (isl's AST with the statements'
// source text), and the final values of iterators declared outside the nest.
// The backends (TiledCodeGen.cpp: seq; OmpCodeGen.cpp: omp) arrange the tile
// loops around them.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_LIB_CODEGEN_NESTEMITTER_H
#define HETILE_LIB_CODEGEN_NESTEMITTER_H

#include "CExprPrinter.h"

#include "hetile/Analysis/Permutability.h"
#include "hetile/CodeGen/ExitValue.h"
#include "hetile/Frontend/Scop.h"
#include "hetile/Support/IslBudget.h"
#include "hetile/Support/Options.h"
#include "hetile/Transform/Communication.h"
#include "hetile/Transform/Tiling.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace hetile {

llvm::Error makeCodeGenError(const std::string &Msg);

std::string spaces(unsigned N);

/// \p Text with every non-empty line but preprocessor directives indented
/// by \p N more spaces.
std::string indentBy(const std::string &Text, unsigned N);

/// `for (Init; Cond; Inc)`, on three lines when longer than 80 columns.
std::string forHeader(unsigned Indent, const std::string &Init,
                      const std::string &Cond, const std::string &Inc);

/// Whether band dimension \p D is skewed (TileDim::Skewed): in some
/// statement neither an iterator plus a constant nor a constant.
inline bool isSkewedDim(const TileDim &D) { return D.Skewed; }

struct NestEmitter {
  const Scop &S;
  const TiledNest &N;
  CExprPrinter Exprs;
  /// The parameters, sizes and origins, with the facts of the context.
  isl::set Params;
  /// Band dimensions whose point-loop counters are ints (0 or all of them;
  /// see TiledNest::NarrowCounters).
  unsigned NarrowDims = 0;
  /// Variables each tile computes on a copy of its own
  /// (PermutableBand::Private).
  std::vector<PrivateCopy> Private;
  /// The bound of the nest's isl work, or null (unbounded).
  IslBudget *Budget = nullptr;
  /// Functions the block calls, to put before the nest's function
  /// (OutlinedTile.h), as C.
  std::string Outlined;
  /// The pipelined omp schedule runs the nest in slabs of band dimension 0
  /// or 1 whose sizes hetile_refine tries (TiledCodeGen.cpp): tileSizes
  /// starts the refinement, the loops of dimensions 0 and 1 keep to
  /// hetile_slab_lo[m]..hetile_slab_hi[m].
  bool Refine = false;
  /// With Refine: the call runs in parts of band dimension 0
  /// (hetile_profit_part, ProfitCode.h); tileSizes keeps the refinement to
  /// the part hetile_part, made of whole tiles (hetile_profit_align), and
  /// the slab loop's body keeps dimension 0 to it.
  bool Parts = false;
  /// MPI ranks decide at each call whether the tiled nest runs
  /// (hetile_profit_agreed_site_get, ProfitCode.h): they agree on the
  /// run-time checks only where it does (hetile_run > 0), since the
  /// original branch has no collective.
  bool Agreed = false;
  /// The threads the run-time decision gave the call of an omp nest
  /// ("hetile_nprocs"), which its parallel region runs on
  /// (ompThreadsBegin), or "": OpenMP's default.
  std::string Threads;

  /// \p Tiled must outlive the emitter.
  NestEmitter(const Scop &S, const TiledNest &Tiled);

  /// The AST build inside tile loops 0..Depth-1 of the seq scan (Depth 0:
  /// outside them).
  isl::ast_build buildInside(unsigned Depth) const;
  /// The AST build inside every tile loop of the box scan.
  isl::ast_build buildInBox() const;
  /// Success, or the TooComplexError of the budget's stage when it ran out.
  llvm::Error checkBudget() const {
    return Budget ? Budget->check() : llvm::Error::success();
  }
  /// \p PA printed as C in \p Build.
  /// With \p Comparand, parenthesized unless arithmetic (an operand of a
  /// comparison or subtraction).
  llvm::Expected<std::string> print(const isl::ast_build &Build,
                                    const isl::pw_aff &PA,
                                    const std::string &What,
                                    bool Comparand = false) const;

  /// Declares hetile_T0.. (`const long`). \p NProcs: C text of the number
  /// of processors handed to the default sizes; \p First: the band
  /// dimension handed first (the distributed one).
  /// \p Mpi: the MPI backends' default (hetile_mpi_tile_sizes, which
  /// knows the ranks' speeds and the network), else the shared-memory one.
  /// With Refine, the declarations stop at hetile_T and hetile_rf: the
  /// slab loop declares the sizes (sizeConstants) in its body.
  llvm::Error tileSizes(std::string &Out, const std::string &NProcs = "1",
                        unsigned First = 0, bool Mpi = false) const;
  /// `const long hetile_T0 = hetile_T[0];` for each band dimension.
  std::string sizeConstants() const;
  /// The point loops of the tile whose origins are the current values,
  /// under the facts of \p Build, with the marker comment. With private
  /// copies: in a block that declares them, then copies them to their
  /// variables in the tile that holds their LastPoint.
  llvm::Error pointLoops(const isl::ast_build &Build, unsigned Indent,
                         std::string &Out);
  /// `double (*const hetile_last_sum)[16] = &sum;` for each private copy:
  /// where the tile holding its last point leaves the elements written (the
  /// variable itself is hidden there by the copy's declaration).
  std::string privateTargets() const;
  /// The copy of the elements of isl AST \p Node to the variable.
  void printCopy(const isl::ast_node &Node, const std::string &Array,
                 unsigned Indent, std::string &Out);
  /// Assignments of the final values of iterators declared outside.
  llvm::Error exitValues(llvm::ArrayRef<LoopExit> Exits,
                         std::string &Out) const;
  /// Identifiers a generated name must not take.
  std::set<std::string> takenNames() const;
  /// " firstprivate(N, A, ...)" for `#pragma omp parallel`: the parameters,
  /// pointer arrays and read-only scalars the statements use, as copies
  /// local to each thread. Shared, they would be reached through the
  /// outlined region's argument block, which loses `restrict` and costs the
  /// vectorizer (1.5x on jacobi-2d with gcc -O3 on one thread).
  std::string firstprivateClause() const;
};

/// `const int hetile_nprocs = omp_get_max_threads();` (1 without OpenMP):
/// the processors the omp backend's default tile sizes are chosen for.
std::string ompNumProcs();

/// The lines around a `#pragma omp parallel` (one without a num_threads
/// clause) that run it on \p Count threads: the thread count that OpenMP
/// gives a region (omp_set_num_threads), set before it and restored after
/// it; nothing where \p Count is "". A num_threads clause would do the
/// same, but clang then asks LLVM's OpenMP runtime for the thread's number
/// at the entry of the function that holds the region: that first call
/// starts the runtime (about 1.7 ms on the project's machine), which every
/// process whose calls run the original nest would pay.
std::string ompThreadsBegin(unsigned Indent, const std::string &Count);
std::string ompThreadsEnd(unsigned Indent, const std::string &Count);

/// `Decl = Call;` under _OPENMP, else `Decl = Serial;` (OmpCodeGen.cpp).
std::string ompQuery(unsigned Indent, const std::string &Decl,
                     const std::string &Call, const std::string &Serial);

/// `const int hetile_nprocs = hetile_mpi_world_size();`, times the OpenMP
/// threads of a rank with \p Threaded (mpi+omp).
std::string mpiNumProcs(bool Threaded);

/// The mpi and mpi+omp backends' loops, messages (\p Comm) and final
/// exchange (MpiCodeGen.cpp).
llvm::Error emitMpiLoops(NestEmitter &E, const Communication &Comm,
                         const Options &O, std::string &Out);

/// The omp backend's loops (OmpCodeGen.cpp): everything between the tile
/// sizes and the exit values.
llvm::Error emitOmpLoops(NestEmitter &E, const Options &O, std::string &Out);

} // namespace hetile

#endif
