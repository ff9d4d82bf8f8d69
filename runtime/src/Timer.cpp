//===- Timer.cpp - the runtime's clocks -----------------------------------===//
//
// A monotonic clock for timing real tiles, and the calling thread's CPU
// time: the work HETILE_EMULATE_SPEEDS multiplies (on a loaded machine the
// time a thread waits for a core is not work), and the time spent on
// one-time costs (Timer.h).
//
//===----------------------------------------------------------------------===//
#include "Timer.h"

#include "hetile_rt.h"

#include <atomic>
#include <ctime>

extern "C" double hetile_timer_now(void) {
  struct timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return (double)Now.tv_sec + 1e-9 * (double)Now.tv_nsec;
}

extern "C" double hetile_timer_thread_cpu(void) {
  struct timespec Now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &Now);
  return (double)Now.tv_sec + 1e-9 * (double)Now.tv_nsec;
}

namespace {
std::atomic<double> OneTime{0};
} // namespace

void hetile::rt::addOneTimeSeconds(double Seconds) {
  double Old = OneTime.load(std::memory_order_relaxed);
  while (!OneTime.compare_exchange_weak(Old, Old + Seconds,
                                        std::memory_order_relaxed))
    ;
}

double hetile::rt::oneTimeSeconds() {
  return OneTime.load(std::memory_order_relaxed);
}
