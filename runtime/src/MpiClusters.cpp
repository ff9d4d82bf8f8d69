//===- MpiClusters.cpp - clusters of ranks and their slow link -------------===//
//
// The platform file may group the ranks into clusters joined by a slower
// link ([BRR99] section 3); rank 0's reading is broadcast so that every
// rank allocates the same panels (ClusterAllocation.cpp). For tests and
// benchmarks on one machine, HETILE_EMULATE_LINKS=1 makes the sender of a
// pipeline message to a rank of another cluster sleep the link's time for
// it, start-up + bytes x per_byte, as HETILE_EMULATE_SPEEDS makes a rank
// slow: the sender is busy for that time (no overlap), which is how
// hetile_sim_makespan_links models it.
//
//===----------------------------------------------------------------------===//
#include "MpiClusters.h"
#include "Env.h"
#include "Error.h"

#include <ctime>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

/// What rank 0 reads and broadcasts (plain data).
struct Shared {
  int NClusters = 1;
  int Emulate = 0;
  double LinkStartup = 0, LinkPerByte = 0, PerByte = 0;
  long Panel = -1;
};

/// Rank 0's reading of the platform file and HETILE_EMULATE_LINKS.
int readClusters(int Size, Shared &S, std::vector<int> &ClusterOf) {
  std::shared_ptr<const env::Snapshot> Env = env::get();
  if (int E = Env->EmulateLinks.check())
    return E;
  ClusterOf.assign(Size, 0);
  if (!Env->Platform.Set || Env->Platform.Error) {
    if (Env->EmulateLinks.Value)
      return fail(HETILE_ERR_ENV, "HETILE_EMULATE_LINKS=1 needs a platform "
                  "file (HETILE_PLATFORM) with \"clusters\" and \"link\"");
    return HETILE_OK; // a malformed file is reported with the cycle times
  }
  const env::PlatformFile &F = Env->Platform.Value;
  int N = env::clustersFor(F, Size, ClusterOf);
  if (N < 0)
    return N;
  if (Env->EmulateLinks.Value && N < 2)
    return fail(HETILE_ERR_ENV, "HETILE_EMULATE_LINKS=1 needs a platform file "
                "with \"clusters\" and \"link\" (%s has one cluster)",
                F.Path.c_str());
  S.NClusters = N;
  S.Emulate = Env->EmulateLinks.Value != 0;
  S.LinkStartup = F.LinkStartup;
  S.LinkPerByte = F.LinkPerByte;
  S.PerByte = F.PerByte;
  S.Panel = F.Panel;
  return HETILE_OK;
}

} // namespace

int mpi::shareClusters(hetile_mpi &M) {
  Shared S;
  std::vector<int> ClusterOf(M.Size, 0);
  int E = M.Rank == 0 ? readClusters(M.Size, S, ClusterOf) : HETILE_OK;
  if ((E = agree(M.Comm, M.Rank, E)))
    return E;
  if ((E = check(MPI_Bcast(&S, sizeof S, MPI_BYTE, 0, M.Comm), "MPI_Bcast")) ||
      (E = check(MPI_Bcast(ClusterOf.data(), M.Size, MPI_INT, 0, M.Comm),
                 "MPI_Bcast")))
    return agree(M.Comm, M.Rank, E);
  M.NClusters = S.NClusters;
  M.ClusterOf = S.NClusters > 1 ? ClusterOf : std::vector<int>();
  M.EmulateLinks = S.Emulate;
  M.LinkStartup = S.LinkStartup;
  M.LinkPerByte = S.LinkPerByte;
  M.PerByte = S.PerByte;
  M.PanelGiven = S.Panel;
  return HETILE_OK;
}

int mpi::payLink(hetile_mpi &M, int Dest, size_t Bytes) {
  if (!M.EmulateLinks || M.ClusterOf.empty() ||
      M.ClusterOf[Dest] == M.ClusterOf[M.Rank])
    return HETILE_OK;
  double Until = hetile_timer_now() + M.LinkStartup +
                 M.LinkPerByte * (double)Bytes;
  // nanosleep may wake early (signals) and late (load): sleep until the
  // deadline, the last stretch included.
  for (double Now = hetile_timer_now(); Now < Until;
       Now = hetile_timer_now()) {
    double Left = Until - Now;
    struct timespec Nap = {(time_t)Left, (long)((Left - (double)(time_t)Left) *
                                                1e9)};
    nanosleep(&Nap, nullptr);
  }
  return HETILE_OK;
}
