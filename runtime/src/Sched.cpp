//===- Sched.cpp - the pipelined columnwise schedule (shared memory) -------===//
//
// The execution scheme of [BDRV98] section 3.2 for processors that share
// memory (OpenMP threads): the tile columns are allocated in blocks
// (hetile_alloc_owners), each processor computes its blocks one after the
// other, row by row inside a block, and before a row waits until the column
// just left of the block has finished that row. Because every processor
// walks its rows in the same order and waits on its left neighbour before
// each row, "column c finished row r" implies the same of every column left
// of c (induction on c), so one wait per block row respects every
// dependence of a fully permutable band, whatever the tile-level distances.
//
// Where the cycle times come from, in order: HETILE_PLATFORM, HETILE_SPEEDS,
// a calibration of the processors (hetile_sched_calibrate, run by every
// processor at once; cached per process), or equal times when
// HETILE_CALIBRATE=0.
//
//===----------------------------------------------------------------------===//
#include "Error.h"

#include "hetile_rt.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace hetile::rt;

namespace {

/// One counter per cache line: the last column of each block is written by
/// one processor and read by another.
struct alignas(64) Progress {
  std::atomic<long> Rows{0};
};

/// Calibrated cycle times, kept for the life of the process per processor
/// count: a nest inside a time loop calibrates once.
struct CalibrationCache {
  std::mutex Lock;
  std::vector<std::vector<double>> ByCount; // index p: seconds of p processors
};

CalibrationCache &cache() {
  static CalibrationCache C;
  return C;
}

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

bool envIsZero(const char *Name) {
  const char *V = std::getenv(Name);
  return V && std::strcmp(V, "0") == 0;
}

/// Parses "N" (a long >= Min) after a prefix.
bool parseLong(const char *Text, long Min, long &Out) {
  char *End;
  errno = 0;
  long V = std::strtol(Text, &End, 10);
  if (!*Text || *End || errno == ERANGE || V < Min)
    return false;
  Out = V;
  return true;
}

} // namespace

struct hetile_sched {
  int P = 0;
  long NCols = 0;
  int Strategy = HETILE_ALLOC_AUTO;
  long Param = 0;
  /// Cycle times, once known; Source says where they came from.
  std::vector<double> Times;
  std::string Source;
  /// Per-processor calibration seconds while calibrating.
  std::vector<double> Seconds;
  bool NeedsCalibration = false;
  std::vector<int> Owner;
  /// Blocks[q]: the (first, last) columns of processor q's blocks, in order.
  std::vector<std::vector<std::pair<long, long>>> Blocks;
  std::unique_ptr<Progress[]> Rows;
  bool Emulating = false;
  bool Verbose = false;
  std::string Description;
  /// How long hetile_sched_wait spins before yielding: 200 us when the
  /// processors fit on the online CPUs, else 0 (a spinning thread would
  /// hold the core its neighbour needs).
  double SpinSeconds = 0;
};

extern "C" int hetile_env_alloc(int *strategy, long *param) {
  *strategy = HETILE_ALLOC_AUTO;
  *param = 0;
  const char *V = std::getenv("HETILE_ALLOC");
  if (!V || !std::strcmp(V, "auto"))
    return 0;
  if (!std::strcmp(V, "optimal")) {
    *strategy = HETILE_ALLOC_OPTIMAL;
    return 1;
  }
  if (!std::strcmp(V, "cyclic")) {
    *strategy = HETILE_ALLOC_CYCLIC;
    return 1;
  }
  if (!std::strcmp(V, "bounded")) {
    *strategy = HETILE_ALLOC_BOUNDED;
    return 1;
  }
  if (!std::strcmp(V, "chunk")) {
    *strategy = HETILE_ALLOC_CHUNK;
    return 1;
  }
  if (!std::strncmp(V, "bounded:", 8) && parseLong(V + 8, 1, *param)) {
    *strategy = HETILE_ALLOC_BOUNDED;
    return 1;
  }
  if (!std::strncmp(V, "block-cyclic:", 13) && parseLong(V + 13, 1, *param)) {
    *strategy = HETILE_ALLOC_BLOCK_CYCLIC;
    return 1;
  }
  return fail(HETILE_ERR_ENV, "HETILE_ALLOC: '%s' is not one of auto, optimal, "
              "bounded, bounded:S, cyclic, block-cyclic:B, chunk (S, B "
              "integers >= 1)", V);
}

extern "C" int hetile_sched_create(int p, long ncols, hetile_sched **out) {
  if (!out)
    return fail(HETILE_ERR_INVALID, "sched: no output pointer");
  *out = nullptr;
  if (p < 1 || p > (1 << 20) || ncols < 0)
    return fail(HETILE_ERR_INVALID, "sched: need 1 <= p <= 2^20 processors "
                "and ncols >= 0 (got p=%d ncols=%ld)", p, ncols);
  auto S = std::make_unique<hetile_sched>();
  S->P = p;
  S->NCols = ncols;
  long Cpus = sysconf(_SC_NPROCESSORS_ONLN);
  S->SpinSeconds = Cpus >= p ? 200e-6 : 0;
  if (int E = hetile_env_alloc(&S->Strategy, &S->Param); E < 0)
    return E;
  S->Times.assign(p, 1.0);
  int Got = hetile_platform_times(p, S->Times.data());
  if (Got < 0)
    return Got;
  if (Got == 1) {
    S->Source = std::getenv("HETILE_PLATFORM") ? "HETILE_PLATFORM" : "HETILE_SPEEDS";
  } else if (p == 1 || envIsZero("HETILE_CALIBRATE")) {
    S->Source = p == 1 ? "one processor" : "equal (HETILE_CALIBRATE=0)";
  } else {
    std::lock_guard<std::mutex> G(cache().Lock);
    auto &ByCount = cache().ByCount;
    if ((int)ByCount.size() > p && !ByCount[p].empty()) {
      S->Times = ByCount[p];
      S->Source = "calibration (cached)";
    } else {
      S->NeedsCalibration = true;
      S->Seconds.assign(p, 0.0);
    }
  }
  if (const char *Emu = std::getenv("HETILE_EMULATE_SPEEDS")) {
    // Checked here, so that the processors' later calls cannot fail.
    std::vector<double> F(4096);
    int N = hetile_parse_times(Emu, "HETILE_EMULATE_SPEEDS", F.data(),
                               (int)F.size());
    if (N < 0)
      return N;
    if (N < p)
      return fail(HETILE_ERR_ENV, "HETILE_EMULATE_SPEEDS: %d factors for %d "
                  "processors (one per thread or rank expected)", N, p);
    S->Emulating = true;
  }
  const char *Stats = std::getenv("HETILE_STATS");
  S->Verbose = Stats && std::strcmp(Stats, "0") != 0;
  S->Rows.reset(new Progress[ncols > 0 ? ncols : 1]);
  *out = S.release();
  return HETILE_OK;
}

extern "C" int hetile_sched_needs_calibration(const hetile_sched *s) {
  return s && s->NeedsCalibration ? 1 : 0;
}

extern "C" int hetile_calibrate_run(int me, double *seconds_out) {
  if (!seconds_out || me < 0)
    return fail(HETILE_ERR_INVALID, "calibrate: bad processor or output");
  double Best = INFINITY;
  for (int Rep = 0; Rep < 3; ++Rep) {
    double T0 = hetile_thread_cpu_now();
    workload();
    Best = std::min(Best, hetile_thread_cpu_now() - T0);
  }
  if (!(Best > 0))
    Best = 1e-9;
  // An emulated slow processor is slow in its calibration too: it sleeps,
  // and reports the time it emulates (the sleep's overshoot, large on a
  // loaded machine, is no part of its speed).
  int E = hetile_emulate_delay(me, Best);
  if (E < 0)
    return E;
  double Factor = 1;
  if (E > 0) {
    std::vector<double> F(4096);
    int N = hetile_parse_times(std::getenv("HETILE_EMULATE_SPEEDS"),
                               "HETILE_EMULATE_SPEEDS", F.data(), (int)F.size());
    Factor = N > me ? F[me] : 1;
  }
  *seconds_out = Best * Factor;
  return HETILE_OK;
}

extern "C" int hetile_sched_calibrate(hetile_sched *s, int me) {
  if (!s || me < 0 || me >= s->P)
    return fail(HETILE_ERR_INVALID, "sched: processor %d out of range", me);
  if (!s->NeedsCalibration)
    return HETILE_OK;
  return hetile_calibrate_run(me, &s->Seconds[me]);
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

namespace {

int finishCalibration(hetile_sched *S) {
  if (int E = hetile_calibrate_snap(S->P, S->Seconds.data(), S->Times.data()))
    return E;
  S->Source = "calibration";
  S->NeedsCalibration = false;
  std::lock_guard<std::mutex> G(cache().Lock);
  auto &ByCount = cache().ByCount;
  if ((int)ByCount.size() <= S->P)
    ByCount.resize(S->P + 1);
  ByCount[S->P] = S->Times;
  return HETILE_OK;
}

const char *strategyName(int S) {
  switch (S) {
  case HETILE_ALLOC_OPTIMAL: return "optimal";
  case HETILE_ALLOC_BOUNDED: return "bounded";
  case HETILE_ALLOC_CYCLIC: return "cyclic";
  case HETILE_ALLOC_BLOCK_CYCLIC: return "block-cyclic";
  case HETILE_ALLOC_CHUNK: return "chunk";
  default: return "auto";
  }
}

void describe(hetile_sched *S) {
  std::string D = "hetile: " + std::to_string(S->P) + " processors, cycle times";
  char Buf[64];
  for (int I = 0; I < S->P; ++I) {
    std::snprintf(Buf, sizeof Buf, "%s%g", I ? "," : " ", S->Times[I]);
    D += Buf;
  }
  D += " (" + S->Source + "), allocation " + strategyName(S->Strategy);
  if (S->Param)
    D += ":" + std::to_string(S->Param);
  D += ", " + std::to_string(S->NCols) + " tile columns; columns per processor:";
  for (int I = 0; I < S->P; ++I) {
    long N = 0;
    for (auto &B : S->Blocks[I])
      N += B.second - B.first + 1;
    D += (I ? "," : " ") + std::to_string(N);
  }
  S->Description = D;
}

} // namespace

// FIXME: with equal speeds, auto deals single columns (Proposition 1's
// chunk), so every tile waits on the other thread's column and reads its
// data from another core's cache. [BDRV98]'s model has no such per-tile
// cost: on recurrence-3d with 7 us tiles, 2 threads ran 1.30 s under auto
// against 0.75 s with block-cyclic:10 (docs/benchmarks.md). Keep the
// proportions but deal blocks several columns wide when tiles are small.
extern "C" int hetile_sched_allocate(hetile_sched *s) {
  if (!s)
    return fail(HETILE_ERR_INVALID, "sched: null schedule");
  if (s->NeedsCalibration)
    if (int E = finishCalibration(s))
      return E;
  s->Owner.assign(s->NCols, 0);
  if (s->NCols > 0)
    if (int E = hetile_alloc_owners(s->P, s->Times.data(), s->NCols,
                                    s->Strategy, s->Param, s->Owner.data()))
      return E;
  s->Blocks.assign(s->P, {});
  for (long C = 0; C < s->NCols; ++C) {
    auto &B = s->Blocks[s->Owner[C]];
    if (!B.empty() && B.back().second == C - 1)
      B.back().second = C;
    else
      B.push_back({C, C});
  }
  for (long C = 0; C < s->NCols; ++C)
    s->Rows[C].Rows.store(0, std::memory_order_relaxed);
  describe(s);
  return HETILE_OK;
}

extern "C" int hetile_sched_owner(const hetile_sched *s, long col) {
  if (!s || col < 0 || col >= s->NCols || (long)s->Owner.size() != s->NCols)
    return fail(HETILE_ERR_INVALID, "sched: column %ld out of range", col);
  return s->Owner[col];
}

extern "C" int hetile_sched_block(const hetile_sched *s, int me, long b,
                                  long *first, long *last) {
  if (!s || me < 0 || me >= (int)s->Blocks.size() || b < 0)
    return 0;
  const auto &B = s->Blocks[me];
  if (b >= (long)B.size())
    return 0;
  *first = B[b].first;
  *last = B[b].second;
  return 1;
}

namespace {

/// A hint to the core that this is a spin-wait loop (x86 `pause`).
inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

} // namespace

extern "C" void hetile_sched_wait(hetile_sched *s, long col, long row) {
  if (!s || col < 0 || col >= s->NCols)
    return;
  std::atomic<long> &R = s->Rows[col].Rows;
  if (R.load(std::memory_order_acquire) > row)
    return;
  // A left neighbour is usually a fraction of a tile behind: spin (for at
  // most SpinSeconds) while every processor has a core of its own. Then
  // yield, then sleep: yielding to, or napping behind, other processes costs
  // a scheduler time slice, far more than a tile when tiles are small.
  double Until = s->SpinSeconds > 0 ? hetile_timer_now() + s->SpinSeconds : 0;
  for (long Tries = 0; R.load(std::memory_order_acquire) <= row; ++Tries) {
    if (Until > 0) {
      cpuRelax();
      if ((Tries & 1023) == 1023 && hetile_timer_now() > Until)
        Until = 0, Tries = 0;
      continue;
    }
    if (Tries < 64)
      continue;
    if (Tries < 4096) {
      sched_yield();
      continue;
    }
    struct timespec Nap = {0, 20000};
    nanosleep(&Nap, nullptr);
  }
}

extern "C" void hetile_sched_post(hetile_sched *s, long col, long row) {
  if (!s || col < 0 || col >= s->NCols)
    return;
  s->Rows[col].Rows.store(row + 1, std::memory_order_release);
}

extern "C" int hetile_sched_timing(const hetile_sched *s) {
  return s && s->Emulating ? 1 : 0;
}

extern "C" int hetile_sched_work_done(hetile_sched *s, int me, double seconds) {
  if (!s || !s->Emulating)
    return 0;
  return hetile_emulate_delay(me, seconds);
}

extern "C" int hetile_sched_verbose(const hetile_sched *s) {
  return s && s->Verbose ? 1 : 0;
}

extern "C" const char *hetile_sched_describe(const hetile_sched *s) {
  return s ? s->Description.c_str() : "";
}

extern "C" void hetile_sched_destroy(hetile_sched *s) { delete s; }
