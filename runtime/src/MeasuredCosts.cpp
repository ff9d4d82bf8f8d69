//===- MeasuredCosts.cpp - the costs of [AY98] measured on shared memory --===//
//
// Andonov & Yanev (1998), section 2.3, model a tile's transfer as
// beta + v tau_t (3) and its computation as tau_a v. Between the threads
// of one process, beta is the time from one thread's hetile_sched_post to
// its neighbour's hetile_sched_wait returning, tau_t the time to move one
// element from one core's cache to another's, and tau_a the time of one
// loop body. Here: the fixed values (hetile_costs_fixed, and under
// HETILE_CALIBRATE=0 so that runs are reproducible) and tau_a; beta and
// tau_t are measured on the thread schedule's own waits and posts, above
// it (SchedCosts.cpp).
//
//===----------------------------------------------------------------------===//
#include "MeasuredCosts.h"
#include "Env.h"
#include "Error.h"

#include "hetile_models.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <vector>

using namespace hetile::rt;

namespace {

/// The fixed costs (hetile_costs_fixed): a microsecond of start-up and a
/// nanosecond per element, the order measured between two cores of a
/// current x86 machine.
const double FixedBeta = 1e-6;
const double FixedTauT = 1e-9;

} // namespace

double hetile::rt::stencilPointSeconds() {
  const int N = 64, Sweeps = 16;
  std::vector<double> A(N * N);
  for (int I = 0; I < N * N; ++I)
    A[I] = (I % 17) * 0.125;
  double Best = INFINITY;
  for (int Rep = 0; Rep < 3; ++Rep) {
    double T0 = hetile_timer_thread_cpu();
    for (int S = 0; S < Sweeps; ++S)
      for (int I = 1; I < N - 1; ++I)
        for (int J = 1; J < N - 1; ++J)
          A[I * N + J] = 0.25 * (A[(I - 1) * N + J] + A[I * N + J - 1] +
                                 A[(I + 1) * N + J] + A[I * N + J + 1]);
    Best = std::min(Best, hetile_timer_thread_cpu() - T0);
  }
  volatile double Sink = A[N + 1];
  (void)Sink;
  double Points = (double)Sweeps * (N - 2) * (N - 2);
  return Best > 0 ? Best / Points : 1e-9;
}

bool hetile::rt::iterationSeconds(double &Seconds) {
  std::shared_ptr<const env::Snapshot> Env = env::get();
  Seconds = Env->IterationSeconds.Value;
  return Env->IterationSeconds.Set && !Env->IterationSeconds.Error;
}

extern "C" int hetile_costs_fixed(hetile_costs *out) {
  if (!out)
    return fail(HETILE_ERR_INVALID, "costs: no output");
  double TauA;
  iterationSeconds(TauA);
  *out = hetile_costs{FixedBeta, FixedTauT, TauA > 0 ? TauA : 1e-9, 0};
  return HETILE_OK;
}

extern "C" int hetile_costs_point_seconds(double *out) {
  if (!out)
    return fail(HETILE_ERR_INVALID, "costs: no output");
  if (iterationSeconds(*out))
    return HETILE_OK;
  static std::once_flag Once;
  static double Measured;
  std::call_once(Once, [] { Measured = stencilPointSeconds(); });
  *out = env::get()->CalibrateOff ? 1e-9 : Measured;
  return HETILE_OK;
}
