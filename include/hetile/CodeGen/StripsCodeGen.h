//===- StripsCodeGen.h - code of the strips schedule ------------*- C++ -*-===//
//
// The block that replaces a nest under `--omp-schedule=strips` (backends
// omp, mpi and mpi+omp) where Analysis/StripsLegality.h found a plan:
// Rastello & Dauxois's strips with redundant tasks, run by the runtime's
// hetile_strips_* (hetile_rt.h) and, on MPI ranks, hetile_strips_mpi_*
// (hetile_rt_mpi.h).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_CODEGEN_STRIPSCODEGEN_H
#define HETILE_CODEGEN_STRIPSCODEGEN_H

#include "hetile/Analysis/StripsLegality.h"
#include "hetile/Frontend/Scop.h"
#include "hetile/Support/IslBudget.h"
#include "hetile/Transform/Tiling.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace hetile {

/// Where the strips run: the threads of one process (omp), or MPI ranks
/// (mpi), with OpenMP threads inside each rank (mpi+omp).
struct StripsTarget {
  bool Mpi = false;
  bool Threads = true;
  /// mpi: the final values to rank 0 only (--gather=root).
  bool GatherRoot = false;
};

/// The C block running nest \p S with the strips of plan \p P, then giving
/// the iterators of \p Exits their final values. \p T: the nest's tiled
/// band (its parameters' context names the iterators' exit values).
/// \p Budget: the bound of the isl work, or null. Where the arrays may
/// overlap (S.AliasChecks), the strips run under the run-time check and
/// \p Original, the nest's text, runs where it fails.
llvm::Expected<std::string>
generateStripsNest(const Scop &S, const StripsPlan &P, const TiledNest &T,
                   llvm::ArrayRef<LoopExit> Exits, IslBudget *Budget,
                   const StripsTarget &Target = {},
                   llvm::StringRef Original = "");

} // namespace hetile

#endif
