//===- SchedCosts.cpp - beta and tau_t of [AY98] on the thread schedule ---===//
//
// Andonov & Yanev (1998), section 2.3, model a tile's transfer as
// beta + v tau_t (3). Between the threads of one process, beta is the time
// from one thread's hetile_sched_post to its neighbour's hetile_sched_wait
// returning, tau_t the time to move one element from one core's cache to
// another's. They are measured once per process (hetile_costs_shared) by
// two threads ping-ponging through the schedule's own waits and posts,
// within a fixed wall-time budget: a measurement of the scheduler, so it
// sits above it (tau_a and the fixed values: MeasuredCosts.cpp).
//
//===----------------------------------------------------------------------===//
#include "Env.h"
#include "Error.h"
#include "MeasuredCosts.h"
#include "Timer.h"

#include "hetile_models.h"
#include "hetile_rt.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cmath>
#include <mutex>
#include <thread>
#include <vector>

using namespace hetile::rt;

namespace {

/// The largest beta and tau_t taken from a measurement: half a round trip
/// of 20 microseconds, and 10 ns per element (0.8 GB/s between two cores).
/// Beyond them the two threads did not run at once (on a loaded machine the
/// fastest of 200 round trips was 0.4 and 3.6 ms, the scheduler's time
/// slices, not a transfer between caches): the fixed values stay, since the
/// sizes chosen for a moment of load ran slower once it passed.
const double MaxBeta = 20e-6;
const double MaxTauT = 10e-9;

/// Elements of the buffer the tau_t ping-pong moves: 64 KiB of doubles,
/// larger than an L1 and smaller than an L2.
const int BufferElements = 8192;

/// A round trip of two threads through a two-column schedule: thread A
/// posts column 0 row r and waits for column 1 row r; thread B waits for
/// column 0 row r, then posts column 1 row r. With Buffer, each side
/// rewrites the whole buffer before posting (so each round trip moves the
/// buffer twice between the cores). Returns the median and the fastest
/// round trip in seconds, or negative values if no round trip fit in Budget.
struct Trip {
  double Median = -1, Fastest = -1;
};

Trip pingPong(hetile_sched *S, int Rounds, double Budget,
                std::vector<double> *Buffer) {
  std::atomic<bool> Stop{false};
  std::vector<double> Trips;
  Trips.reserve(Rounds);
  auto Touch = [&](double Add) {
    if (!Buffer)
      return;
    for (double &X : *Buffer)
      X = X * 0.5 + Add;
  };
  std::thread B([&] {
    for (long R = 0; R < Rounds; ++R) {
      hetile_sched_wait(S, 0, R);
      if (Stop.load(std::memory_order_acquire))
        return;
      Touch(1.0);
      hetile_sched_post(S, 1, R);
    }
  });
  double Deadline = hetile_timer_now() + Budget;
  for (long R = 0; R < Rounds; ++R) {
    double T0 = hetile_timer_now();
    if (T0 > Deadline) {
      // Let B out of its wait: it sees Stop after the post.
      Stop.store(true, std::memory_order_release);
      hetile_sched_post(S, 0, LONG_MAX - 1);
      break;
    }
    Touch(2.0);
    hetile_sched_post(S, 0, R);
    hetile_sched_wait(S, 1, R);
    Trips.push_back(hetile_timer_now() - T0);
  }
  B.join();
  Trip Out;
  if (Trips.empty())
    return Out;
  std::sort(Trips.begin(), Trips.end());
  Out.Median = Trips[Trips.size() / 2];
  Out.Fastest = Trips.front();
  return Out;
}

} // namespace

extern "C" int hetile_costs_measure(double budget_s, hetile_costs *out) {
  if (!out || !(budget_s > 0) || budget_s > 10)
    return fail(HETILE_ERR_INVALID, "costs: need an output and a budget in "
                "(0, 10] seconds");
  if (int E = hetile_costs_fixed(out))
    return E;
  double TauA;
  out->tau_a = iterationSeconds(TauA) ? TauA : stencilPointSeconds();
  hetile_sched *S = nullptr;
  // Two columns of a schedule of two processors: the waits and posts the
  // generated code makes (hetile_sched_create fails only on a malformed
  // environment, whose error the nest reports itself: keep the fixed
  // values then).
  if (hetile_sched_create(2, 2, &S) != HETILE_OK)
    return HETILE_OK;
  std::vector<double> Buffer(BufferElements, 1.0);
  Trip Empty = pingPong(S, 200, budget_s / 2, nullptr);
  hetile_sched_destroy(S);
  S = nullptr;
  if (hetile_sched_create(2, 2, &S) != HETILE_OK)
    return HETILE_OK;
  Trip Full = pingPong(S, 50, budget_s / 2, &Buffer);
  hetile_sched_destroy(S);
  // The fastest trips: the latency between two threads that both run. On
  // a loaded machine the median is the wait's spin timeout (the threads
  // share a core for a while), a state of the moment that sized the rows
  // of the whole nest for it and ran slower than one thread when the load
  // went (bench/tile_sizes.py).
  if (Empty.Fastest > 0 && Empty.Fastest / 2 <= MaxBeta) {
    out->beta = Empty.Fastest / 2;
    out->measured = 1;
  }
  double TauT = (Full.Fastest - Empty.Fastest) / (2.0 * BufferElements);
  if (out->measured && Full.Fastest > Empty.Fastest && TauT <= MaxTauT)
    out->tau_t = TauT;
  return HETILE_OK;
}

extern "C" int hetile_costs_shared(hetile_costs *out) {
  if (!out)
    return fail(HETILE_ERR_INVALID, "costs: no output");
  if (env::get()->CalibrateOff)
    return hetile_costs_fixed(out);
  static std::mutex Lock;
  static bool Done = false;
  static hetile_costs Cached;
  std::lock_guard<std::mutex> G(Lock);
  if (!Done) {
    double Start = hetile_timer_now();
    int E = hetile_costs_measure(0.004, &Cached);
    addOneTimeSeconds(hetile_timer_now() - Start);
    if (E)
      return E;
    Done = true;
  }
  *out = Cached;
  return HETILE_OK;
}
