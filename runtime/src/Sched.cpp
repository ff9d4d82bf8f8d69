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
#include "ColumnAllocation.h"
#include "Env.h"
#include "Error.h"
#include "Timer.h"

#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <ctime>
#include <memory>
#include <vector>

using namespace hetile::rt;

namespace {

/// One counter per cache line: the last column of each block is written by
/// one processor and read by another. Wake is the 32-bit word a blocked
/// waiter sleeps on (futex), Sleepers how many do.
struct alignas(64) Progress {
  std::atomic<long> Rows{0};
  std::atomic<int> Wake{0};
  std::atomic<int> Sleepers{0};
};

} // namespace

/// The allocation (cycle times, owners, blocks, description) and the
/// progress of every column.
struct hetile_sched : hetile::rt::ColumnAllocation {
  int P = 0;
  /// Per-processor calibration seconds while calibrating.
  std::vector<double> Seconds;
  bool NeedsCalibration = false;
  std::unique_ptr<Progress[]> Rows;
  /// The environment the schedule was created with (emulation factors).
  std::shared_ptr<const hetile::rt::env::Snapshot> Env;
  bool Emulating = false;
  bool Verbose = false;
  /// Whether hetile_sched_wait may spin at all: the processors fit on the
  /// online CPUs (else a spinning thread would hold the core its neighbour
  /// needs).
  bool MaySpin = false;
};

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
  // Read once: glibc reads /sys at each call, which a nest called
  // thousands of times paid at each call.
  static const long Cpus = sysconf(_SC_NPROCESSORS_ONLN);
  S->MaySpin = Cpus >= p;
  if (int E = hetile_env_alloc(&S->Strategy, &S->Param); E < 0)
    return E;
  TimesSource Source;
  if (int E = findTimes(Processors::Threads, p, S->Times, Source))
    return E;
  S->Source = sourceName(Processors::Threads, Source);
  if (Source == TimesSource::Calibrate) {
    S->NeedsCalibration = true;
    S->Seconds.assign(p, 0.0);
  }
  // HETILE_EMULATE_SPEEDS is checked here, so that the processors' later
  // calls cannot fail.
  S->Env = env::get();
  if (int E = env::checkEmulation(*S->Env, p, "processors (one per thread "
                                  "or rank expected)", -1, nullptr))
    return E;
  S->Emulating = S->Env->Emulate.Set;
  S->Verbose = S->Env->Stats;
  S->Rows.reset(new Progress[ncols > 0 ? ncols : 1]);
  *out = S.release();
  return HETILE_OK;
}

extern "C" int hetile_sched_needs_calibration(const hetile_sched *s) {
  return s && s->NeedsCalibration ? 1 : 0;
}

extern "C" int hetile_sched_calibrate(hetile_sched *s, int me) {
  if (!s || me < 0 || me >= s->P)
    return fail(HETILE_ERR_INVALID, "sched: processor %d out of range", me);
  if (!s->NeedsCalibration)
    return HETILE_OK;
  // Every processor calibrates at once: processor 0's time is the wall
  // time the calibration took.
  double Start = hetile_timer_now();
  int E = hetile_calibrate_run(me, &s->Seconds[me]);
  if (me == 0)
    addOneTimeSeconds(hetile_timer_now() - Start);
  return E;
}

namespace {

int finishCalibration(hetile_sched *S) {
  if (int E = hetile_calibrate_snap(S->P, S->Seconds.data(), S->Times.data()))
    return E;
  S->Source = sourceName(Processors::Threads, TimesSource::Calibrate);
  S->NeedsCalibration = false;
  rememberCalibration(Processors::Threads, S->P, S->Times);
  return HETILE_OK;
}

} // namespace

extern "C" int hetile_sched_allocate(hetile_sched *s) {
  if (!s)
    return fail(HETILE_ERR_INVALID, "sched: null schedule");
  if (s->NeedsCalibration)
    if (int E = finishCalibration(s))
      return E;
  if (int E = s->allocate(Processors::Threads))
    return E;
  for (long C = 0; C < s->NCols; ++C)
    s->Rows[C].Rows.store(0, std::memory_order_relaxed);
  return HETILE_OK;
}

extern "C" int hetile_sched_owner(const hetile_sched *s, long col) {
  if (!s || col < 0 || col >= s->NCols || (long)s->Owner.size() != s->NCols)
    return fail(HETILE_ERR_INVALID, "sched: column %ld out of range", col);
  return s->Owner[col];
}

extern "C" int hetile_sched_block(const hetile_sched *s, int me, long b,
                                  long *first, long *last) {
  return s && s->block(me, b, *first, *last) ? 1 : 0;
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

namespace {

/// How long a wait spins before it blocks, in seconds, for the process:
/// 200 us at first. A wait that blocked and then lasted 1 ms or more in
/// all halves it (down to 2 us): the neighbour was descheduled (another
/// job holds its core), and spinning only kept the core from it. A wait
/// that blocked but ended sooner doubles it (up to 200 us): spinning a
/// little longer would have served it. A wait that ends while spinning
/// grows it by an eighth. Ours: the papers' processors are dedicated.
std::atomic<double> SpinBudget{200e-6};
const double MaxSpin = 200e-6, MinSpin = 2e-6, LongWait = 1e-3;

void futexWait(std::atomic<int> *Word, int Expected) {
  // At most 1 ms asleep: a missed wake-up costs a millisecond, not a hang.
  struct timespec Limit = {0, 1000000};
  syscall(SYS_futex, reinterpret_cast<int *>(Word), FUTEX_WAIT_PRIVATE,
          Expected, &Limit, nullptr, 0);
}

void futexWakeAll(std::atomic<int> *Word) {
  syscall(SYS_futex, reinterpret_cast<int *>(Word), FUTEX_WAKE_PRIVATE,
          INT_MAX, nullptr, nullptr, 0);
}

} // namespace

extern "C" void hetile_sched_wait(hetile_sched *s, long col, long row) {
  if (!s || col < 0 || col >= s->NCols)
    return;
  Progress &P = s->Rows[col];
  if (P.Rows.load(std::memory_order_acquire) > row)
    return;
  // A left neighbour is usually a fraction of a tile behind: spin while
  // every processor has a core of its own, for the budget above; then
  // sleep on the column's futex until hetile_sched_post wakes us, so that
  // a descheduled neighbour gets the core back instead of a spinner.
  double Budget = 0, Start = 0;
  if (s->MaySpin) {
    Budget = SpinBudget.load(std::memory_order_relaxed);
    Start = hetile_timer_now();
    double Until = Start + Budget;
    for (long Tries = 1;; ++Tries) {
      if (P.Rows.load(std::memory_order_acquire) > row) {
        if (Budget < MaxSpin)
          SpinBudget.store(std::min(MaxSpin, Budget * 1.125),
                           std::memory_order_relaxed);
        return;
      }
      cpuRelax();
      if ((Tries & 255) == 0 && hetile_timer_now() > Until)
        break;
    }
  }
  P.Sleepers.fetch_add(1, std::memory_order_seq_cst);
  for (;;) {
    int Seen = P.Wake.load(std::memory_order_seq_cst);
    if (P.Rows.load(std::memory_order_seq_cst) > row)
      break;
    futexWait(&P.Wake, Seen);
  }
  P.Sleepers.fetch_sub(1, std::memory_order_relaxed);
  if (s->MaySpin) {
    bool Descheduled = hetile_timer_now() - Start >= LongWait;
    SpinBudget.store(Descheduled ? std::max(MinSpin, Budget / 2)
                                 : std::min(MaxSpin, Budget * 2),
                     std::memory_order_relaxed);
  }
}

extern "C" void hetile_sched_post(hetile_sched *s, long col, long row) {
  if (!s || col < 0 || col >= s->NCols)
    return;
  Progress &P = s->Rows[col];
  P.Rows.store(row + 1, std::memory_order_seq_cst);
  // A waiter that registered before this load sees the new row or is
  // woken: it read Wake before checking Rows, and the increment changes
  // Wake before the wake-up.
  if (P.Sleepers.load(std::memory_order_seq_cst) > 0) {
    P.Wake.fetch_add(1, std::memory_order_seq_cst);
    futexWakeAll(&P.Wake);
  }
}

extern "C" int hetile_sched_timing(const hetile_sched *s) {
  return s && s->Emulating ? 1 : 0;
}

extern "C" int hetile_sched_work_done(hetile_sched *s, int me, double seconds) {
  if (!s || !s->Emulating)
    return 0;
  return env::emulateDelay(*s->Env, me, seconds);
}

extern "C" int hetile_sched_verbose(const hetile_sched *s) {
  return s && s->Verbose ? 1 : 0;
}

extern "C" const char *hetile_sched_describe(const hetile_sched *s) {
  return s ? s->Description.c_str() : "";
}

extern "C" void hetile_sched_destroy(hetile_sched *s) { delete s; }
