//===- ProfitCode.h - The run-time decision of a nest as C text -*- C++ -*-===//
//
// Prints the decision that precedes a seq or omp nest (pipeline or strips):
// per call site and size class the runtime runs the original nest, the
// transformed nest on one thread or on every thread, whichever has been
// fastest (hetile_profit_begin, docs/profitability.md):
//
//   static hetile_profit_slot hetile_site;
//   const int hetile_maxprocs = 1;               (seq and the MPI backends)
//   hetile_profit_call hetile_pc;
//   const double hetile_points = <the statements' points (pointsOfCall)>;
//   int hetile_run = hetile_profit_fast(&hetile_site, hetile_points,
//                                       hetile_maxprocs, &hetile_pc);
//                    (hetile_profit_fast_agreed on MPI ranks)
//   if (hetile_run == HETILE_PROFIT_SLOW)       (not settled: the runtime)
//     hetile_run = hetile_profit_begin(
//         hetile_profit_site_get(&hetile_site, "file.c:12 (f)"),
//         hetile_points, hetile_maxprocs, &hetile_pc);
//
// The omp backend asks OpenMP for its threads only after the calls that run
// the original inline (the first OpenMP call starts LLVM's OpenMP runtime,
// about 1.7 ms, which a process whose calls all run the original then never
// pays):
//
//   int hetile_maxprocs = 1;
//   int hetile_run = hetile_profit_fast_original(&hetile_site, hetile_points,
//                                                &hetile_pc);
//   if (hetile_run == HETILE_PROFIT_SLOW) {
//     hetile_maxprocs = omp_in_parallel() ? 1 : omp_get_max_threads();
//     hetile_run = hetile_profit_fast_agreed(&hetile_site, hetile_points,
//                                            hetile_maxprocs, &hetile_pc);
//     if (hetile_run == HETILE_PROFIT_SLOW)
//       hetile_run = hetile_profit_begin(..., hetile_maxprocs, &hetile_pc);
//   }
//   int hetile_ran = 0;
//   ... alias checks ...
//   if (hetile_run < 0) { <error> }                      (ProfitError)
//   if (hetile_run > 0 && ...) { hetile_ran = hetile_run; <tiled> }
//   else { <original> }
//   <hetile_profit_end, its line under HETILE_STATS>     (printProfitEnd)
//
// A band as written can run each call in parts of its outermost loop, the
// guarded branch inside the loop of printPartsLoop: a class's first call
// then tries each way on a part before it runs the rest.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_LIB_CODEGEN_PROFITCODE_H
#define HETILE_LIB_CODEGEN_PROFITCODE_H

#include "NestEmitter.h"

#include <optional>
#include <string>

namespace hetile {

/// The declarations of the decision: hetile_run, the threads the
/// transformed nest (\p What, for the comment) runs on (0: the original; at
/// most every thread where \p Threads, else 1; never 1 of several without
/// \p OneThread: hetile_profit_parallel_site_get), and hetile_ran, which
/// the block sets to what ran.
/// With \p Parts, hetile_run is a variable (hetile_profit_part sets it
/// per part) and hetile_part holds the part's values.
/// \p Points: the C expression of the points a call runs, where the
/// nest's statements do not give them (inner bands); "" for the
/// statements' (pointsOfCall), or the band's extents where isl cannot say.
/// \p Agreed: MPI ranks run the nest (the mpi backends): the ways are the
/// original on every rank and the transformed nest on the ranks
/// (hetile_run 1), every rank choosing alike
/// (hetile_profit_agreed_site_get).
/// The points of a call, as C: the sum over the statements of the products
/// of their domains' extents (a bound: triangles count as boxes), or ""
/// where isl cannot say.
std::string pointsOfCall(const NestEmitter &E, const Scop &S,
                         const isl::set &Context);

llvm::Expected<std::string> printProfitDecision(const NestEmitter &E,
                                                bool Threads,
                                                const std::string &What,
                                                bool OneThread = true,
                                                bool Parts = false,
                                                const std::string &Points = "",
                                                bool Agreed = false);

/// The original nest's text with its outermost loop kept to the values
/// hetile_part[0]..hetile_part[1] of its iterator (a guard that skips the
/// others, first in the loop's body), where the nest can run in parts of
/// band dimension 0 (hetile_profit_parts): the band's dimension 0 is the
/// outermost loop's iterator in every statement, that loop counts up, and
/// every statement's other loops have bounds that do not depend on it (so
/// that each of its values holds as many points: a part's time per value
/// stands for the whole call's), and no band dimension is skewed (a
/// skewed pipeline's ramp weighs on a part far more than on the call;
/// \p Sequential, the seq backend's nest: inner dimensions may be).
/// Else std::nullopt.
std::optional<std::string> originalInParts(const NestEmitter &E,
                                           llvm::StringRef Original,
                                           bool Sequential = false);

/// The statements that run the decision's branch in parts: the call's
/// values of band dimension 0 handed to hetile_profit_parts (where
/// \p TiledOk, C text, holds, the runtime may try each way on a part),
/// then the loop over the parts; the branch follows, then "  }\n".
llvm::Expected<std::string> printPartsLoop(const NestEmitter &E,
                                           const std::string &TiledOk);

/// The statement after the decision's declarations and the alias checks'
/// (C89 code declares before its statements): a failed decision ends the
/// program with the runtime's message.
extern const char *const ProfitError;

/// The guard's conjunct that runs the transformed nest.
extern const char *const ProfitRuns;

/// The first statement of the transformed nest's branch.
extern const char *const ProfitRan;

/// The statements after the guarded nest: the call's time recorded, and
/// the decision's line under HETILE_STATS; \p Agreed (MPI ranks): the
/// slowest rank's time (hetile_mpi_profit_end), the line printed by rank 0.
std::string printProfitEnd(bool Agreed = false);

} // namespace hetile

#endif
