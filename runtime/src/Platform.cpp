//===- Platform.cpp - environment, platform file, emulation, timers ---------===//
//
// Where the cycle times t_i (time per tile, larger = slower, as in Table 1
// of [BDRV98]) come from at run time: HETILE_PLATFORM (a platform file),
// HETILE_SPEEDS, or measurement (hetile_timer_now + hetile_calibrate_times).
// A malformed setting is an error naming the variable, never a default.
//
//===----------------------------------------------------------------------===//
#include "Error.h"

#include "hetile_rt.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

using namespace hetile::rt;

namespace {

/// Splits a comma-separated list; each entry must be non-empty.
bool splitList(const char *Text, std::vector<std::string> &Out) {
  std::string S(Text);
  size_t From = 0;
  while (true) {
    size_t At = S.find(',', From);
    std::string Part = S.substr(From, At == std::string::npos ? At : At - From);
    if (Part.empty())
      return false;
    Out.push_back(Part);
    if (At == std::string::npos)
      return true;
    From = At + 1;
  }
}

} // namespace

extern "C" int hetile_parse_times(const char *text, const char *what,
                                  double *out, int max) {
  std::vector<std::string> Parts;
  if (!text || !splitList(text, Parts))
    return fail(HETILE_ERR_ENV, "%s: '%s' is not a comma-separated list of "
                "positive numbers", what, text ? text : "");
  if ((int)Parts.size() > max)
    return fail(HETILE_ERR_ENV, "%s: %zu entries, at most %d expected", what,
                Parts.size(), max);
  for (size_t I = 0; I < Parts.size(); ++I) {
    char *End;
    errno = 0;
    double V = std::strtod(Parts[I].c_str(), &End);
    if (*End || errno == ERANGE || !(V > 0) || !std::isfinite(V))
      return fail(HETILE_ERR_ENV, "%s: entry %zu '%s' is not a positive "
                  "number", what, I + 1, Parts[I].c_str());
    out[I] = V;
  }
  return (int)Parts.size();
}

extern "C" int hetile_env_stats(void) {
  const char *Stats = std::getenv("HETILE_STATS");
  return Stats && std::strcmp(Stats, "0") != 0;
}

extern "C" int hetile_env_tile_sizes(int depth, long *sizes_out) {
  const char *Text = std::getenv("HETILE_TILE_SIZES");
  if (!Text)
    return 0;
  if (depth < 1)
    return fail(HETILE_ERR_INVALID, "HETILE_TILE_SIZES: band depth %d < 1",
                depth);
  std::vector<std::string> Parts;
  if (!splitList(Text, Parts))
    return fail(HETILE_ERR_ENV, "HETILE_TILE_SIZES: '%s' is not a "
                "comma-separated list of integers >= 1", Text);
  std::vector<long> Sizes;
  for (size_t I = 0; I < Parts.size(); ++I) {
    char *End;
    errno = 0;
    long V = std::strtol(Parts[I].c_str(), &End, 10);
    if (*End || errno == ERANGE || V < 1)
      return fail(HETILE_ERR_ENV, "HETILE_TILE_SIZES: entry %zu '%s' is not an "
                  "integer >= 1", I + 1, Parts[I].c_str());
    Sizes.push_back(V);
  }
  // A band of depth d takes the first d entries; a shorter list repeats its
  // last entry (DESIGN.md, "Conventions a user relies on").
  for (int I = 0; I < depth; ++I)
    sizes_out[I] = Sizes[std::min<size_t>(I, Sizes.size() - 1)];
  return 1;
}

extern "C" int hetile_env_speeds(int nprocs, double *t_out) {
  const char *Text = std::getenv("HETILE_SPEEDS");
  if (!Text)
    return 0;
  if (nprocs < 1)
    return fail(HETILE_ERR_INVALID, "HETILE_SPEEDS: %d processors", nprocs);
  std::vector<double> T(4096);
  int N = hetile_parse_times(Text, "HETILE_SPEEDS", T.data(), (int)T.size());
  if (N < 0)
    return N;
  if (N != nprocs)
    return fail(HETILE_ERR_ENV, "HETILE_SPEEDS: %d cycle times for %d "
                "processors (one per thread or rank expected)", N, nprocs);
  std::copy(T.begin(), T.begin() + N, t_out);
  return 1;
}

extern "C" int hetile_platform_times(int nprocs, double *t_out) {
  if (const char *Path = std::getenv("HETILE_PLATFORM")) {
    double Startup, PerByte;
    int E = hetile_platform_read(Path, nprocs, t_out, &Startup, &PerByte);
    return E < 0 ? E : 1;
  }
  return hetile_env_speeds(nprocs, t_out);
}

extern "C" int hetile_emulate_delay(int rank, double seconds_of_work) {
  const char *Text = std::getenv("HETILE_EMULATE_SPEEDS");
  if (!Text)
    return 0;
  std::vector<double> F(4096);
  int N = hetile_parse_times(Text, "HETILE_EMULATE_SPEEDS", F.data(),
                             (int)F.size());
  if (N < 0)
    return N;
  if (rank < 0 || rank >= N)
    return fail(HETILE_ERR_ENV, "HETILE_EMULATE_SPEEDS: no factor for "
                "processor %d (%d given)", rank, N);
  double Sleep = (F[rank] - 1) * seconds_of_work;
  if (!(Sleep > 0))
    return 0;
  // Sleep, do not spin: oversubscribed ranks must not steal cores.
  struct timespec Req;
  Req.tv_sec = (time_t)Sleep;
  Req.tv_nsec = (long)((Sleep - (double)Req.tv_sec) * 1e9);
  while (nanosleep(&Req, &Req) != 0 && errno == EINTR)
    ;
  return 1;
}

extern "C" double hetile_timer_now(void) {
  struct timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return (double)Now.tv_sec + 1e-9 * (double)Now.tv_nsec;
}

extern "C" double hetile_thread_cpu_now(void) {
  struct timespec Now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &Now);
  return (double)Now.tv_sec + 1e-9 * (double)Now.tv_nsec;
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
    double R = std::nearbyint(resolution * seconds[I] / Min);
    if (R > 1e15)
      return fail(HETILE_ERR_OVERFLOW, "calibrate: ratio too large");
    t_out[I] = std::max(1L, (long)R);
  }
  return HETILE_OK;
}

extern "C" int hetile_tile_sizes_default(int depth, const long *extents,
                                         int nprocs, long *sizes_out) {
  return hetile_tile_sizes_for(depth, extents, nprocs, -1, sizes_out);
}

extern "C" int hetile_tile_sizes_for(int depth, const long *extents,
                                     int nprocs, int long_dim,
                                     long *sizes_out) {
  if (depth < 1 || !extents || nprocs < 1)
    return fail(HETILE_ERR_INVALID, "default tile sizes: need depth >= 1 and "
                "nprocs >= 1");
  bool Long = long_dim >= 0 && long_dim < depth;
  long Side = (long)std::floor(std::pow(4096.0, 1.0 / depth) + 1e-9);
  if (Long && depth > 1)
    Side = std::min(64L, (long)std::floor(std::pow(256.0, 1.0 / (depth - 1)) +
                                          1e-9));
  for (int I = 0; I < depth; ++I) {
    if (extents[I] < 1)
      return fail(HETILE_ERR_INVALID, "default tile sizes: extent %d < 1", I);
    long Want = Long && I == long_dim ? 512 : Side;
    sizes_out[I] = std::max(1L, std::min(Want, extents[I]));
  }
  long Want = 4L * nprocs; // at least 4 tiles per processor on dimension 0
  if (extents[0] / sizes_out[0] < Want)
    sizes_out[0] = std::max(1L, extents[0] / Want);
  return HETILE_OK;
}
