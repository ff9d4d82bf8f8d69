//===- IslBudget.cpp - A bound on the isl work of each nest ---------------===//

#include "hetile/Support/IslBudget.h"

#include <isl/set.h>

#include <algorithm>
#include <cstdio>
#include <pthread.h>
#include <time.h>

namespace hetile {

char TooComplexError::ID;

namespace {

double cpuSeconds(clockid_t Clock) {
  timespec T;
  if (clock_gettime(Clock, &T) != 0)
    return 0;
  return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
}

/// Whether isl's operation count is past its bound. isl keeps only its last
/// error, and a failure that follows the quota error (a null argument, a
/// parse that gave up) replaces it; so ask isl for one more small
/// computation that needs simplex pivots (counted operations): past the
/// bound it fails with isl_error_quota again.
bool pastQuota(isl_ctx *Ctx) {
  isl_set *Probe = isl_set_read_from_str(
      Ctx, "{ [x, y] : 0 <= x <= 10 and 0 <= y <= x + 3 and x + y >= 4 }");
  isl_set *Min = isl_set_lexmin(Probe);
  bool Past = !Min && isl_ctx_last_error(Ctx) == isl_error_quota;
  isl_set_free(Min);
  return Past;
}

} // namespace

const char *getIslStageName(IslStage S) {
  switch (S) {
  case IslStage::Model:
    return "polyhedral model";
  case IslStage::Dependences:
    return "dependences";
  case IslStage::Scheduling:
    return "scheduling";
  case IslStage::Tiling:
    return "tiling";
  case IslStage::Communication:
    return "communication";
  case IslStage::CodeGen:
    return "code generation";
  }
  return "?";
}

std::string TooComplexError::message() const {
  if (Time) {
    char Budget[32];
    snprintf(Budget, sizeof(Budget), "%g", Seconds);
    return std::string("the ") + getIslStageName(Stage) +
           " stage ran past the time budget of the nest (" + Budget +
           " s of CPU for all its stages, --nest-time-budget)";
  }
  return std::string("the ") + getIslStageName(Stage) +
         " stage exceeded its isl operation bound (--isl-max-operations)";
}

IslBudget::IslBudget(isl_ctx *Ctx, const Options &Opts, double SpentSeconds)
    : Ctx(Ctx), MaxOps(Opts.IslMaxOperations),
      Seconds(std::max(Opts.NestTimeBudgetSeconds, 0.0)),
      SpentBefore(SpentSeconds) {
  isl_ctx_resume(Ctx);
  isl_ctx_reset_error(Ctx);
  enter(IslStage::Model);
  // The CPU time of the calling thread, not the wall clock: a loaded
  // machine must not turn a nest into a rejection.
  HasClock = pthread_getcpuclockid(pthread_self(), &Clock) == 0;
  if (!HasClock)
    return;
  StartCpu = cpuSeconds(Clock);
  if (Seconds <= 0)
    return;
  // One deadline for the whole nest: what an earlier part of its work spent
  // is taken off.
  double Limit = StartCpu + Seconds - SpentBefore;
  Watchdog = std::thread([this, Limit] {
    std::unique_lock<std::mutex> L(Lock);
    // Checked before the first wait: a nest whose analysis spent the budget
    // fails its first operation here.
    for (;;) {
      if (cpuSeconds(Clock) > Limit) {
        TimedOut = true;
        isl_ctx_abort(this->Ctx);
        return;
      }
      if (Done.wait_for(L, std::chrono::milliseconds(20),
                        [this] { return Finished; }))
        return;
    }
  });
}

double IslBudget::spentSeconds() const {
  return SpentBefore + (HasClock ? cpuSeconds(Clock) - StartCpu : 0);
}

IslBudget::~IslBudget() {
  if (Watchdog.joinable()) {
    {
      std::lock_guard<std::mutex> L(Lock);
      Finished = true;
    }
    Done.notify_one();
    Watchdog.join();
  }
  isl_ctx_resume(Ctx);
  isl_ctx_set_max_operations(Ctx, 0);
  isl_ctx_reset_operations(Ctx);
  isl_ctx_reset_error(Ctx);
}

void IslBudget::enter(IslStage S) {
  Stage = S;
  isl_ctx_reset_operations(Ctx);
  isl_ctx_set_max_operations(Ctx, MaxOps);
}

bool IslBudget::exhausted() {
  isl_error E = isl_ctx_last_error(Ctx);
  if (E == isl_error_quota || E == isl_error_abort)
    return true;
  {
    std::lock_guard<std::mutex> L(Lock);
    if (TimedOut)
      return true;
  }
  return MaxOps != 0 && E != isl_error_none && pastQuota(Ctx);
}

llvm::Error IslBudget::check() {
  if (!exhausted())
    return llvm::Error::success();
  bool Time;
  {
    std::lock_guard<std::mutex> L(Lock);
    Time = TimedOut;
  }
  // Past the deadline every later stage fails at once; past the quota only
  // this one (enter() starts a new count).
  isl_ctx_reset_error(Ctx);
  return llvm::make_error<TooComplexError>(Stage, Time, Seconds);
}

} // namespace hetile
