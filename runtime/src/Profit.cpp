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
// Per site and size class (floor(log2(points))), each way keeps its first
// time apart (it pays the process's calibration and cold caches) and its
// last three after it; its estimate is their median (a call preempted once
// does not condemn a way, nor does one lucky call crown it). A way is
// explored until it has two times (one when its first took 50 ms or more,
// or was 20 times the best estimate), and a tiled way only where the
// original takes long enough for it to pay at all (OneFloor, AllFloor);
// then the site runs the best estimate, the current choice kept unless
// another is 3% faster. A way
// that lost by a factor r runs again after max(16, 50 (r - 1)) calls of the
// class, twice that after each further loss: the retries cost about 2% of
// the time of the best way, and a way that gets faster when the load
// changes is taken again.
//
// A class's first call with no neighbour to copy guesses from its size;
// where the nest can run in parts of its outermost loop (a band as
// written: every dependence has a non-negative distance along it), it
// measures instead: a part of 1/16 of the values per way, timed without
// the process's one-time costs (Timer.h), then the rest of the call in the
// way of the least time per value. A nest called once is then never
// committed to a way that loses, at the price of its losing parts.
//
//===----------------------------------------------------------------------===//
#include "Env.h"
#include "Error.h"
#include "Math.h"
#include "Timer.h"

#include "hetile_rt.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
constexpr double BigPoints = HETILE_PROFIT_BIG_POINTS;
static_assert(BigPoints == 1 << 20, "hetile_profit_quick's bound");
/// A first time this long (seconds), or this many times the best estimate,
/// is enough exploration of a way.
const double LongCall = 0.05, Hopeless = 20;
/// A tiled way is tried only where the original takes at least this long
/// (seconds): a tiled call's fixed costs, measured on the project's 2-core
/// machine, are about 20 us on one thread (tile sizes, refinement) and
/// 50 us on two (the team's wake-up, the schedule, the pipeline's fill),
/// and the tiled nest gains at most half of the original's time there
/// (cache reuse on one thread, a second core on two).
constexpr double OneFloor = 40e-6, AllFloor = 100e-6;
/// hetile_profit_quick keeps the original for a class whose call lasted
/// under half of OneFloor (its class's calls have up to twice its points).
static_assert(2 * HETILE_PROFIT_QUICK_SECONDS == OneFloor,
              "hetile_profit_quick's threshold");
/// Below this many points a call runs the original without entering the
/// runtime (hetile_profit_tiny_points, hetile_profit_fast): its original
/// lasts under OneFloor unless a point costs 20 ns or more.
const double TinyPoints = 2048;
/// The floor of the tiled nest on MPI ranks (an agreed site): a call opens
/// a communicator, allocates the columns, and every rank receives the
/// others' final values (about 0.3 ms for a nest of a few thousand points
/// on 2 ranks of the project's machine, docs/profitability.md).
const double AgreedFloor = 1e-3;
/// Another way replaces the current choice when it is this much faster.
const double Hysteresis = 0.03;
/// The retries' share of the site's time (1/50) and their bounds.
const double RetryCost = 50;
const long MinRetry = 16, MaxRetry = 1L << 24;
/// A settled class times one call in TimedEvery of its choice's at least,
/// and fewer where the choice is short: a timed call costs about
/// TimedCost (two clock reads of tens of nanoseconds, the site's lock and
/// the record), kept to TimedShare of the choice's time, up to one call
/// in MaxTimedEvery.
const int TimedEvery = 8, MaxTimedEvery = 128;
const double TimedCost = 100e-9, TimedShare = 0.005;
/// An agreed site's timed call also agrees on its time (one allreduce).
const double AgreedTimedCost = 20e-6;
/// A call in trial parts gives each way this share of its values, and
/// needs at least this many values.
const long TrialShare = 16, MinTrialValues = 16;
/// A way whose trial part took this many times the best's time per value
/// is explored.
const double LostTrial = 2;
/// A first call tries every thread on a part only where the whole call
/// would last this long as the original (seconds, from the original's
/// part), or a call of the site already ran every thread: the first
/// run on several threads pays the processors' calibration and the
/// measurement of the machine's costs (about 1.2 ms each on the project's
/// 2-core machine, docs/profitability.md) and the team's start, which a
/// nest of a few milliseconds called once never repays (the
/// small-nest-many-calls reproducer's 6 ms initialization nest: the
/// program 0.90x the original when it tried every thread, 1.00x without).
const double AllFirstFloor = 10e-3;

struct WayState {
  /// The first time, apart: it pays the process's calibration, the cost
  /// measurements and cold caches.
  double First = 0;
  /// The last Window times after the first.
  double Times[Window] = {};
  long Samples = 0;
  /// The class's call count at which the way runs again (0: not set).
  long RetryAt = 0;
  int Losses = 0;
  /// The most a call paid to leave the way: what it left on other ranks
  /// moved back (hetile_profit_left).
  double Leave = 0;
  /// The latest time a call of the way took (hetile_profit_record), which
  /// hetile_profit_charge adds to: not a time it entered itself.
  double Latest = 0;

  /// The median of the times after the first (the mean of two), else the
  /// first; infinity before any.
  double Estimate = std::numeric_limits<double>::infinity();

  double estimate() const { return Estimate; }
  void add(double Seconds) {
    if (Samples == 0)
      First = Seconds;
    else
      Times[(Samples - 1) % Window] = Seconds;
    ++Samples;
    long N = std::min<long>(Samples - 1, Window);
    if (N == 0) {
      Estimate = First;
    } else if (N == 1) {
      Estimate = Times[0];
    } else if (N == 2) {
      Estimate = (Times[0] + Times[1]) / 2;
    } else {
      double A = Times[0], B = Times[1], C = Times[2];
      Estimate = std::max(std::min(A, B), std::min(std::max(A, B), C));
    }
  }
};

struct SizeClass {
  WayState Ways[NumWays];
  long Calls = 0;
  /// The way chosen, -1 before the first time.
  int Chosen = -1;
  /// The thread count of TiledAll's times.
  int Procs = 0;
  /// The earliest call at which a way that is not the choice runs again
  /// (LONG_MAX: none), while the class is settled (every way explored).
  long NextRetry = 0;
  bool Settled = false;
  /// Calls since the last timed one, while settled, and the calls between
  /// two timed ones (set when the class settles).
  int Untimed = 0;
  int Every = TimedEvery;
  /// Every thread is not explored nor retried before this call while no
  /// second processor was free at the last look (the looks double their
  /// interval while the machine stays busy).
  long AllDeferredUntil = 0;
  int AllDeferrals = 0;

  /// Whether the class's next call on \p Threads threads runs its choice
  /// without exploring: it is settled, its times are of that many threads,
  /// and no retry is due. Such calls are handed out without the lock
  /// (hetile_profit_site::arm) but for the timed ones.
  bool handsOut(int Threads) const {
    return Settled && Procs == Threads && Calls < NextRetry;
  }
};

/// The threads of this process (/proc/self/stat's 20th field), 1 when it
/// cannot be read.
long ownThreads() {
  std::FILE *F = std::fopen("/proc/self/stat", "r");
  if (!F)
    return 1;
  char Buf[1024];
  size_t N = std::fread(Buf, 1, sizeof Buf - 1, F);
  std::fclose(F);
  Buf[N] = '\0';
  const char *P = std::strrchr(Buf, ')');
  if (!P)
    return 1;
  // Fields 3 (the state) to 19, then the thread count.
  for (int Field = 3; Field <= 20 && *P; ++Field) {
    P = std::strchr(P + 1, ' ');
    if (!P)
      return 1;
  }
  long T = std::strtol(P + 1, nullptr, 10);
  return T > 0 ? T : 1;
}

/// Whether a second processor is free for the tiled nest on every thread:
/// the online processors exceed the runnable threads of other processes by
/// at least 2. Those are /proc/loadavg's runnable count less this
/// process's threads (an upper bound of its own runnable ones: a thread of
/// ours is never counted against us), or HETILE_EMULATE_LOAD.
bool secondProcessorFree() {
  static const long Online = std::max(1L, sysconf(_SC_NPROCESSORS_ONLN));
  const env::Snapshot &Env = *env::get();
  long Others = 0;
  if (Env.EmulateLoad.Set) {
    Others = Env.EmulateLoad.Value;
  } else if (std::FILE *F = std::fopen("/proc/loadavg", "r")) {
    double L1, L5, L15;
    long Running = 0, Total = 0;
    if (std::fscanf(F, "%lf %lf %lf %ld/%ld", &L1, &L5, &L15, &Running,
                    &Total) == 5)
      Others = std::max(0L, Running - ownThreads());
    std::fclose(F);
  }
  return Online - Others >= 2;
}

std::string way(int W, int Procs, bool Agreed) {
  if (W == Original)
    return Agreed ? "original on every rank" : "original";
  if (W == TiledOne)
    return "tiled on 1 thread";
  if (Agreed)
    return "tiled on the ranks";
  return "tiled on " + std::to_string(Procs) + " threads";
}

} // namespace

struct hetile_profit_site {
  std::string Where;
  /// Whether the transformed nest may run on one thread (not the strips:
  /// their redundant halos pay only for a second processor).
  /// Set at the site's creation.
  bool OneThread = true;
  /// Whether the ranks of an MPI job agree on every call's way
  /// (hetile_profit_agreed_site_get): the ways are the original on every
  /// rank and the tiled nest on the ranks, the choice depends only on the
  /// calls' sizes and on times every rank records alike (the slowest
  /// rank's), never on this node's load. Set at the site's creation.
  bool Agreed = false;
  /// HETILE_PROFIT as read at the site's first call (-1 before).
  std::atomic<int> Mode{-1};
  /// Whether a call of the site ran the tiled nest on several threads
  /// (and the process paid that way's one-time costs).
  std::atomic<bool> RanAll{false};
  std::mutex Lock;
  /// The size classes a call of the site has reached, each allocated at
  /// its first call (under Lock): a site of 64 classes in place would
  /// take 16 KB, whose first touch costs a program of tens of microseconds
  /// a page fault per page at its nest's first call.
  SizeClass *Classes[NumClasses] = {};
  /// The classes that have a choice, one bit each (under Lock): a class's
  /// first call looks for the nearest of them, which a site's first calls,
  /// before any class chose, need not scan for.
  uint64_t ChosenClasses = 0;

  /// Class \p Class, allocated at its first use (under Lock).
  SizeClass &cls(int Class) {
    SizeClass *&C = Classes[Class];
    if (!C)
      C = new SizeClass;
    return *C;
  }
  /// Calls of a settled class that need neither the lock nor the clock
  /// (the untimed calls of its choice before the next timed call or
  /// retry), taken without the lock by hetile_profit_fast (the generated
  /// code, inline) or hetile_profit_begin: the class (bits 0-5), its way
  /// (6-7), the threads (8-23) and how many calls are left (24-63); 0:
  /// none. They are counted in the class's Calls and Untimed when armed
  /// and given back when the lock is next taken. The word is the slot's
  /// (hetile_profit_slot::fast), OwnFast for a site found by its name.
  unsigned long long OwnFast = 0;
  unsigned long long *Fast = &OwnFast;

  /// Gives the calls left in Fast back to their class (under Lock).
  void disarm() {
    uint64_t W = __atomic_exchange_n(Fast, 0ULL, __ATOMIC_ACQ_REL);
    long Left = (long)(W >> 24);
    if (Left > 0) {
      SizeClass &C = cls((int)(W & 63));
      C.Calls -= Left;
      C.Untimed -= (int)Left;
    }
  }

  /// After an untimed call of settled class \p Class on \p Procs threads
  /// (under Lock): hands the next untimed calls out through Fast.
  void arm(int Class, int Procs) {
    SizeClass &C = cls(Class);
    long Left = std::min<long>(C.Every - 1 - C.Untimed,
                               C.NextRetry - 1 - C.Calls);
    if (Left <= 0 || Procs > 0xffff || C.Chosen < 0)
      return;
    C.Calls += Left;
    C.Untimed += (int)Left;
    __atomic_store_n(Fast,
                     (unsigned long long)Class |
                         (unsigned long long)C.Chosen << 6 |
                         (unsigned long long)Procs << 8 |
                         (unsigned long long)Left << 24,
                     __ATOMIC_RELEASE);
  }

  /// Takes one call of Fast for class \p Class on \p Procs threads;
  /// its way in \p W.
  bool takeFast(int Class, int Procs, int &W) {
    W = hetile_profit_take(Fast, Class, Procs);
    return W >= 0;
  }

  /// Whether a second processor is free for every thread: an agreed
  /// site's ranks have theirs (and could not agree on a node's load).
  bool freeForAll() const { return Agreed || secondProcessorFree(); }

  /// The choice of the class nearest to \p Class that has one, else -1.
  int nearestChoice(int Class) const {
    for (int D = 1; ChosenClasses && D < NumClasses; ++D)
      for (int C : {Class - D, Class + D})
        if (C >= 0 && C < NumClasses && (ChosenClasses >> C & 1))
          return Classes[C]->Chosen;
    return -1;
  }

  /// The way of a class's first call: the nearest measured class's choice,
  /// else by its size: from BigPoints on, the tiled nest on every thread
  /// where a second processor is free (secondProcessorFree), else on one
  /// thread (the original where the site has no such way).
  int firstGuess(int Class, double Points, bool HasAll) const {
    int Guess = nearestChoice(Class);
    if (Guess < 0)
      Guess = Points < BigPoints ? Original
              : HasAll && freeForAll() ? TiledAll
                                                 : TiledOne;
    if (Guess == TiledAll && !HasAll)
      Guess = TiledOne;
    if (Guess == TiledOne && !OneThread)
      Guess = Original;
    return Guess;
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
    return S.First < LongCall && S.First <= Hopeless * BestTime;
  }

  /// Whether way W may run at all in class C: the original always; a
  /// tiled way unless the original is known to be too short for it.
  bool worthTrying(const SizeClass &C, int W, bool HasAll) const {
    if ((W == TiledAll && !HasAll) ||
        (W == TiledOne && !OneThread))
      return false;
    const WayState &O = C.Ways[Original];
    if (W == Original || O.Samples == 0)
      return true;
    return O.estimate() >= (W == TiledOne ? OneFloor
                            : Agreed      ? AgreedFloor
                                          : AllFloor);
  }

  /// Whether a later call may explore or retry every thread: a second
  /// processor is free, as for the first call's guess and trials (beside
  /// a busy process a pipeline on every thread costs many times the
  /// original, even on a part). The load is read at most once every
  /// MinRetry calls of the class, less often while it stays busy.
  bool allowAll(SizeClass &C) const {
    if (C.Calls < C.AllDeferredUntil)
      return false;
    if (freeForAll()) {
      C.AllDeferrals = 0;
      return true;
    }
    C.AllDeferredUntil = C.Calls + (MinRetry << std::min(C.AllDeferrals, 16));
    ++C.AllDeferrals;
    return false;
  }

  /// The way of the call; Timed: whether its time is to be recorded;
  /// Guessed: whether the way is a guess from the call's size alone.
  int choose(int Class, double Points, int Procs, bool &Timed,
             bool &Guessed, int &Best) {
    SizeClass &C = cls(Class);
    bool HasAll = Procs > 1 || Agreed;
    ++C.Calls;
    Timed = true;
    Guessed = false;
    Best = -1;
    if (C.handsOut(Procs)) {
      if (++C.Untimed < C.Every)
        Timed = false;
      else
        C.Untimed = 0;
      return Best = C.Chosen;
    }
    if (C.Procs != Procs) {
      C.Ways[TiledAll] = WayState();
      C.Procs = Procs;
      C.Settled = false;
    }
    bool Measured = false;
    for (const WayState &S : C.Ways)
      Measured |= S.Samples > 0;
    if (!Measured) {
      Guessed = Points >= BigPoints && nearestChoice(Class) < 0;
      return firstGuess(Class, Points, HasAll);
    }
    Best = best(C, HasAll);
    double BestTime = C.Ways[Best].estimate();
    for (int W = 0; W < NumWays; ++W)
      if (worthTrying(C, W, HasAll) && exploring(C, W, BestTime) &&
          (W != TiledAll || Best == TiledAll || allowAll(C)))
        return W;
    for (int W = 0; W < NumWays; ++W)
      if (W != Best && worthTrying(C, W, HasAll) && C.Ways[W].RetryAt > 0 &&
          C.Calls >= C.Ways[W].RetryAt && (W != TiledAll || allowAll(C)))
        return W;
    return Best;
  }

  /// Records the time of a call that ran way W; 1 if the choice changed.
  int record(int Class, int W, double Seconds, bool HasAll) {
    SizeClass &C = cls(Class);
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
      // A retry costs its loss and, for a way that leaves values on other
      // ranks, their move back at the next call.
      double Ratio = O.estimate() / BestTime + O.Leave / BestTime;
      double Interval = RetryCost * (Ratio - 1) * math::pow2(O.Losses);
      O.RetryAt = C.Calls + (long)std::clamp(Interval, (double)MinRetry,
                                             (double)MaxRetry);
    }
    bool Explored = true;
    C.NextRetry = LONG_MAX;
    for (int V = 0; V < NumWays; ++V) {
      if (!worthTrying(C, V, HasAll))
        continue;
      if (exploring(C, V, BestTime))
        Explored = false;
      if (V != Best && C.Ways[V].RetryAt > 0)
        C.NextRetry = std::min(C.NextRetry, C.Ways[V].RetryAt);
    }
    C.Settled = Explored;
    double Chosen = C.Ways[Best].estimate();
    C.Every = std::isfinite(Chosen) && Chosen > 0
                  ? (int)std::clamp((Agreed ? AgreedTimedCost : TimedCost) /
                                        (TimedShare * Chosen),
                                    (double)TimedEvery, (double)MaxTimedEvery)
                  : TimedEvery;
    if (!Explored || Best == C.Chosen)
      return 0;
    C.Chosen = Best;
    ChosenClasses |= uint64_t(1) << Class;
    return 1;
  }
};

namespace {

/// The size class: the one hetile_profit_fast computes in the generated
/// code.
int classOf(double Points) {
  static_assert(NumClasses == 64, "hetile_profit_class's classes");
  return hetile_profit_class(Points);
}

int threadsOf(int W, int Procs) {
  return W == Original ? 0 : W == TiledOne ? 1 : Procs;
}

/// The ways a call in parts tries, in order: the original, one thread (a
/// site that has that way), every thread (where there are several and a
/// second processor is free: beside a busy process, a part of a pipeline
/// on every thread costs many times its share, as the whole call would).
int trialWays(const hetile_profit_call &C, int *Ways) {
  int N = 0;
  Ways[N++] = Original;
  if (C.site->OneThread)
    Ways[N++] = TiledOne;
  if (C.maxprocs > 1 && C.try_all)
    Ways[N++] = TiledAll;
  return N;
}

/// The way of least time per value among those measured in the call's
/// parts (the original when none was).
int bestPerValue(const hetile_profit_call &C) {
  int Best = Original;
  double BestRate = std::numeric_limits<double>::infinity();
  for (int W = 0; W < NumWays; ++W)
    if (C.values[W] > 0 && C.seconds[W] / (double)C.values[W] < BestRate)
      Best = W, BestRate = C.seconds[W] / (double)C.values[W];
  return Best;
}

} // namespace

namespace {

/// The site of \p slot (by \p where without one), created at its first use
/// with \p OneThread and kept for the process.
hetile_profit_site *getSite(hetile_profit_slot *slot, const char *where,
                            bool OneThread, bool Agreed = false) {
  static std::mutex Creating;
  auto Create = [&] {
    auto *S = new hetile_profit_site;
    S->Where = where ? where : "";
    S->OneThread = OneThread;
    S->Agreed = Agreed;
    return S;
  };
  if (!slot) {
    // No static slot (a C inline definition may not hold one): the site
    // is found by its name.
    static std::map<std::string, hetile_profit_site *> ByName;
    std::lock_guard<std::mutex> G(Creating);
    hetile_profit_site *&S = ByName[where ? where : ""];
    if (!S)
      S = Create();
    return S;
  }
  hetile_profit_site *S = __atomic_load_n(&slot->site, __ATOMIC_ACQUIRE);
  if (S)
    return S;
  std::lock_guard<std::mutex> G(Creating);
  S = __atomic_load_n(&slot->site, __ATOMIC_ACQUIRE);
  if (!S) {
    // Kept for the process: generated code holds it in a static, and the
    // calls it hands out inline in the slot's word.
    S = Create();
    S->Fast = &slot->fast;
    __atomic_store_n(&slot->site, S, __ATOMIC_RELEASE);
  }
  return S;
}

} // namespace

extern "C" {
/// Set at load where neither HETILE_PROFIT nor HETILE_STATS is set (the
/// decision on, no statistics: a program of small nests then never enters
/// the runtime), and again at each site's first call from the environment
/// as read then (hetile_profit_begin).
double hetile_profit_tiny_points = 0;
}

namespace {
__attribute__((constructor)) void tinyPointsAtLoad() {
  if (!env::setNow("HETILE_PROFIT") && !env::setNow("HETILE_STATS"))
    hetile_profit_tiny_points = TinyPoints;
}
} // namespace

extern "C" hetile_profit_site *
hetile_profit_site_get(hetile_profit_slot *slot, const char *where) {
  return getSite(slot, where, /*OneThread=*/true);
}

extern "C" hetile_profit_site *
hetile_profit_parallel_site_get(hetile_profit_slot *slot, const char *where) {
  return getSite(slot, where, /*OneThread=*/false);
}

extern "C" hetile_profit_site *
hetile_profit_agreed_site_get(hetile_profit_slot *slot, const char *where) {
  return getSite(slot, where, /*OneThread=*/false, /*Agreed=*/true);
}

extern "C" int hetile_profit_agreed(const hetile_profit_call *call) {
  return call && call->site && call->site->Agreed ? 1 : 0;
}

extern "C" int hetile_profit_begin(hetile_profit_site *site, double points,
                                   int maxprocs, hetile_profit_call *call) {
  if (!site || !call)
    return fail(HETILE_ERR_INVALID, "profit: null site or call");
  int Procs = std::max(1, maxprocs);
  // Zeroed as a whole (a few vector stores: this runs at every call of
  // the nest), then the fields that do not start at zero.
  *call = hetile_profit_call{};
  call->site = site;
  call->origin = site->Agreed ? site : nullptr;
  call->maxprocs = Procs;
  call->size_class = classOf(points);
  call->way = Original;
  call->rest = -1;
  call->explore = -1;
  call->lo = call->part_lo = LONG_MIN;
  call->hi = call->part_hi = LONG_MAX;
  int Mode = site->Mode.load(std::memory_order_relaxed);
  if (Mode < 0) {
    const env::Snapshot &Env = *env::get();
    if (int E = Env.Profit.check())
      return E;
    if (int E = Env.EmulateLoad.check())
      return E;
    site->Mode.store(Mode = Env.Profit.Value, std::memory_order_relaxed);
    // The statistics describe every call's decision; the tests that turn
    // the decision off or on trials run every call through the runtime.
    hetile_profit_tiny_points = Mode == 1 && !Env.Stats ? TinyPoints : 0;
  }
  if (Mode == 0) {
    call->site = call->origin = nullptr; // nothing recorded
    return call->threads = Procs;
  }
  bool Timed, Guessed;
  int W, Best;
  if (Mode == 1 && site->takeFast(call->size_class, Procs, W))
    return call->threads = threadsOf(W, Procs);
  {
    std::lock_guard<std::mutex> G(site->Lock);
    site->disarm();
    W = site->choose(call->size_class, points, Procs, Timed, Guessed, Best);
    if (!Timed && Mode == 1)
      site->arm(call->size_class, Procs);
  }
  call->threads = threadsOf(W, Procs);
  call->timed = Timed;
  // Offered parts (hetile_profit_parts), the call may measure its ways:
  // every way on a first call, else the way it explores (a way other
  // than the class's best) on one part: the original or one thread, whose
  // time per value a part tells. Every thread explores on a whole call:
  // on a part its pipeline's fill and drain weigh many times their share.
  call->trials = Mode == 2 ? -2 : Guessed ? -1 : 0;
  if (Mode == 1 && !Guessed && Best >= 0 && W != Best && W != TiledAll) {
    call->trials = -3;
    call->explore = W;
    call->rest = Best;
  }
  if (Timed)
    call->start = hetile_timer_now();
  return call->threads;
}

extern "C" int hetile_profit_record(hetile_profit_call *call, int ran,
                                    double seconds) {
  if (!call || !call->site)
    return 0;
  hetile_profit_site &S = *call->site;
  int W = ran <= 0                  ? Original
          : ran == 1 && !S.Agreed ? TiledOne
                                    : TiledAll;
  std::lock_guard<std::mutex> G(S.Lock);
  S.disarm();
  S.cls(call->size_class).Ways[W].Latest = std::max(seconds, 0.0);
  int Changed = S.record(call->size_class, W, std::max(seconds, 0.0),
                         call->maxprocs > 1 || S.Agreed);
  // The untimed calls that follow a settled class's timed call are handed
  // out now: only the timed calls enter the runtime.
  const SizeClass &C = S.cls(call->size_class);
  if (S.Mode.load(std::memory_order_relaxed) == 1 &&
      C.handsOut(call->maxprocs))
    S.arm(call->size_class, call->maxprocs);
  return Changed;
}

extern "C" void hetile_profit_left(hetile_profit_call *call, double seconds) {
  if (!call || !call->site || !(seconds > 0))
    return;
  hetile_profit_site &S = *call->site;
  std::lock_guard<std::mutex> G(S.Lock);
  WayState &W = S.cls(call->size_class).Ways[TiledAll];
  W.Leave = std::max(W.Leave, seconds);
}

extern "C" void hetile_profit_charge(hetile_profit_site *site,
                                     int size_class, double seconds) {
  if (!site || !site->Agreed || size_class < 0 || size_class >= NumClasses ||
      !(seconds > 0))
    return;
  std::lock_guard<std::mutex> G(site->Lock);
  SizeClass &C = site->cls(size_class);
  const WayState &W = C.Ways[TiledAll];
  if (W.Samples == 0)
    return;
  site->disarm();
  site->record(size_class, TiledAll, W.Latest + seconds, /*HasAll=*/true);
}

extern "C" void hetile_profit_offer(hetile_profit_call *call, long lo,
                                    long hi, int tiled_ok) {
  if (!call)
    return;
  int Trials = call->trials;
  call->trials = 0;
  call->lo = lo;
  call->hi = hi;
  if (!call->site || !tiled_ok || hi < lo)
    return;
  // The values, saturated (a part never needs more than LONG_MAX).
  long Values = hi - lo >= 0 && hi - lo < LONG_MAX ? hi - lo + 1 : LONG_MAX;
  if (Trials == -3) {
    if (Values >= MinTrialValues) {
      call->trials = 3;
      call->trial = Values / TrialShare;
    }
    return;
  }
  call->try_all = Trials == -2 || (Trials == -1 && call->maxprocs > 1 &&
                                   secondProcessorFree());
  int Ways[NumWays];
  if (trialWays(*call, Ways) < 2)
    return;
  if (Trials == -2) {
    call->trials = 2;
    call->trial = 1;
  } else if (Trials == -1 && Values >= MinTrialValues) {
    call->trials = 1;
    call->trial = Values / TrialShare;
  }
}

namespace {

/// Ends the current part of a call in parts at time \p Now: its time,
/// less the one-time costs paid inside it, and its values count for its
/// way.
void closePart(hetile_profit_call &C, double Now) {
  int W = C.way;
  ++C.part_count[W];
  if (!C.timed_part)
    return;
  double Spent =
      Now - C.part_start - (oneTimeSeconds() - C.part_one_time);
  C.seconds[W] += std::max(Spent, 0.0);
  C.values[W] += C.part_hi - C.part_lo + 1;
}

/// Whether a first call's trials skip every thread: the whole call, as
/// the original (its part's time per value), is under AllFirstFloor and
/// no call of the site has run every thread yet.
bool tooShortForEveryThread(const hetile_profit_call &C) {
  if (C.site->RanAll.load(std::memory_order_relaxed) ||
      C.values[Original] <= 0)
    return false;
  double Rate = C.seconds[Original] / (double)C.values[Original];
  return Rate * ((double)C.hi - (double)C.lo + 1) < AllFirstFloor;
}

/// Sets the current part to \p Lo .. \p Lo + \p Length - 1, cut at the
/// call's last value.
void setPart(hetile_profit_call &C, long Lo, long Length) {
  C.part_lo = Lo;
  C.part_hi = C.hi - Lo < Length ? C.hi : Lo + Length - 1;
  C.done = C.part_hi >= C.hi;
}

} // namespace

extern "C" int hetile_profit_part_at(hetile_profit_call *call, double now,
                                     int *threads, long *part) {
  if (!call || !threads || !part)
    return 0;
  if (call->trials <= 0) {
    // One part (hetile_profit_parts offered none, or took no trials):
    // every value, the way hetile_profit_begin chose.
    if (call->parts++ > 0)
      return 0;
    *threads = call->threads;
    part[0] = LONG_MIN;
    part[1] = LONG_MAX;
    return 1;
  }
  if (call->parts > 0)
    closePart(*call, now);
  if (call->done)
    return 0;
  long Lo = call->parts ? call->part_hi + 1 : call->lo;
  int Ways[NumWays];
  int N = call->trials == 3 ? 0 : trialWays(*call, Ways);
  if (call->trials == 1 && call->parts < N && Ways[call->parts] == TiledAll &&
      tooShortForEveryThread(*call)) {
    call->try_all = 0;
    N = trialWays(*call, Ways);
  }
  long Length;
  if (call->trials == 3) {
    // The way explored on one part, the class's best on the rest.
    call->way = call->parts == 0 ? call->explore : call->rest;
    Length = call->parts == 0 ? std::max(1L, call->trial) : LONG_MAX;
    call->timed_part = 1;
  } else if (call->trials == 2) {
    // Every way in turn, in parts of 1 to 5 values (whole tiles:
    // hetile_profit_align), to the end: every kind of boundary between
    // the ways.
    call->way = Ways[call->parts % N];
    Length = 1 + call->parts % 5;
    call->timed_part = 0;
  } else if (call->parts < N) {
    call->way = Ways[call->parts];
    Length = std::max(1L, call->trial);
    call->timed_part = 1;
  } else {
    if (call->rest < 0)
      call->rest = bestPerValue(*call);
    call->way = call->rest;
    Length = LONG_MAX;
    call->timed_part = 1;
  }
  setPart(*call, Lo, Length);
  ++call->parts;
  part[0] = call->part_lo;
  part[1] = call->part_hi;
  *threads = threadsOf(call->way, call->maxprocs);
  call->part_one_time = oneTimeSeconds();
  call->part_start = now;
  return 1;
}

extern "C" int hetile_profit_align(hetile_profit_call *call, long t0,
                                   long *part) {
  if (!call || !part || call->trials <= 0 || call->parts == 0 || t0 < 1)
    return 0;
  long Length = call->part_hi - call->part_lo + 1;
  long Whole = Length / t0 + (Length % t0 != 0);
  setPart(*call, call->part_lo,
          Whole > LONG_MAX / t0 ? LONG_MAX : Whole * t0);
  part[0] = call->part_lo;
  part[1] = call->part_hi;
  // The refinement's slabs end on multiples of their sizes from 0, where
  // the part's tiles start at its first value: the part runs one slab.
  return HETILE_REFINE_FIXED;
}

extern "C" int hetile_profit_finish(hetile_profit_call *call, int ran) {
  if (!call || !call->site)
    return 0;
  if ((ran > 1 || call->part_count[TiledAll] > 0) &&
      !call->site->RanAll.load(std::memory_order_relaxed))
    call->site->RanAll.store(true, std::memory_order_relaxed);
  if (call->trials == 1 || call->trials == 3) {
    // Each way's time per value, for the whole call: the class's times. A
    // way that took twice the best's time per value or more counts as
    // explored (two times): the later calls do not run it again before
    // its retry.
    double Values = (double)call->hi - (double)call->lo + 1;
    int Best = bestPerValue(*call);
    double BestRate = call->seconds[Best] / (double)call->values[Best];
    for (int W = 0; W < NumWays; ++W) {
      if (call->values[W] <= 0)
        continue;
      double Rate = call->seconds[W] / (double)call->values[W];
      for (int Times = Rate >= LostTrial * BestRate ? 2 : 1; Times; --Times)
        hetile_profit_record(call, threadsOf(W, call->maxprocs),
                             Rate * Values);
    }
    return 1;
  }
  if (call->trials == 2)
    return 1;
  if (!call->timed)
    return 0;
  return hetile_profit_record(call, ran, hetile_timer_now() - call->start);
}

extern "C" const char *hetile_profit_describe(const hetile_profit_call *call) {
  thread_local std::string Line;
  if (!call || !call->site)
    return "";
  hetile_profit_site &S = *call->site;
  std::lock_guard<std::mutex> G(S.Lock);
  S.disarm();
  const SizeClass &C = S.cls(call->size_class);
  int Procs = call->maxprocs;
  Line = "hetile: profit: " + S.Where + ": 2^" +
         std::to_string(call->size_class) + " points per call: " +
         (C.Chosen >= 0 ? way(C.Chosen, Procs, S.Agreed) : std::string("undecided")) +
         " (best times:";
  for (int W = 0; W < NumWays; ++W) {
    if ((W == TiledAll && Procs < 2 && !S.Agreed) ||
        (W == TiledOne && !S.OneThread))
      continue;
    char Buf[64];
    if (C.Ways[W].Samples == 0)
      std::snprintf(Buf, sizeof Buf, " not run");
    else
      std::snprintf(Buf, sizeof Buf, " %.3g s", C.Ways[W].estimate());
    Line += std::string(W ? "," : "") + " " + way(W, Procs, S.Agreed) + Buf;
  }
  Line += "; " + std::to_string(C.Calls) + " calls)";
  if (call->trials == 1 || call->trials == 3) {
    // The call's own parts: each way's time per value of the outermost
    // loop, and the way of the rest.
    Line += call->trials == 1 ? "; this call in parts of its outermost loop:"
                              : "; this call explores on a part:";
    for (int W = 0; W < NumWays; ++W) {
      if (!call->values[W] || W == call->rest)
        continue;
      char Buf[64];
      std::snprintf(Buf, sizeof Buf, " %.3g s per value over %ld,",
                    call->seconds[W] / (double)call->values[W],
                    call->values[W]);
      Line += " " + way(W, Procs, S.Agreed) + Buf;
    }
    if (call->rest >= 0) {
      char Buf[64];
      std::snprintf(Buf, sizeof Buf, " %.3g s per value over %ld",
                    call->seconds[call->rest] /
                        (double)std::max(1L, call->values[call->rest]),
                    call->values[call->rest]);
      Line += " " + way(call->rest, Procs, S.Agreed) + Buf + " (the rest)";
    }
  } else if (call->trials == 2) {
    Line += "; this call in " + std::to_string(call->parts) + " parts:";
    for (int W = 0; W < NumWays; ++W)
      if (W != TiledAll || Procs > 1)
        Line += std::string(W ? "," : "") + " " + way(W, Procs, S.Agreed) + " " +
                std::to_string(call->part_count[W]);
  }
  return Line.c_str();
}
