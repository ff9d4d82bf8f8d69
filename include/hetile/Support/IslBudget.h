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
//  - one budget of CPU seconds (Options::NestTimeBudgetSeconds) for the
//    whole nest, all stages together: the analysis spends part of it and
//    the transformation and code generation get what is left (the analysis
//    hands its spent seconds on, AnalyzedNest::SpentSeconds). isl's
//    operations differ a thousandfold in cost (a pivot on small or on huge
//    coefficients), and isl's AST generator counts only some of its work, so
//    a count alone does not bound the time. A watchdog thread watches the
//    CPU time of the thread doing the work (not the wall clock: a loaded
//    machine must not reject a nest) and calls isl_ctx_abort() past the
//    deadline; isl then fails its next operation (isl_error_abort), as it
//    does past the quota.
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
#include <time.h>
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
  TooComplexError(IslStage Stage, bool Time, double Seconds = 0)
      : Stage(Stage), Time(Time), Seconds(Seconds) {}
  /// "the <stage> stage exceeded its isl operation bound
  /// (--isl-max-operations)", or "the <stage> stage ran past the time budget
  /// of the nest (<Seconds> s of CPU for all its stages, --nest-time-budget)".
  std::string message() const override;
  void log(llvm::raw_ostream &OS) const override { OS << message(); }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  IslStage Stage;
  bool Time; ///< the time budget ran out (else the operation bound)
  double Seconds; ///< the nest's time budget, when Time
};

/// The bound of one nest: construct it when the nest's work starts, then
/// enter() each stage and check() after it (and, in long loops of isl calls,
/// in between).
class IslBudget {
public:
  /// \p SpentSeconds: the CPU seconds the nest has already spent under an
  /// earlier IslBudget (its analysis); the deadline is the nest's budget less
  /// those.
  IslBudget(isl_ctx *Ctx, const Options &Opts, double SpentSeconds = 0);
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
  /// The CPU seconds the nest has spent so far: those given to the
  /// constructor and those of the constructing thread since.
  double spentSeconds() const;

private:
  isl_ctx *Ctx;
  unsigned long MaxOps;
  double Seconds;      ///< the nest's budget; 0 = unbounded
  double SpentBefore;  ///< spent under an earlier IslBudget
  bool HasClock = false;
  clockid_t Clock;     ///< the constructing thread's CPU clock
  double StartCpu = 0; ///< Clock's reading at construction
  IslStage Stage = IslStage::Model;
  std::mutex Lock;
  std::condition_variable Done;
  bool Finished = false;
  bool TimedOut = false; ///< set by the watchdog, under Lock
  std::thread Watchdog;
};

} // namespace hetile

#endif
