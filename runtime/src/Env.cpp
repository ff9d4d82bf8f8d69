//===- Env.cpp - every HETILE_* variable, read once -----------------------===//
//
// The one place the runtime calls getenv: the variables are read, parsed
// and validated once (a snapshot built on first use, rebuilt by
// hetile_env_reload), and the rest of the runtime asks the snapshot. A
// malformed setting is an error naming the variable, never a default.
//
//===----------------------------------------------------------------------===//
#include "Env.h"
#include "Error.h"

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>

#include <unistd.h> // environ

using namespace hetile::rt;
using namespace hetile::rt::env;

// The grammar of HETILE_ALLOC (and of hetile-plan's --strategy), declared
// with the strategies in hetile_models.h: here, so that reading the
// environment needs nothing above it.
extern "C" int hetile_alloc_parse(const char *text, const char *what,
                                  int *strategy, long *param) {
  *strategy = HETILE_ALLOC_AUTO;
  *param = 0;
  static const struct {
    const char *Name;
    int Strategy;
  } Plain[] = {{"auto", HETILE_ALLOC_AUTO},
               {"optimal", HETILE_ALLOC_OPTIMAL},
               {"bounded", HETILE_ALLOC_BOUNDED},
               {"cyclic", HETILE_ALLOC_CYCLIC},
               {"chunk", HETILE_ALLOC_CHUNK}};
  for (const auto &P : Plain)
    if (text && !std::strcmp(text, P.Name)) {
      *strategy = P.Strategy;
      return HETILE_OK;
    }
  if (text && !std::strncmp(text, "bounded:", 8) &&
      parseLong(text + 8, 1, *param)) {
    *strategy = HETILE_ALLOC_BOUNDED;
    return HETILE_OK;
  }
  if (text && !std::strncmp(text, "block-cyclic:", 13) &&
      parseLong(text + 13, 1, *param)) {
    *strategy = HETILE_ALLOC_BLOCK_CYCLIC;
    return HETILE_OK;
  }
  *param = 0;
  return fail(HETILE_ERR_INVALID, "%s: '%s' is not one of auto, optimal, "
              "bounded, bounded:S, cyclic, block-cyclic:B, chunk (S, B "
              "integers >= 1)", what ? what : "allocation", text ? text : "");
}

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

/// The longest list of cycle times or factors read from a variable.
const int MaxEntries = 4096;

/// Records the error E (whose message fail() just set) in V.
template <typename T> void keepError(Var<T> &V, int E) {
  V.Error = E;
  V.Message = hetile_last_error();
  V.Value = T{};
}

/// HETILE_TILE_SIZES: integers >= 1.
void readTileSizes(const char *Text, Var<std::vector<long>> &V) {
  std::vector<std::string> Parts;
  if (!splitList(Text, Parts))
    return keepError(V, fail(HETILE_ERR_ENV, "HETILE_TILE_SIZES: '%s' is not "
                             "a comma-separated list of integers >= 1", Text));
  for (size_t I = 0; I < Parts.size(); ++I) {
    char *End;
    errno = 0;
    long X = std::strtol(Parts[I].c_str(), &End, 10);
    if (*End || errno == ERANGE || X < 1)
      return keepError(V, fail(HETILE_ERR_ENV, "HETILE_TILE_SIZES: entry %zu "
                               "'%s' is not an integer >= 1", I + 1,
                               Parts[I].c_str()));
    V.Value.push_back(X);
  }
}

/// A list of positive numbers (HETILE_SPEEDS, HETILE_EMULATE_SPEEDS).
void readTimes(const char *Text, const char *Name,
               Var<std::vector<double>> &V) {
  std::vector<double> T(MaxEntries);
  int N = hetile_platform_parse_times(Text, Name, T.data(), MaxEntries);
  if (N < 0)
    return keepError(V, N);
  V.Value.assign(T.begin(), T.begin() + N);
}

/// HETILE_ALLOC in the grammar of hetile_alloc_parse.
void readAlloc(const char *Text, Var<AllocSetting> &V) {
  if (hetile_alloc_parse(Text, "HETILE_ALLOC", &V.Value.Strategy,
                         &V.Value.Param) != HETILE_OK) {
    std::string Message = hetile_last_error();
    keepError(V, fail(HETILE_ERR_ENV, "%s", Message.c_str()));
  }
}

void readWatchdog(const char *Text, Var<double> &V) {
  char *End;
  errno = 0;
  double X = std::strtod(Text, &End);
  if (!*Text || *End || errno == ERANGE || !std::isfinite(X) || X < 0) {
    keepError(V, fail(HETILE_ERR_ENV, "HETILE_WATCHDOG: '%s' is not a number "
                      "of seconds >= 0 (0 waits forever)", Text));
    V.Value = 120;
    return;
  }
  V.Value = X;
}

void readMaxCount(const char *Text, Var<long> &V) {
  long X;
  if (!parseLong(Text, 1, X) || X > INT_MAX) {
    keepError(V, fail(HETILE_ERR_ENV, "HETILE_MPI_MAX_COUNT: '%s' is not an "
                      "integer in 1..%d", Text, INT_MAX));
    V.Value = INT_MAX;
    return;
  }
  V.Value = X;
}

void readIterationSeconds(const char *Text, Var<double> &V) {
  char *End;
  double X = std::strtod(Text, &End);
  if (End == Text || *End || !(X > 0) || !std::isfinite(X)) {
    keepError(V, fail(HETILE_ERR_ENV, "HETILE_ITERATION_SECONDS: '%s' is not "
                      "a positive number of seconds", Text));
    V.Value = 1e-9;
    return;
  }
  V.Value = X;
}

void readCacheBytes(const char *Text, Var<long> &V) {
  char *End;
  long long X = std::strtoll(Text, &End, 10);
  if (End == Text || *End || X < 1 || X > (1LL << 50))
    return keepError(V, fail(HETILE_ERR_ENV, "HETILE_CACHE_BYTES: '%s' is not "
                             "a number of bytes between 1 and 2^50", Text));
  V.Value = (long)X;
}

/// HETILE_EMULATE_LOAD: a count of threads, 0 to 2^20.
void readEmulateLoad(const char *Text, Var<long> &V) {
  char *End;
  long long X = std::strtoll(Text, &End, 10);
  if (End == Text || *End || X < 0 || X > (1LL << 20))
    return keepError(V, fail(HETILE_ERR_ENV, "HETILE_EMULATE_LOAD: '%s' is "
                             "not a count of threads between 0 and 2^20",
                             Text));
  V.Value = (long)X;
}

/// A variable of three words: 0, 1 or \p Third, read as 0, 1 or 2.
void readThree(const char *Name, const char *Third, const char *Text,
               Var<int> &V) {
  if (std::strcmp(Text, "0") == 0 || std::strcmp(Text, "1") == 0)
    V.Value = Text[0] - '0';
  else if (std::strcmp(Text, Third) == 0)
    V.Value = 2;
  else
    keepError(V, fail(HETILE_ERR_ENV, "%s: '%s' is not 0, 1 or %s", Name,
                      Text, Third));
}

/// HETILE_EMULATE_LINKS: 0, 1, or the link's costs "startup,per_byte".
void readEmulateLinks(const char *Text, Var<EmulatedLink> &V) {
  if (!std::strcmp(Text, "0") || !std::strcmp(Text, "1")) {
    V.Value.On = Text[0] == '1';
    return;
  }
  char *End = nullptr;
  double S = std::strtod(Text, &End), B = -1;
  if (End != Text && *End == ',') {
    const char *From = End + 1;
    B = std::strtod(From, &End);
    if (End == From)
      B = -1;
  }
  if (End == Text || *End != '\0' || !(S >= 0) || !(B >= 0) ||
      !std::isfinite(S) || !std::isfinite(B))
    return keepError(V, fail(HETILE_ERR_ENV, "HETILE_EMULATE_LINKS: '%s' is "
                             "not 0, 1 or startup,per_byte (seconds >= 0)",
                             Text));
  V.Value = {true, true, S, B};
}

/// Reads variable Name into V with Read when it is set.
template <typename T, typename F>
void read(const char *Name, Var<T> &V, F Read) {
  if (const char *Text = std::getenv(Name)) {
    V.Set = true;
    Read(Text, V);
  }
}

/// Whether the environment sets any HETILE_ variable: one pass over it,
/// where the reads below would scan it once per variable (a program's
/// first nest pays for them, however small it is).
bool anyHetileVariable() {
  for (char **E = environ; E && *E; ++E)
    if (!std::strncmp(*E, "HETILE_", 7))
      return true;
  return false;
}

/// HETILE_STATS: set, and not 0.
bool statsSet() {
  const char *Stats = std::getenv("HETILE_STATS");
  return Stats && std::strcmp(Stats, "0") != 0;
}

std::shared_ptr<const Snapshot> build() {
  auto S = std::make_shared<Snapshot>();
  S->Watchdog.Value = 120;
  S->MaxCount.Value = INT_MAX;
  S->IterationSeconds.Value = 1e-9;
  S->Refine.Value = 1;
  S->Profit.Value = 1;
  S->Release.Value = 1;
  if (!anyHetileVariable())
    return S;
  // Reading records the errors of malformed variables; the calling
  // thread's last error is left as it was.
  std::string Saved = hetile_last_error();
  read("HETILE_TILE_SIZES", S->TileSizes, readTileSizes);
  read("HETILE_SPEEDS", S->Speeds, [](const char *T, auto &V) {
    readTimes(T, "HETILE_SPEEDS", V);
  });
  read("HETILE_EMULATE_SPEEDS", S->Emulate, [](const char *T, auto &V) {
    readTimes(T, "HETILE_EMULATE_SPEEDS", V);
  });
  read("HETILE_PLATFORM", S->Platform, [](const char *T, auto &V) {
    if (int E = readPlatformFile(T, V.Value))
      keepError(V, E);
  });
  read("HETILE_ALLOC", S->Alloc, readAlloc);
  read("HETILE_WATCHDOG", S->Watchdog, readWatchdog);
  read("HETILE_MPI_MAX_COUNT", S->MaxCount, readMaxCount);
  read("HETILE_ITERATION_SECONDS", S->IterationSeconds, readIterationSeconds);
  read("HETILE_CACHE_BYTES", S->CacheBytes, readCacheBytes);
  read("HETILE_EMULATE_LINKS", S->EmulateLinks, readEmulateLinks);
  read("HETILE_EMULATE_LOAD", S->EmulateLoad, readEmulateLoad);
  S->Stats = statsSet();
  const char *Calibrate = std::getenv("HETILE_CALIBRATE");
  S->CalibrateOff = Calibrate && std::strcmp(Calibrate, "0") == 0;
  const char *Defer = std::getenv("HETILE_DEFER");
  S->DeferOff = Defer && std::strcmp(Defer, "0") == 0;
  read("HETILE_REFINE", S->Refine, [](const char *T, Var<int> &V) {
    readThree("HETILE_REFINE", "always", T, V);
  });
  read("HETILE_PROFIT", S->Profit, [](const char *T, Var<int> &V) {
    readThree("HETILE_PROFIT", "trials", T, V);
  });
  read("HETILE_RELEASE", S->Release, [](const char *T, Var<int> &V) {
    readThree("HETILE_RELEASE", "poison", T, V);
  });
  fail(HETILE_OK, "%s", Saved.c_str());
  return S;
}

struct Current {
  std::mutex Lock;
  std::shared_ptr<const Snapshot> Env;
};

Current &current() {
  static Current C;
  return C;
}

} // namespace

template <typename T> int Var<T>::check() const {
  return Error ? fail(Error, "%s", Message.c_str()) : HETILE_OK;
}

template struct hetile::rt::env::Var<std::vector<long>>;
template struct hetile::rt::env::Var<std::vector<double>>;
template struct hetile::rt::env::Var<PlatformFile>;
template struct hetile::rt::env::Var<AllocSetting>;
template struct hetile::rt::env::Var<EmulatedLink>;
template struct hetile::rt::env::Var<double>;
template struct hetile::rt::env::Var<long>;
template struct hetile::rt::env::Var<int>;

namespace {
/// HETILE_STATS as the current snapshot reads it, or as the environment
/// held it when the runtime was loaded while no snapshot exists. Generated
/// code asks it on paths that run the original (a failed run-time check):
/// a program that never enters the runtime otherwise does not pay for the
/// snapshot there (its allocation, the runtime's cold code).
std::atomic<int> StatsKnown{-1};

__attribute__((constructor)) void statsAtLoad() {
  StatsKnown.store(statsSet() ? 1 : 0, std::memory_order_relaxed);
}
} // namespace

std::shared_ptr<const Snapshot> env::get() {
  Current &C = current();
  std::lock_guard<std::mutex> G(C.Lock);
  if (!C.Env) {
    C.Env = build();
    StatsKnown.store(C.Env->Stats ? 1 : 0, std::memory_order_relaxed);
  }
  return C.Env;
}

void env::reload() {
  std::shared_ptr<const Snapshot> Fresh = build();
  Current &C = current();
  std::lock_guard<std::mutex> G(C.Lock);
  C.Env = std::move(Fresh);
  StatsKnown.store(C.Env->Stats ? 1 : 0, std::memory_order_relaxed);
}

bool env::setNow(const char *Name) { return std::getenv(Name) != nullptr; }

namespace {

/// HETILE_SPEEDS for N processors: 0 if unset, 1 if set, or the error.
int speeds(const Snapshot &S, int N, double *T) {
  if (!S.Speeds.Set)
    return 0;
  if (N < 1)
    return fail(HETILE_ERR_INVALID, "HETILE_SPEEDS: %d processors", N);
  if (int E = S.Speeds.check())
    return E;
  int Got = (int)S.Speeds.Value.size();
  if (Got != N)
    return fail(HETILE_ERR_ENV, "HETILE_SPEEDS: %d cycle times for %d "
                "processors (one per thread or rank expected)", Got, N);
  std::copy(S.Speeds.Value.begin(), S.Speeds.Value.end(), T);
  return 1;
}

} // namespace

int env::times(const Snapshot &S, int N, double *T, const char **Variable) {
  if (!S.Platform.Set) {
    if (Variable)
      *Variable = "HETILE_SPEEDS";
    return speeds(S, N, T);
  }
  if (int E = S.Platform.check())
    return E;
  double Startup, PerByte;
  if (int E = platformFor(S.Platform.Value, N, T, &Startup, &PerByte))
    return E;
  if (Variable)
    *Variable = "HETILE_PLATFORM";
  return 1;
}

int env::checkEmulation(const Snapshot &S, int Count, const char *Who, int Me,
                        double *Factor) {
  if (Factor)
    *Factor = 1;
  if (!S.Emulate.Set)
    return HETILE_OK;
  if (int E = S.Emulate.check())
    return E;
  int N = (int)S.Emulate.Value.size();
  if (N < Count)
    return fail(HETILE_ERR_ENV, "HETILE_EMULATE_SPEEDS: %d factors for %d %s",
                N, Count, Who);
  if (Factor && Me >= 0 && Me < N)
    *Factor = S.Emulate.Value[Me];
  return HETILE_OK;
}

int env::emulateDelay(const Snapshot &S, int Rank, double SecondsOfWork) {
  if (!S.Emulate.Set)
    return 0;
  if (int E = S.Emulate.check())
    return E;
  int N = (int)S.Emulate.Value.size();
  if (Rank < 0 || Rank >= N)
    return fail(HETILE_ERR_ENV, "HETILE_EMULATE_SPEEDS: no factor for "
                "processor %d (%d given)", Rank, N);
  double Sleep = (S.Emulate.Value[Rank] - 1) * SecondsOfWork;
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

extern "C" int hetile_platform_parse_times(const char *text, const char *what,
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

extern "C" int hetile_env_reload(void) {
  env::reload();
  return HETILE_OK;
}

extern "C" int hetile_env_stats(void) {
  int Known = StatsKnown.load(std::memory_order_relaxed);
  return Known >= 0 ? Known : env::get()->Stats ? 1 : 0;
}

extern "C" int hetile_env_tile_sizes(int depth, long *sizes_out) {
  std::shared_ptr<const Snapshot> S = env::get();
  if (!S->TileSizes.Set)
    return 0;
  if (depth < 1)
    return fail(HETILE_ERR_INVALID, "HETILE_TILE_SIZES: band depth %d < 1",
                depth);
  if (int E = S->TileSizes.check())
    return E;
  // A band of depth d takes the first d entries; a shorter list repeats its
  // last entry (DESIGN.md, "Conventions a user relies on").
  const std::vector<long> &Sizes = S->TileSizes.Value;
  for (int I = 0; I < depth; ++I)
    sizes_out[I] = Sizes[std::min<size_t>(I, Sizes.size() - 1)];
  return 1;
}

extern "C" int hetile_env_speeds(int nprocs, double *t_out) {
  return speeds(*env::get(), nprocs, t_out);
}

extern "C" int hetile_env_alloc(int *strategy, long *param) {
  std::shared_ptr<const Snapshot> S = env::get();
  *strategy = HETILE_ALLOC_AUTO;
  *param = 0;
  if (int E = S->Alloc.check())
    return E;
  *strategy = S->Alloc.Value.Strategy;
  *param = S->Alloc.Value.Param;
  return *strategy == HETILE_ALLOC_AUTO ? 0 : 1;
}

extern "C" int hetile_platform_times(int nprocs, double *t_out) {
  return env::times(*env::get(), nprocs, t_out, nullptr);
}

extern "C" int hetile_emulate_delay(int rank, double seconds_of_work) {
  return env::emulateDelay(*env::get(), rank, seconds_of_work);
}
