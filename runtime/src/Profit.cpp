//===- Profit.cpp - is the tiled nest worth running, per call ----------===//
//
// hetile_profit_*: at each call of a tiled nest, the original nest, the
// tiled nest on one thread or the tiled nest on every thread, whichever
// has been fastest for the call site and the size of the call. Ours, not
// the papers': [BDRV98] and [AY98] model one long nest and leave out the
// fixed costs of a call (a parallel region, the schedule's set-up, the
// pipeline's fill), which decide for the small nests applications call
// thousands of times; they are measured here instead of modelled, so that
// the answer holds on a machine shared with other jobs too.
//
// Per site and size class (floor(log2(points))), each way keeps its last
// three times; its estimate is their minimum (a call preempted once does
// not condemn a way; a way slow on every recent call is slow). A way is
// explored until it has two times (one when its first took 50 ms or more,
// or was 20 times the best estimate: the first call of a way pays the
// process's calibration and the cold caches), then the site runs the best
// estimate, the current choice kept unless another is 3% faster. A way
// that lost by a factor r runs again after max(16, 50 (r - 1)) calls of the
// class, twice that after each further loss: the retries cost about 2% of
// the time of the best way, and a way that gets faster when the load
// changes is taken again.
//
//===----------------------------------------------------------------------===//
#include "Env.h"
#include "Error.h"

#include "hetile_rt.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <mutex>
#include <string>

using namespace hetile::rt;

namespace {

/// The ways to run a call: the original nest, the tiled nest on one thread,
/// on every thread.
enum Way { Original = 0, TiledOne = 1, TiledAll = 2, NumWays = 3 };

const int NumClasses = 64;
/// Times kept per way.
const int Window = 3;
/// The first call of a size class with no measured neighbour runs the
/// tiled nest on every thread from this many points on.
const double BigPoints = 1 << 20;
/// A first time this long (seconds), or this many times the best estimate,
/// is enough exploration of a way.
const double LongCall = 0.05, Hopeless = 20;
/// Another way replaces the current choice when it is this much faster.
const double Hysteresis = 0.03;
/// The retries' share of the site's time (1/50) and their bounds.
const double RetryCost = 50;
const long MinRetry = 16, MaxRetry = 1L << 24;

struct WayState {
  double Times[Window] = {};
  long Samples = 0;
  /// The class's call count at which the way runs again (0: not set).
  long RetryAt = 0;
  int Losses = 0;

  double estimate() const {
    if (Samples == 0)
      return std::numeric_limits<double>::infinity();
    double Best = Times[0];
    for (long I = 1; I < std::min<long>(Samples, Window); ++I)
      Best = std::min(Best, Times[I]);
    return Best;
  }
  void add(double Seconds) { Times[Samples++ % Window] = Seconds; }
};

struct SizeClass {
  WayState Ways[NumWays];
  long Calls = 0;
  /// The way chosen, -1 before the first time.
  int Chosen = -1;
  /// The thread count of TiledAll's times.
  int Procs = 0;
};

std::string way(int W, int Procs) {
  if (W == Original)
    return "original";
  if (W == TiledOne)
    return "tiled on 1 thread";
  return "tiled on " + std::to_string(Procs) + " threads";
}

} // namespace

struct hetile_profit_site {
  std::string Where;
  std::mutex Lock;
  SizeClass Classes[NumClasses];

  /// The way of a class's first call: the nearest measured class's choice,
  /// else by its size.
  int firstGuess(int Class, double Points, bool HasAll) const {
    for (int D = 1; D < NumClasses; ++D)
      for (int C : {Class - D, Class + D})
        if (C >= 0 && C < NumClasses && Classes[C].Chosen >= 0)
          return Classes[C].Chosen == TiledAll && !HasAll ? TiledOne
                                                          : Classes[C].Chosen;
    if (Points >= BigPoints)
      return HasAll ? TiledAll : TiledOne;
    return Original;
  }

  int best(const SizeClass &C, bool HasAll) const {
    int Best = C.Chosen >= 0 ? C.Chosen : Original;
    double BestTime = C.Ways[Best].estimate();
    for (int W = 0; W < NumWays; ++W) {
      if (W == TiledAll && !HasAll)
        continue;
      double T = C.Ways[W].estimate();
      if (T < BestTime * (1 - Hysteresis) ||
          (std::isinf(BestTime) && T < BestTime))
        Best = W, BestTime = T;
    }
    return Best;
  }

  /// Whether way W still needs a time before the class can choose.
  static bool exploring(const SizeClass &C, int W, double BestTime) {
    const WayState &S = C.Ways[W];
    if (S.Samples == 0)
      return true;
    if (S.Samples >= 2)
      return false;
    return S.Times[0] < LongCall && S.Times[0] <= Hopeless * BestTime;
  }

  int choose(int Class, double Points, int Procs) {
    SizeClass &C = Classes[Class];
    bool HasAll = Procs > 1;
    if (HasAll && C.Procs != Procs) {
      C.Ways[TiledAll] = WayState();
      C.Procs = Procs;
    }
    ++C.Calls;
    bool Measured = false;
    for (const WayState &S : C.Ways)
      Measured |= S.Samples > 0;
    if (!Measured)
      return firstGuess(Class, Points, HasAll);
    double BestTime = C.Ways[best(C, HasAll)].estimate();
    for (int W = 0; W < NumWays; ++W)
      if ((W != TiledAll || HasAll) && exploring(C, W, BestTime))
        return W;
    int Best = best(C, HasAll);
    for (int W = 0; W < NumWays; ++W)
      if (W != Best && (W != TiledAll || HasAll) && C.Ways[W].RetryAt > 0 &&
          C.Calls >= C.Ways[W].RetryAt)
        return W;
    return Best;
  }

  /// Records the time of a call that ran way W; 1 if the choice changed.
  int record(int Class, int W, double Seconds, bool HasAll) {
    SizeClass &C = Classes[Class];
    WayState &S = C.Ways[W];
    bool Retry = S.RetryAt > 0 && C.Calls >= S.RetryAt;
    S.add(Seconds);
    int Best = best(C, HasAll);
    double BestTime = C.Ways[Best].estimate();
    for (int V = 0; V < NumWays; ++V) {
      WayState &O = C.Ways[V];
      if (V == Best) {
        O.RetryAt = 0, O.Losses = 0;
        continue;
      }
      if (O.Samples == 0 || (O.RetryAt > 0 && !(Retry && V == W)))
        continue;
      if (Retry && V == W)
        O.Losses = std::min(O.Losses + 1, 20);
      double Ratio = O.estimate() / BestTime;
      double Interval = RetryCost * (Ratio - 1) * std::ldexp(1.0, O.Losses);
      O.RetryAt = C.Calls + (long)std::clamp(Interval, (double)MinRetry,
                                             (double)MaxRetry);
    }
    bool Explored = true;
    for (int V = 0; V < NumWays; ++V)
      if ((V != TiledAll || HasAll) && exploring(C, V, BestTime))
        Explored = false;
    if (!Explored || Best == C.Chosen)
      return 0;
    C.Chosen = Best;
    return 1;
  }
};

namespace {

int classOf(double Points) {
  if (!(Points >= 2))
    return 0;
  return std::min(NumClasses - 1, (int)std::floor(std::log2(Points)));
}

int threadsOf(int W, int Procs) {
  return W == Original ? 0 : W == TiledOne ? 1 : Procs;
}

} // namespace

extern "C" hetile_profit_site *
hetile_profit_site_get(hetile_profit_site **slot, const char *where) {
  static std::mutex Creating;
  if (!slot) {
    // No static slot (a C inline definition may not hold one): the site
    // is found by its name.
    static std::map<std::string, hetile_profit_site *> ByName;
    std::lock_guard<std::mutex> G(Creating);
    hetile_profit_site *&S = ByName[where ? where : ""];
    if (!S) {
      S = new hetile_profit_site;
      S->Where = where ? where : "";
    }
    return S;
  }
  hetile_profit_site *S = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  if (S)
    return S;
  std::lock_guard<std::mutex> G(Creating);
  S = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  if (!S) {
    // Kept for the process: generated code holds it in a static.
    S = new hetile_profit_site;
    S->Where = where ? where : "";
    __atomic_store_n(slot, S, __ATOMIC_RELEASE);
  }
  return S;
}

extern "C" int hetile_profit_begin(hetile_profit_site *site, double points,
                                   int maxprocs, hetile_profit_call *call) {
  if (!site || !call)
    return fail(HETILE_ERR_INVALID, "profit: null site or call");
  int Procs = std::max(1, maxprocs);
  call->site = site;
  call->maxprocs = Procs;
  call->size_class = classOf(points);
  call->start = hetile_timer_now();
  const env::Snapshot &Env = *env::get();
  if (int E = Env.Profit.check())
    return E;
  if (Env.Profit.Value == 0) {
    call->site = nullptr; // nothing recorded
    return call->threads = Procs;
  }
  std::lock_guard<std::mutex> G(site->Lock);
  call->threads = threadsOf(site->choose(call->size_class, points, Procs),
                            Procs);
  return call->threads;
}

extern "C" int hetile_profit_record(hetile_profit_call *call, int ran,
                                    double seconds) {
  if (!call || !call->site)
    return 0;
  int W = ran <= 0 ? Original : ran == 1 ? TiledOne : TiledAll;
  std::lock_guard<std::mutex> G(call->site->Lock);
  return call->site->record(call->size_class, W, std::max(seconds, 0.0),
                            call->maxprocs > 1);
}

extern "C" int hetile_profit_end(hetile_profit_call *call, int ran) {
  if (!call || !call->site)
    return 0;
  return hetile_profit_record(call, ran, hetile_timer_now() - call->start);
}

extern "C" const char *hetile_profit_describe(const hetile_profit_call *call) {
  thread_local std::string Line;
  if (!call || !call->site)
    return "";
  hetile_profit_site &S = *call->site;
  std::lock_guard<std::mutex> G(S.Lock);
  const SizeClass &C = S.Classes[call->size_class];
  int Procs = call->maxprocs;
  Line = "hetile: profit: " + S.Where + ": 2^" +
         std::to_string(call->size_class) + " points per call: " +
         (C.Chosen >= 0 ? way(C.Chosen, Procs) : std::string("undecided")) +
         " (best times:";
  for (int W = 0; W < NumWays; ++W) {
    if (W == TiledAll && Procs < 2)
      continue;
    char Buf[64];
    if (C.Ways[W].Samples == 0)
      std::snprintf(Buf, sizeof Buf, " not run");
    else
      std::snprintf(Buf, sizeof Buf, " %.3g s", C.Ways[W].estimate());
    Line += std::string(W ? "," : "") + " " + way(W, Procs) + Buf;
  }
  Line += "; " + std::to_string(C.Calls) + " calls)";
  return Line.c_str();
}
