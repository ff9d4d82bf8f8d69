//===- Env.h - the environment, read once (internal) ------------*- C++ -*-===//
//
// Every HETILE_* variable the runtime reads, parsed and validated once, at
// the first use of the environment (hetile_env_reload reads it again), and
// the platform file HETILE_PLATFORM names. A malformed variable keeps the
// error it gives (HETILE_ERR_ENV, or the platform file's error, with a
// message naming it); every call that needs the variable reports it, so a
// program that never needs a variable is not failed by it.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_RT_ENV_H
#define HETILE_RT_ENV_H

#include "hetile_platform.h"

#include <climits>
#include <memory>
#include <string>
#include <vector>

namespace hetile::rt::env {

/// A variable's value, or the error its text gives.
template <typename T> struct Var {
  /// Present in the environment.
  bool Set = false;
  /// The parsed value; the default when unset.
  T Value{};
  /// HETILE_ERR_* when malformed (Value is then the default), else 0.
  int Error = 0;
  std::string Message;

  /// HETILE_OK, or the variable's error, recorded for hetile_last_error.
  int check() const;
};

/// The platform file of HETILE_PLATFORM (format in docs/runtime.md).
struct PlatformFile {
  std::string Path;
  std::vector<double> Times;
  double Startup = 0, PerByte = 0;
  /// "clusters": the processors of each cluster (empty: one cluster).
  std::vector<std::vector<int>> Clusters;
  /// "link": the start-up and per-byte costs between clusters.
  bool HasLink = false;
  double LinkStartup = 0, LinkPerByte = 0;
  /// "panel": the panel B of [BRR99] (0: flat; -1: not given).
  long Panel = -1;
};

/// HETILE_EMULATE_LINKS: off (0), on with the platform file's link (1), or
/// on with the link's start-up and per-byte costs given ("S,B").
struct EmulatedLink {
  bool On = false;
  bool HasCosts = false;
  double Startup = 0, PerByte = 0;
};

/// HETILE_ALLOC: a HETILE_ALLOC_* strategy and its parameter.
struct AllocSetting {
  int Strategy = HETILE_ALLOC_AUTO;
  long Param = 0;
};

/// Every variable the runtime reads.
struct Snapshot {
  Var<std::vector<long>> TileSizes;     ///< HETILE_TILE_SIZES
  Var<std::vector<double>> Speeds;      ///< HETILE_SPEEDS
  Var<PlatformFile> Platform;           ///< HETILE_PLATFORM and its file
  Var<std::vector<double>> Emulate;     ///< HETILE_EMULATE_SPEEDS
  Var<AllocSetting> Alloc;              ///< HETILE_ALLOC
  bool Stats = false;                   ///< HETILE_STATS set and not 0
  bool CalibrateOff = false;            ///< HETILE_CALIBRATE=0
  bool DeferOff = false;                ///< HETILE_DEFER=0
  /// HETILE_RELEASE: what hetile_mpi_fetch does with the pages of dead
  /// values: 0 keeps them ("0"), 1 gives them back (unset or "1"), 2
  /// overwrites every dead byte instead ("poison", for tests).
  Var<int> Release;
  /// HETILE_REFINE: 0 off ("0"), 1 for long nests (unset or "1"), 2
  /// always ("always"): hetile_refine_begin.
  Var<int> Refine;
  /// HETILE_PROFIT: 1 (unset or "1") decides per call whether the tiled nest
  /// runs (hetile_profit_begin), 0 ("0") always runs it on every thread.
  Var<int> Profit;
  Var<double> Watchdog;                 ///< HETILE_WATCHDOG (120)
  Var<long> MaxCount;                   ///< HETILE_MPI_MAX_COUNT (INT_MAX)
  Var<double> IterationSeconds;         ///< HETILE_ITERATION_SECONDS (1e-9)
  Var<long> CacheBytes;                 ///< HETILE_CACHE_BYTES (0: unset)
  Var<EmulatedLink> EmulateLinks;       ///< HETILE_EMULATE_LINKS
  /// HETILE_EMULATE_LOAD: the runnable threads of other processes that
  /// hetile_profit_begin sees instead of /proc/loadavg's (tests).
  Var<long> EmulateLoad;
};

/// The environment as first read (or last reloaded); never null. Safe to
/// call from any thread; a reload does not change a snapshot already held.
std::shared_ptr<const Snapshot> get();

/// Reads the environment again (hetile_env_reload).
void reload();

/// Whether the environment sets \p Name now, without a snapshot: for the
/// load-time constructors of the calls that never enter the runtime
/// (hetile_profit_tiny_points, hetile_env_stats).
bool setNow(const char *Name);

/// Cycle times of N processors from the platform file, else HETILE_SPEEDS:
/// 0 if neither is set (T untouched), 1 if set, or the error. Variable
/// (may be null) receives the name of the variable that gave them.
int times(const Snapshot &S, int N, double *T, const char **Variable);

/// Checks that HETILE_EMULATE_SPEEDS, if set, has a factor for each of
/// Count processors ("HETILE_EMULATE_SPEEDS: 2 factors for 3 <Who>"); Factor
/// (may be null) receives processor Me's (1 if unset).
int checkEmulation(const Snapshot &S, int Count, const char *Who, int Me,
                   double *Factor);

/// hetile_emulate_delay with the factors of S.
int emulateDelay(const Snapshot &S, int Rank, double SecondsOfWork);

/// Checks a platform file against N processors and copies it out (the
/// errors of hetile_platform_read).
int platformFor(const PlatformFile &F, int N, double *T, double *Startup,
                double *PerByte);

/// Reads and parses the platform file at Path (the errors of
/// hetile_platform_read but the processor count).
int readPlatformFile(const char *Path, PlatformFile &Out);

/// The cluster of each of N processors from the platform file's
/// "clusters" (all 0 without it): every processor in exactly one cluster,
/// every cluster non-empty. Returns the number of clusters or the error.
int clustersFor(const PlatformFile &F, int N, std::vector<int> &ClusterOf);

} // namespace hetile::rt::env

#endif
