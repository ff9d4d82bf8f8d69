//===- MpiNest.cpp - one tiled nest on MPI ranks: settings and allocation ---===//
//
// hetile_mpi_begin sets up the pipelined columnwise schedule of [BDRV98]
// section 3.2 (hypotheses H1-H5) with MPI ranks as processors: it reads the
// environment on every rank (errors agreed by all ranks), broadcasts rank
// 0's settings, finds the cycle times t_i (platform file, HETILE_SPEEDS,
// equal, or a calibration cached for the life of the process) and
// allocates the ncols tile columns with hetile_alloc_owners. The same
// inputs give the same allocation on every rank, without further messages.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "MpiInternal.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

/// Where the cycle times come from.
enum TimesSource : int {
  FromPlatform,
  FromSpeeds,
  OneRank,
  Equal,
  Calibrate,
  Cached
};

/// What rank 0 reads from its environment and broadcasts (plain data: every
/// rank runs the same program).
struct Settings {
  int Strategy = HETILE_ALLOC_AUTO;
  long Param = 0;
  double Watchdog = 120;
  long MaxCount = INT_MAX;
  int Verbose = 0;
  int Source = Equal;
};

/// Cycle times measured by calibration, per communicator size, kept for the
/// life of the process: a nest inside a time loop calibrates once. Only the
/// thread that calls hetile_mpi_begin touches it (outside any parallel
/// region of the mpi+omp code).
std::vector<std::vector<double>> &calibrationCache() {
  static std::vector<std::vector<double>> ByCount;
  return ByCount;
}

/// HETILE_EMULATE_SPEEDS, if set, must have a factor for every rank; checked
/// here so that hetile_mpi_compute_end cannot fail later. Factor receives
/// this rank's (1 if unset): each rank reads its own, from its environment.
int checkEmulation(int Size, int Rank, double &Factor) {
  const char *Text = std::getenv("HETILE_EMULATE_SPEEDS");
  Factor = 1;
  if (!Text)
    return HETILE_OK;
  std::vector<double> F(4096);
  int N = hetile_parse_times(Text, "HETILE_EMULATE_SPEEDS", F.data(),
                             (int)F.size());
  if (N < 0)
    return N;
  if (N < Size)
    return fail(HETILE_ERR_ENV, "HETILE_EMULATE_SPEEDS: %d factors for %d "
                "ranks (one per rank expected)", N, Size);
  Factor = F[Rank];
  return HETILE_OK;
}

/// Reads this rank's environment into S and M.Times (if given there).
int readSettings(hetile_mpi &M, Settings &S) {
  if (int E = hetile_env_alloc(&S.Strategy, &S.Param); E < 0)
    return E;
  if (int E = envWatchdog(S.Watchdog))
    return E;
  if (int E = envMaxCount(S.MaxCount))
    return E;
  if (int E = checkEmulation(M.Size, M.Rank, M.EmulateFactor))
    return E;
  const char *Stats = std::getenv("HETILE_STATS");
  S.Verbose = Stats && std::strcmp(Stats, "0") != 0;
  M.Times.assign(M.Size, 1.0);
  int Got = hetile_platform_times(M.Size, M.Times.data());
  if (Got < 0)
    return Got;
  const char *CalibrateEnv = std::getenv("HETILE_CALIBRATE");
  const auto &ByCount = calibrationCache();
  if (Got == 1)
    S.Source = std::getenv("HETILE_PLATFORM") ? FromPlatform : FromSpeeds;
  else if (M.Size == 1)
    S.Source = OneRank;
  else if (CalibrateEnv && !std::strcmp(CalibrateEnv, "0"))
    S.Source = Equal;
  else if ((int)ByCount.size() > M.Size && !ByCount[M.Size].empty()) {
    S.Source = Cached; // rank 0's cached times are broadcast
    M.Times = ByCount[M.Size];
  }
  else
    S.Source = Calibrate;
  return HETILE_OK;
}

/// Makes rank 0's settings and cycle times everyone's.
int shareSettings(hetile_mpi &M, Settings &S) {
  if (int E = check(MPI_Bcast(&S, sizeof S, MPI_BYTE, 0, M.Comm), "MPI_Bcast"))
    return E;
  if (int E = check(MPI_Bcast(M.Times.data(), M.Size, MPI_DOUBLE, 0, M.Comm),
                    "MPI_Bcast"))
    return E;
  M.Strategy = S.Strategy;
  M.Param = S.Param;
  M.Watchdog = S.Watchdog;
  M.MaxCount = S.MaxCount;
  M.Verbose = S.Verbose;
  return HETILE_OK;
}

/// The cycle times of the calibration cases (the others are already in
/// M.Times) and the words saying where they came from.
int findTimes(hetile_mpi &M, int Source) {
  static const char *const Names[] = {
      "HETILE_PLATFORM", "HETILE_SPEEDS",         "one rank",
      "equal (HETILE_CALIBRATE=0)", "calibration", "calibration (cached)"};
  M.Source = Names[Source];
  auto &ByCount = calibrationCache();
  if (Source == Equal)
    M.Times.assign(M.Size, 1.0);
  if (Source != Calibrate)
    return HETILE_OK;
  std::vector<double> Seconds;
  if (int E = calibrateOn(M.Comm, M.Rank, M.Size, M.Watchdog, Seconds,
                          M.Times))
    return E;
  if ((int)ByCount.size() <= M.Size)
    ByCount.resize(M.Size + 1);
  ByCount[M.Size] = M.Times;
  return HETILE_OK;
}

/// Owners of the columns ([BDRV98] section 3.2, hetile_alloc_owners) and
/// each rank's blocks: maximal runs of consecutive columns, in order.
int allocate(hetile_mpi &M) {
  M.Owner.assign(M.NCols, 0);
  if (M.NCols > 0)
    if (int E = hetile_alloc_owners(M.Size, M.Times.data(), M.NCols,
                                    M.Strategy, M.Param, M.Owner.data()))
      return E;
  M.Blocks.assign(M.Size, {});
  for (long C = 0; C < M.NCols; ++C) {
    auto &B = M.Blocks[M.Owner[C]];
    if (!B.empty() && B.back().second == C - 1)
      B.back().second = C;
    else
      B.push_back({C, C});
  }
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

/// The line of hetile_mpi_describe.
void describe(hetile_mpi &M) {
  std::string D = "hetile: " + std::to_string(M.Size) +
                  (M.Size == 1 ? " rank" : " ranks") + ", cycle times";
  char Buf[64];
  for (int I = 0; I < M.Size; ++I) {
    std::snprintf(Buf, sizeof Buf, "%s%g", I ? "," : " ", M.Times[I]);
    D += Buf;
  }
  D += " (" + M.Source + "), allocation " + strategyName(M.Strategy);
  if (M.Param)
    D += ":" + std::to_string(M.Param);
  D += ", " + std::to_string(M.NCols) + " tile columns; columns per rank:";
  for (int I = 0; I < M.Size; ++I) {
    long N = 0;
    for (auto &B : M.Blocks[I])
      N += B.second - B.first + 1;
    D += (I ? "," : " ") + std::to_string(N);
  }
  M.Description = D;
}

} // namespace

/// The nest's own communicator, returning errors instead of aborting, and
/// the largest tag (MPI_TAG_UB; the last one is kept for hetile_mpi_gather).
int mpi::openComm(hetile_mpi &M) {
  // The first collective of a nest, under the watchdog: a rank that never
  // comes (it finished, failed before, or runs another nest) must not
  // leave the others blocked. A malformed HETILE_WATCHDOG is reported by
  // readSettings, on every rank; the default bounds this wait meanwhile.
  double Watchdog;
  if (envWatchdog(Watchdog))
    Watchdog = 120;
  MPI_Request Dup;
  if (int E = check(MPI_Comm_idup(MPI_COMM_WORLD, &M.Comm, &Dup),
                    "MPI_Comm_idup"))
    return E;
  int E = waitRequest(Dup, Watchdog);
  if (E == HETILE_ERR_TIMEOUT) {
    int World = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &World);
    M.Comm = MPI_COMM_NULL; // never completed: not ours to free
    return fail(HETILE_ERR_TIMEOUT, "rank %d: not every rank started the "
                "nest within %g s (HETILE_WATCHDOG): a rank failed or ended "
                "before it, or the ranks run different nests", World,
                Watchdog);
  }
  if (E)
    return E;
  if (int E = check(MPI_Comm_set_errhandler(M.Comm, MPI_ERRORS_RETURN),
                    "MPI_Comm_set_errhandler"))
    return E;
  MPI_Comm_rank(M.Comm, &M.Rank);
  MPI_Comm_size(M.Comm, &M.Size);
  void *Value = nullptr;
  int Flag = 0;
  MPI_Comm_get_attr(M.Comm, MPI_TAG_UB, &Value, &Flag);
  M.TagUb = Flag && Value ? *(int *)Value : 32767;
  return HETILE_OK;
}

hetile_mpi::~hetile_mpi() {
  // Sends still in flight (after a timeout): MPI may still read their
  // buffers, so they are leaked on purpose.
  for (auto &O : Pending)
    (void)O.Buf.Data.release();
  for (auto &B : Gathered)
    reuseBuffer(std::move(B));
  for (auto &B : Contributions)
    reuseBuffer(std::move(B));
  int Finalized = 0;
  MPI_Finalized(&Finalized);
  if (Comm != MPI_COMM_NULL && !Finalized)
    MPI_Comm_free(&Comm);
}

int mpi::openSettings(hetile_mpi &M, int Err) {
  if (int E = openComm(M))
    return E;
  Settings S;
  int E = Err ? Err : readSettings(M, S);
  if ((E = agree(M.Comm, M.Rank, E)) || (E = shareSettings(M, S)) ||
      (E = findTimes(M, S.Source)))
    return E;
  return HETILE_OK;
}

extern "C" int hetile_mpi_begin(long ncols, hetile_mpi **out) {
  if (!out)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_begin: no output pointer");
  *out = nullptr;
  if (int E = ensureInit())
    return E;
  auto M = std::make_unique<hetile_mpi>();
  int E = ncols < 0 ? fail(HETILE_ERR_INVALID, "hetile_mpi_begin: %ld tile "
                           "columns", ncols)
                    : HETILE_OK;
  if ((E = openSettings(*M, E)))
    return E;
  M->NCols = ncols;
  if ((E = agree(M->Comm, M->Rank, allocate(*M))))
    return E;
  describe(*M);
  *out = M.release();
  return HETILE_OK;
}

extern "C" int hetile_mpi_rank(const hetile_mpi *m) {
  return m ? m->Rank : fail(HETILE_ERR_INVALID, "hetile_mpi_rank: null nest");
}

extern "C" int hetile_mpi_size(const hetile_mpi *m) {
  return m ? m->Size : fail(HETILE_ERR_INVALID, "hetile_mpi_size: null nest");
}

extern "C" int hetile_mpi_owner(const hetile_mpi *m, long col) {
  if (!m || col < 0 || col >= m->NCols)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_owner: column %ld out of "
                "range", col);
  return m->Owner[col];
}

extern "C" int hetile_mpi_block(const hetile_mpi *m, int rank, long b,
                                long *first, long *last) {
  if (!m || !first || !last || rank < 0 || rank >= m->Size || b < 0)
    return 0;
  const auto &B = m->Blocks[rank];
  if (b >= (long)B.size())
    return 0;
  *first = B[b].first;
  *last = B[b].second;
  return 1;
}

extern "C" int hetile_mpi_verbose(const hetile_mpi *m) {
  return m && m->Verbose ? 1 : 0;
}

extern "C" const char *hetile_mpi_describe(const hetile_mpi *m) {
  return m ? m->Description.c_str() : "";
}

extern "C" const char *hetile_mpi_stats(const hetile_mpi *m) {
  if (!m)
    return "";
  char Buf[256];
  std::snprintf(Buf, sizeof Buf, "hetile: rank %d/%d: %ld tiles, %ld messages, "
                "%llu bytes sent, compute %.4f s, wait %.4f s, communicate "
                "%.4f s", m->Rank, m->Size, m->Tiles, m->Messages, m->BytesSent,
                m->Compute, m->Wait, m->Communicate);
  m->StatsLine = Buf;
  return m->StatsLine.c_str();
}
