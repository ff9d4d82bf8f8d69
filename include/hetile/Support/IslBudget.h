//===- IslBudget.h - A bound on the isl work of each nest -------*- C++ -*-===//
//
// Every isl computation of a nest runs under a bound, so that no nest hangs
// hetile. Two limits, both from Options:
//
//  - isl's own operation counter (isl_ctx_set_max_operations): each stage of
//    a nest (polyhedral model, dependences, scheduling, tiling,
//    communication, code generation) may spend at most Options::IslMaxOperations operations.
//    Past it isl fails with isl_error_quota and every later result is a null
//    object, which the stage turns into an error (Polly's
//    IslMaxOperationsGuard does the same around its scheduler).
//  - a budget of CPU seconds (Options::NestTimeBudgetSeconds) for the
//    analysis of a nest, and another for its code generation: isl's
//    operations differ a thousandfold in cost (a pivot on small or on huge
//    coefficients), and isl's AST generator counts only some of its work, so
//    a count alone does not bound the time. A watchdog thread watches the
//    CPU time of the thread doing the work (not the wall clock: a loaded
//    machine must not reject a nest) and calls isl_ctx_abort() past the
//    budget; isl then fails its next operation (isl_error_abort), as it does
//    past the quota.
//
// A stage that runs out yields a TooComplexError naming it; the driver turns
// it into the rejection `[hetile-reject-too-complex]` and leaves the nest as
// it is.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_SUPPORT_ISLBUDGET_H
#define HETILE_SUPPORT_ISLBUDGET_H

#include "hetile/Support/Options.h"

#include "llvm/Support/Error.h"

#include <chrono>
#include <condition_variable>
#include <isl/ctx.h>
#include <mutex>
#include <string>
#include <thread>

namespace hetile {

/// The stages of a nest whose isl work is bounded, in pipeline order.
enum class IslStage { Model, Dependences, Scheduling, Tiling, Communication, CodeGen };

/// "polyhedral model", "dependences", "scheduling", "tiling", "communication", "code generation".
const char *getIslStageName(IslStage S);

/// The error of a stage that ran out of its bound.
class TooComplexError : public llvm::ErrorInfo<TooComplexError> {
public:
  static char ID;
  TooComplexError(IslStage Stage, bool Time) : Stage(Stage), Time(Time) {}
  /// "the <stage> stage exceeded its isl operation bound (--isl-max-operations)".
  std::string message() const override;
  void log(llvm::raw_ostream &OS) const override { OS << message(); }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  IslStage Stage;
  bool Time; ///< the time budget ran out (else the operation bound)
};

/// The bound of one nest: start() it when the nest starts, then enter() each
/// stage and check() after it (and, in long loops of isl calls, in between).
class IslBudget {
public:
  IslBudget(isl_ctx *Ctx, const Options &Opts);
  /// Stops the watchdog and clears the limits, so that work outside a nest
  /// is not bounded.
  ~IslBudget();
  IslBudget(const IslBudget &) = delete;
  IslBudget &operator=(const IslBudget &) = delete;

  /// Starts stage \p S with a fresh operation count.
  void enter(IslStage S);
  /// Success, or the TooComplexError of the current stage when isl hit its
  /// quota or the nest's time ran out. Clears isl's error state.
  llvm::Error check();
  /// Whether the current stage has run out (without clearing anything).
  bool exhausted();
  IslStage stage() const { return Stage; }

private:
  isl_ctx *Ctx;
  unsigned long MaxOps;
  double Seconds;
  IslStage Stage = IslStage::Model;
  std::mutex Lock;
  std::condition_variable Done;
  bool Finished = false;
  bool TimedOut = false; ///< set by the watchdog, under Lock
  std::thread Watchdog;
};

} // namespace hetile

#endif
