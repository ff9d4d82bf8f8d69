//===- Calibration.cpp - cycle times measured at run time -----------------===//
//
// When neither HETILE_PLATFORM nor HETILE_SPEEDS gives the cycle times t_i
// (time per tile, larger = slower, [BDRV98] Table 1), every processor
// times the same fixed workload and the times are turned into small
// integers with the same ratios. hetile_sched_calibrate (threads) and
// hetile_mpi_calibrate (ranks) run it; ColumnAllocation.cpp keeps the
// result for the life of the process.
//
//===----------------------------------------------------------------------===//
#include "Env.h"
#include "Error.h"
#include "Math.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

using namespace hetile::rt;

namespace {

/// A fixed floating-point workload (about a millisecond on a current core):
/// the same for every processor, so its time is the processor's speed.
double workload() {
  volatile double Sink = 0;
  double X = 1.0, Y = 0.5;
  for (int I = 0; I < 200000; ++I) {
    X = X * 0.999999 + Y;
    Y = Y * 0.999998 + 1e-9 * X;
  }
  Sink = X + Y;
  return Sink;
}

} // namespace

extern "C" int hetile_calibrate_run(int me, double *seconds_out) {
  if (!seconds_out || me < 0)
    return fail(HETILE_ERR_INVALID, "calibrate: bad processor or output");
  double Best = INFINITY;
  for (int Rep = 0; Rep < 3; ++Rep) {
    double T0 = hetile_timer_thread_cpu();
    workload();
    Best = std::min(Best, hetile_timer_thread_cpu() - T0);
  }
  if (!(Best > 0))
    Best = 1e-9;
  // An emulated slow processor is slow in its calibration too: it sleeps,
  // and reports the time it emulates (the sleep's overshoot, large on a
  // loaded machine, is no part of its speed).
  std::shared_ptr<const env::Snapshot> Env = env::get();
  int E = env::emulateDelay(*Env, me, Best);
  if (E < 0)
    return E;
  double Factor = E > 0 ? Env->Emulate.Value[me] : 1;
  *seconds_out = Best * Factor;
  return HETILE_OK;
}

extern "C" int hetile_calibrate_times(int p, const double *seconds,
                                      long resolution, long *t_out) {
  if (p < 1 || !seconds || resolution < 1 || resolution > 1000000)
    return fail(HETILE_ERR_INVALID, "calibrate: need p >= 1 and resolution "
                "in 1..1000000");
  double Min = INFINITY;
  for (int I = 0; I < p; ++I) {
    if (!(seconds[I] > 0) || !std::isfinite(seconds[I]))
      return fail(HETILE_ERR_INVALID, "calibrate: measured time %d is not "
                  "positive", I);
    Min = std::min(Min, seconds[I]);
  }
  for (int I = 0; I < p; ++I) {
    double R = math::nearbyint(resolution * seconds[I] / Min);
    if (R > 1e15)
      return fail(HETILE_ERR_OVERFLOW, "calibrate: ratio too large");
    t_out[I] = std::max(1L, (long)R);
  }
  return HETILE_OK;
}

extern "C" int hetile_calibrate_snap(int p, const double *seconds,
                                     double *t_out) {
  std::vector<long> T(p > 0 ? p : 1);
  if (int E = hetile_calibrate_times(p, seconds, 10, T.data()))
    return E;
  long Min = *std::min_element(T.begin(), T.end());
  long Max = *std::max_element(T.begin(), T.end());
  // Within 15% of each other: measurement noise, not a slower processor (a
  // choice of ours: a spurious 10:11 would make chunks of 21 columns).
  for (int I = 0; I < p; ++I)
    t_out[I] = Max * 20 <= Min * 23 ? 1.0 : (double)T[I];
  return HETILE_OK;
}
