//===- MpiNest.cpp - one tiled nest on MPI ranks: settings and allocation ---===//
//
// hetile_mpi_begin sets up the pipelined columnwise schedule of [BDRV98]
// section 3.2 (hypotheses H1-H5) with MPI ranks as processors: it reads the
// environment on every rank (errors agreed by all ranks), broadcasts rank
// 0's settings, finds the cycle times t_i (platform file, HETILE_SPEEDS,
// equal, or a calibration cached for the life of the process) and
// allocates the ncols tile columns with hetile_alloc_owners (on clusters
// of ranks, rank 0's clusters are broadcast too and the columns go in
// [BRR99]'s panels: ClusterAllocation.cpp). The same inputs give the same
// allocation on every rank, without further messages.
//
//===----------------------------------------------------------------------===//
#include "ColumnAllocation.h"
#include "Env.h"
#include "Error.h"
#include "MpiCalibrate.h"
#include "MpiClusters.h"
#include "MpiInternal.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

/// What rank 0 reads from its environment and broadcasts (plain data: every
/// rank runs the same program).
struct Settings {
  int Strategy = HETILE_ALLOC_AUTO;
  long Param = 0;
  double Watchdog = 120;
  long MaxCount = INT_MAX;
  int Verbose = 0;
  int DeferOff = 0;
  int Release = 1;
  TimesSource Source = TimesSource::Equal;
};

/// Reads this rank's environment into S and M.Times (if given there).
int readSettings(hetile_mpi &M, Settings &S) {
  if (int E = hetile_env_alloc(&S.Strategy, &S.Param); E < 0)
    return E;
  if (int E = envWatchdog(S.Watchdog))
    return E;
  if (int E = envMaxCount(S.MaxCount))
    return E;
  // HETILE_EMULATE_SPEEDS, if set, must have a factor for every rank;
  // checked here so that hetile_mpi_compute_end cannot fail later. Each
  // rank reads its own factor.
  std::shared_ptr<const env::Snapshot> Env = env::get();
  if (int E = env::checkEmulation(*Env, M.Size, "ranks (one per rank "
                                  "expected)", M.Rank, &M.EmulateFactor))
    return E;
  S.Verbose = Env->Stats;
  S.DeferOff = Env->DeferOff;
  if (int E = Env->Release.check())
    return E;
  S.Release = Env->Release.Value;
  // Rank 0's cached times, if any, are broadcast.
  return findTimes(Processors::Ranks, M.Size, M.Times, S.Source);
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
  M.DeferOff = S.DeferOff;
  M.Release = S.Release;
  return HETILE_OK;
}

/// The cycle times of a calibration (the others are already in M.Times)
/// and the words saying where they came from.
int calibrateIfNeeded(hetile_mpi &M, TimesSource Source) {
  M.Source = sourceName(Processors::Ranks, Source);
  if (Source == TimesSource::Equal)
    M.Times.assign(M.Size, 1.0);
  if (Source != TimesSource::Calibrate)
    return HETILE_OK;
  std::vector<double> Seconds;
  if (int E = calibrateOn(M.Comm, M.Rank, M.Size, M.Watchdog, Seconds,
                          M.Times))
    return E;
  rememberCalibration(Processors::Ranks, M.Size, M.Times);
  return HETILE_OK;
}

} // namespace

int mpi::openSettings(hetile_mpi &M, int Err) {
  if (int E = openComm(M))
    return E;
  Settings S;
  int E = Err ? Err : readSettings(M, S);
  if ((E = agree(M.Comm, M.Rank, E)) || (E = shareSettings(M, S)) ||
      (E = calibrateIfNeeded(M, S.Source)))
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
  if ((E = openSettings(*M, E)) || (E = shareClusters(*M)))
    return E;
  M->NCols = ncols;
  if ((E = agree(M->Comm, M->Rank, M->allocate(Processors::Ranks))))
    return E;
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
  return m && first && last && m->block(rank, b, *first, *last) ? 1 : 0;
}

extern "C" int hetile_mpi_verbose(const hetile_mpi *m) {
  return m && m->Verbose ? 1 : 0;
}

extern "C" const char *hetile_mpi_describe(const hetile_mpi *m) {
  return m ? m->Description.c_str() : "";
}

extern "C" int hetile_mpi_resident(hetile_mpi *m, const char *array,
                                   const void *first, const void *end) {
  if (!m || !array || !first || !end ||
      reinterpret_cast<uintptr_t>(end) < reinterpret_cast<uintptr_t>(first))
    return fail(HETILE_ERR_INVALID, "hetile_mpi_resident: invalid arguments");
  const uintptr_t Page = uintptr_t(sysconf(_SC_PAGESIZE));
  const uintptr_t Lo = reinterpret_cast<uintptr_t>(first),
                  Hi = reinterpret_cast<uintptr_t>(end);
  const uintptr_t Start = Lo & ~(Page - 1),
                  Stop = (Hi + Page - 1) & ~(Page - 1);
  std::vector<unsigned char> In((Stop - Start) / Page);
  if (!In.empty() &&
      mincore(reinterpret_cast<void *>(Start), Stop - Start, In.data()) != 0)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_resident: mincore over "
                "'%s': %s", array, std::strerror(errno));
  hetile_mpi::Residency R;
  R.Array = array;
  R.Span = Hi - Lo;
  for (size_t K = 0; K < In.size(); ++K) {
    if (!(In[K] & 1))
      continue;
    // The part of the page inside [first, end).
    uintptr_t A = Start + K * Page, B = A + Page;
    R.Resident += (B < Hi ? B : Hi) - (A > Lo ? A : Lo);
  }
  m->Resident.push_back(R);
  return 0;
}

extern "C" int hetile_mpi_final_to(hetile_mpi *m, const char *where) {
  if (!m || !where)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_final_to: %s is null",
                m ? "where" : "the nest");
  m->FinalTo.assign(where, strnlen(where, 200));
  return 0;
}

extern "C" const char *hetile_mpi_stats(const hetile_mpi *m) {
  if (!m)
    return "";
  char Buf[512];
  std::snprintf(Buf, sizeof Buf, "hetile: rank %d/%d: %ld tiles, %ld messages, "
                "%llu bytes sent, compute %.4f s, wait %.4f s, communicate "
                "%.4f s; final exchange %llu bytes received, %llu bytes sent in %ld "
                "messages, %.4f s (%.4f s during the nest: %ld pieces sent, "
                "%llu bytes placed)", m->Rank, m->Size, m->Tiles, m->Messages,
                m->BytesSent, m->Compute, m->Wait, m->Communicate,
                m->FinalReceived, m->FinalSent, m->FinalMessages, m->Final,
                m->FinalEarly, m->EarlyPieces, m->EarlyPlaced);
  m->StatsLine = Buf;
  if (!m->FinalTo.empty())
    m->StatsLine += ", to " + m->FinalTo;
  for (size_t K = 0; K < m->Resident.size(); ++K) {
    const hetile_mpi::Residency &R = m->Resident[K];
    std::snprintf(Buf, sizeof Buf, "%s%s %llu of %llu bytes",
                  K ? ", " : "; resident: ", R.Array.c_str(), R.Resident,
                  R.Span);
    m->StatsLine += Buf;
  }
  m->StatsLine += m->DeferNote;
  return m->StatsLine.c_str();
}
