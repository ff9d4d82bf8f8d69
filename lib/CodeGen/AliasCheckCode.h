//===- AliasCheckCode.h - The run-time alias checks as C text ---*- C++ -*-===//
//
// Prints the run-time checks of a Scop as flags the tiled nest's guard
// tests: that the subscripts of delinearized arrays stay in their rows
// (Scop::RowChecks, a condition on the parameters), that C's integer values
// are the model's (Scop::ValueChecks, a condition on the parameters:
// `int hetile_values = ntimes >= 0;`), and the alias checks
// (Frontend/AliasChecks.h):
//
//   /* hetile: run-time alias check: A and B do not overlap */
//   int hetile_noalias = 1;
//   if (<A and B touched> &&
//       !((uintptr_t)A + (uintptr_t)(<end of A>) <= (uintptr_t)B + ... ||
//         (uintptr_t)B + (uintptr_t)(<end of B>) <= (uintptr_t)A + ...))
//     hetile_noalias = 0;
//
// Addresses are compared as integers: comparing pointers into different
// objects is undefined in C. A bound is a byte offset from the array's base,
// sum_k (long)(subscript k) * (long)sizeof(A[0]..[0]) (k + 1 zeros: the size
// of one element at depth k, a VLA's row size at run time); the end is the
// highest corner plus one element (terms whose subscript is 0 are left
// out). With mpi and mpi+omp the ranks agree on
// the flag (hetile_mpi_agree): all run the tiled nest, or all the original.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_LIB_CODEGEN_ALIASCHECKCODE_H
#define HETILE_LIB_CODEGEN_ALIASCHECKCODE_H

#include "NestEmitter.h"

#include "hetile/Support/Options.h"

#include <functional>
#include <string>

namespace hetile {

/// The names of the flags printRuntimeChecks sets: the arrays do not
/// overlap; the delinearized arrays' subscripts stay in their rows
/// (Scop::RowChecks: `int hetile_inrows = <condition on the parameters>;`).
extern const char *const NoAliasFlag;
extern const char *const InRowsFlag;
/// C's integer values are the model's (Scop::ValueChecks).
extern const char *const ValuesFlag;
/// The loads the nest never writes were read before it (Scop::Loads).
extern const char *const LoadedFlag;

/// The declarations that read the loads the nest never writes once, at the
/// top of the nest's block, before any code that names them:
///
///   /* hetile: read once: f->rows, f->cols, f->v, which the nest never
///      writes */
///   int hetile_loaded = 1;
///   if (!(T >= 1))
///     hetile_loaded = 0;
///   int hetile_f_rows = hetile_loaded ? f->rows : 0;
///
/// A load through a pointer is read only where the original surely
/// dereferences the pointer (InvariantLoad::Read); elsewhere the flag
/// sends the call to the original. "" when the nest has no load. With
/// \p TakeLeft (mpi backends, a nest that takes the values the one before
/// left on their ranks), each load's object first comes to every rank
/// that lacks it (hetile_mpi_take).
llvm::Expected<std::string> printLoads(const NestEmitter &E,
                                       bool TakeLeft = false);

/// For the mpi backends' HETILE_STATS, at \p Indent: per array the nest
/// writes, `hetile_mpi_resident(hetile_m, "A", <first byte of its touched
/// box>, <its end>);` (the box of the alias checks, where isl bounds it),
/// after the nest: how much of each array this rank holds in memory.
llvm::Expected<std::string> printResidentNotes(const NestEmitter &E,
                                               unsigned Indent);

/// At \p Indent, per array of the nest with subscripts (written or read),
/// \p Call(name, first, end) with the C expressions of the first byte of
/// its touched box and of its end, under the box's condition; none where
/// an array has no box isl bounds (*Bounded false then).
llvm::Expected<std::string> printArrayBoxes(
    const NestEmitter &E, unsigned Indent, bool WrittenOnly,
    const std::function<std::string(const std::string &, const std::string &,
                                    const std::string &)> &Call,
    bool *Bounded = nullptr);

/// The flags of the nest's run-time checks, joined with &&: what the guard
/// of the tiled nest tests; "" when it has none.
std::string runtimeCheckFlags(const Scop &S);

/// The C string literal of \p Text.
std::string quoted(const std::string &Text);

/// The code that sets the flags of runtimeCheckFlags, "" when the nest has
/// no run-time check.
llvm::Expected<std::string> printRuntimeChecks(const NestEmitter &E,
                                               const Options &O);

/// The statements of the original nest's branch when a check failed: with
/// HETILE_STATS set, a line on stderr per failed check naming the nest.
std::string aliasFallbackReport(const Scop &S);

/// The guarded nest: \p Checks (printRuntimeChecks' code, or ""), \p Note,
/// then `if (Cond) { Tiled } else { Original }`. \p Tiled is the tiled
/// code, indented for the branch. The original branch starts with
/// `#ifdef HETILE_FALLBACK_ABORT abort(); #endif`: a test build defines
/// the macro, so that a guard which is never true fails the test instead
/// of running the original; with alias checks it then reports itself
/// (aliasFallbackReport).
/// \p AfterChecks: statements between the checks and the guard.
/// \p Loop: the head of a loop (ending in `{`) around the guarded
/// branches, closed after them. \p InPart: the original nest guarded to
/// a part of the call (ProfitCode.h, originalInParts), which runs where
/// the part is not the whole call; the whole call runs \p Original as it
/// is, without the guard's tests. \p BeforeOriginal: statements before the
/// original nest in its branch.
std::string printFallbackGuard(const Scop &S, const std::string &Checks,
                               const std::string &Note,
                               const std::string &Cond,
                               const std::string &Tiled,
                               llvm::StringRef Original,
                               const std::string &AfterChecks = "",
                               const std::string &Loop = "",
                               llvm::StringRef InPart = "",
                               const std::string &BeforeOriginal = "");

} // namespace hetile

#endif
