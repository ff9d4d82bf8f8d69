//===- MpiClusters.cpp - clusters of ranks and their slow link -------------===//
//
// The platform file may group the ranks into clusters joined by a slower
// link ([BRR99] section 3); without its "clusters", the ranks of one host
// form a cluster (MPI_Get_processor_name; HETILE_EMULATE_HOSTS replaces
// the names, a test aid), and with two clusters or more the link's costs
// and those inside a cluster are measured by ping-pong (one pair of ranks
// across, one inside) unless the file gives them. Rank 0's reading is
// broadcast so that every rank allocates the same panels
// (ClusterAllocation.cpp). For tests and benchmarks on one machine,
// HETILE_EMULATE_LINKS makes the sender of a pipeline message to a rank of
// another cluster sleep the link's time for it, start-up + bytes x
// per_byte, as HETILE_EMULATE_SPEEDS makes a rank slow: the sender is busy
// for that time (no overlap), which is how hetile_sim_makespan_links
// models it.
//
//===----------------------------------------------------------------------===//
#include "MpiClusters.h"
#include "Env.h"
#include "MpiCalibrate.h"
#include "Error.h"

#include "hetile_platform.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <mutex>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

const size_t NameBytes = MPI_MAX_PROCESSOR_NAME;

/// What rank 0 reads and broadcasts (plain data).
struct Shared {
  int NClusters = 1;
  int Emulate = 0;
  /// The clusters come from the hosts; the file gives the link's costs.
  int FromHosts = 0, LinkGiven = 0;
  double LinkStartup = 0, LinkPerByte = 0, PerByte = 0;
  double EmulStartup = 0, EmulPerByte = 0;
  long Panel = -1;
  char Hosts[256] = "";
};

/// HETILE_EMULATE_HOSTS=a,a,b,b: one host name per rank, replacing
/// MPI_Get_processor_name (rank 0's value).
int emulatedHosts(const char *Text, int Size, std::vector<std::string> &Out) {
  Out.clear();
  std::string S = Text;
  size_t From = 0;
  while (true) {
    size_t At = S.find(',', From);
    std::string Name = S.substr(From, At == std::string::npos ? At : At - From);
    if (Name.empty() || Name.size() >= NameBytes)
      return fail(HETILE_ERR_ENV, "HETILE_EMULATE_HOSTS: '%s': entry %zu is "
                  "%s", Text, Out.size() + 1, Name.empty() ? "empty"
                                                           : "too long");
    Out.push_back(Name);
    if (At == std::string::npos)
      break;
    From = At + 1;
  }
  if ((int)Out.size() != Size)
    return fail(HETILE_ERR_ENV, "HETILE_EMULATE_HOSTS: %zu host names for %d "
                "ranks (one per rank)", Out.size(), Size);
  return HETILE_OK;
}

/// " (hosts a, b)": the host of each cluster, in cluster order.
void hostWords(const std::vector<std::string> &Names,
               const std::vector<int> &ClusterOf, int N, Shared &S) {
  std::string W = " (hosts ";
  for (int K = 0; K < N; ++K)
    for (size_t R = 0; R < ClusterOf.size(); ++R)
      if (ClusterOf[R] == K) {
        W += (K ? ", " : "") + Names[R];
        break;
      }
  W += ")";
  if (W.size() >= sizeof S.Hosts)
    W = W.substr(0, sizeof S.Hosts - 5) + "...)";
  std::snprintf(S.Hosts, sizeof S.Hosts, "%s", W.c_str());
}

/// Rank 0's reading of the platform file, the hosts (AllNames: every
/// rank's MPI_Get_processor_name) and HETILE_EMULATE_LINKS.
int readClusters(int Size, const std::vector<char> &AllNames, Shared &S,
                 std::vector<int> &ClusterOf) {
  std::shared_ptr<const env::Snapshot> Env = env::get();
  if (int E = Env->EmulateLinks.check())
    return E;
  const env::EmulatedLink &Emul = Env->EmulateLinks.Value;
  ClusterOf.assign(Size, 0);
  bool File = Env->Platform.Set && !Env->Platform.Error;
  int N = 1;
  if (File) {
    const env::PlatformFile &F = Env->Platform.Value;
    if ((N = env::clustersFor(F, Size, ClusterOf)) < 0)
      return N;
    S.LinkGiven = F.HasLink;
    S.LinkStartup = F.LinkStartup;
    S.LinkPerByte = F.LinkPerByte;
    S.PerByte = F.PerByte;
    S.Panel = F.Panel;
  }
  // A malformed file is reported with the cycle times; its clusters are
  // then not used.
  if (!File || Env->Platform.Value.Clusters.empty()) {
    std::vector<std::string> Names;
    if (const char *Text = std::getenv("HETILE_EMULATE_HOSTS")) {
      if (int E = emulatedHosts(Text, Size, Names))
        return E;
    } else {
      for (int R = 0; R < Size; ++R)
        Names.emplace_back(AllNames.data() + R * NameBytes);
      for (std::string &Name : Names)
        if (Name.empty())
          Name = "?";
    }
    std::vector<const char *> Ptrs;
    for (const std::string &Name : Names)
      Ptrs.push_back(Name.c_str());
    if ((N = hetile_clusters_from_hosts(Size, Ptrs.data(), ClusterOf.data())) <
        0)
      return N;
    S.FromHosts = 1;
    if (N > 1)
      hostWords(Names, ClusterOf, N, S);
  }
  if (Emul.On && N < 2)
    return fail(HETILE_ERR_ENV, "HETILE_EMULATE_LINKS needs two clusters or "
                "more: the platform file's \"clusters\" (HETILE_PLATFORM) or "
                "ranks on several hosts (HETILE_EMULATE_HOSTS)");
  if (Emul.On && !Emul.HasCosts && !S.LinkGiven)
    return fail(HETILE_ERR_ENV, "HETILE_EMULATE_LINKS=1 needs the link's "
                "costs: a platform file with \"link\", or "
                "HETILE_EMULATE_LINKS=startup,per_byte");
  S.NClusters = N;
  S.Emulate = Emul.On;
  S.EmulStartup = Emul.HasCosts ? Emul.Startup : S.LinkStartup;
  S.EmulPerByte = Emul.HasCosts ? Emul.PerByte : S.LinkPerByte;
  return HETILE_OK;
}

/// The costs measured for a grouping (and an emulated link), once per
/// process: every rank measures the same groupings in the same order.
struct Measured {
  double Link[2], Inside[2];
  int LinkPair[2], InsidePair[2]; // InsidePair[0] < 0: no cluster of two
};
std::mutex MeasuredLock;
std::map<std::vector<double>, Measured> MeasuredCosts;

/// Collective: the link's costs between the first ranks of clusters 0 and
/// 1, and the costs inside the first cluster of two ranks or more.
int measureCosts(hetile_mpi &M, Measured &Out) {
  std::vector<double> Key(M.ClusterOf.begin(), M.ClusterOf.end());
  Key.push_back(M.EmulateLinks ? M.EmulStartup : -1);
  Key.push_back(M.EmulateLinks ? M.EmulPerByte : -1);
  {
    std::lock_guard<std::mutex> G(MeasuredLock);
    auto It = MeasuredCosts.find(Key);
    if (It != MeasuredCosts.end())
      return Out = It->second, HETILE_OK;
  }
  std::vector<int> First(M.NClusters, -1), Second(M.NClusters, -1);
  for (int R = M.Size - 1; R >= 0; --R) {
    int K = M.ClusterOf[R];
    Second[K] = First[K];
    First[K] = R;
  }
  Out.LinkPair[0] = First[0];
  Out.LinkPair[1] = First[1];
  Out.InsidePair[0] = Out.InsidePair[1] = -1;
  Out.Inside[0] = Out.Inside[1] = 0;
  for (int K = 0; K < M.NClusters && Out.InsidePair[0] < 0; ++K)
    if (Second[K] >= 0) {
      Out.InsidePair[0] = First[K];
      Out.InsidePair[1] = Second[K];
    }
  // Each send of a pair pays the emulated link, as the pipeline's would.
  auto PayLink = [&M](int Peer, size_t Bytes) { return payLink(M, Peer, Bytes); };
  if (int E = pingPair(M.Comm, M.Rank, M.Size, First[0], First[1], M.Watchdog,
                       PayLink, Out.Link[0], Out.Link[1]))
    return E;
  if (Out.InsidePair[0] >= 0)
    if (int E = pingPair(M.Comm, M.Rank, M.Size, Out.InsidePair[0],
                         Out.InsidePair[1], M.Watchdog, PayLink, Out.Inside[0],
                         Out.Inside[1]))
      return E;
  std::lock_guard<std::mutex> G(MeasuredLock);
  MeasuredCosts[Key] = Out;
  return HETILE_OK;
}

/// M's link from the measurement, and the words saying so.
void useMeasured(hetile_mpi &M, const Measured &C) {
  M.LinkStartup = C.Link[0];
  M.LinkPerByte = C.Link[1];
  char Buf[256];
  int Len = std::snprintf(Buf, sizeof Buf, " measured between ranks %d and "
                          "%d; inside a cluster ", C.LinkPair[0],
                          C.LinkPair[1]);
  if (C.InsidePair[0] >= 0)
    std::snprintf(Buf + Len, sizeof Buf - Len, "%.3g s + %.3g s/byte, "
                  "measured between ranks %d and %d", C.Inside[0],
                  C.Inside[1], C.InsidePair[0], C.InsidePair[1]);
  else
    std::snprintf(Buf + Len, sizeof Buf - Len, "not measured (no host has "
                  "two ranks)");
  M.LinkOrigin = Buf;
  if (M.EmulateLinks) {
    char Em[128];
    std::snprintf(Em, sizeof Em, "; emulated link %.3g s + %.3g s/byte "
                  "(HETILE_EMULATE_LINKS)", M.EmulStartup, M.EmulPerByte);
    M.LinkOrigin += Em;
  }
}

/// Every rank's host name (MPI_Get_processor_name), NameBytes each, into
/// \p AllNames on rank 0 (empty on the others).
int gatherHostNames(const hetile_mpi &M, std::vector<char> &AllNames) {
  char Mine[NameBytes] = "";
  int Len = 0;
  int E = check(MPI_Get_processor_name(Mine, &Len), "MPI_Get_processor_name");
  AllNames.assign(M.Rank == 0 ? size_t(M.Size) * NameBytes : 0, 0);
  if (!E)
    E = check(MPI_Gather(Mine, NameBytes, MPI_CHAR, AllNames.data(), NameBytes,
                         MPI_CHAR, 0, M.Comm), "MPI_Gather");
  return E;
}

/// Rank 0's reading \p S and \p ClusterOf broadcast, then kept in \p M on
/// every rank.
int broadcastClusters(hetile_mpi &M, Shared &S, std::vector<int> &ClusterOf) {
  int E;
  if ((E = check(MPI_Bcast(&S, sizeof S, MPI_BYTE, 0, M.Comm), "MPI_Bcast")) ||
      (E = check(MPI_Bcast(ClusterOf.data(), M.Size, MPI_INT, 0, M.Comm),
                 "MPI_Bcast")))
    return agree(M.Comm, M.Rank, E);
  M.NClusters = S.NClusters;
  M.ClusterOf = S.NClusters > 1 ? ClusterOf : std::vector<int>();
  M.EmulateLinks = S.Emulate;
  M.LinkStartup = S.LinkStartup;
  M.LinkPerByte = S.LinkPerByte;
  M.EmulStartup = S.EmulStartup;
  M.EmulPerByte = S.EmulPerByte;
  M.PerByte = S.PerByte;
  M.PanelGiven = S.Panel;
  M.ClusterHosts = S.Hosts;
  return HETILE_OK;
}

} // namespace

int mpi::shareClusters(hetile_mpi &M) {
  // Every rank's host name to rank 0 (the grouping is rank 0's).
  std::vector<char> AllNames;
  int E = gatherHostNames(M, AllNames);
  Shared S;
  std::vector<int> ClusterOf(M.Size, 0);
  if (!E && M.Rank == 0)
    E = readClusters(M.Size, AllNames, S, ClusterOf);
  if ((E = agree(M.Comm, M.Rank, E)))
    return E;
  if ((E = broadcastClusters(M, S, ClusterOf)))
    return E;
  M.LinkOrigin.clear();
  if (S.FromHosts && S.NClusters > 1) {
    if (S.LinkGiven) {
      M.LinkOrigin = " (the platform file's)";
    } else {
      Measured C;
      if ((E = measureCosts(M, C)))
        return E;
      useMeasured(M, C);
    }
  }
  return HETILE_OK;
}

int mpi::payLink(hetile_mpi &M, int Dest, size_t Bytes) {
  if (!M.EmulateLinks || M.ClusterOf.empty() ||
      M.ClusterOf[Dest] == M.ClusterOf[M.Rank])
    return HETILE_OK;
  double Until = hetile_timer_now() + M.EmulStartup +
                 M.EmulPerByte * (double)Bytes;
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

extern "C" int hetile_mpi_host_clusters(int *cluster_out, double *costs_out) {
  if (!cluster_out || !costs_out)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_host_clusters: no output");
  if (int E = ensureInit())
    return E;
  hetile_mpi M; // only its communicator, freed by the destructor
  if (int E = openComm(M))
    return E;
  if (int E = agree(M.Comm, M.Rank, envWatchdog(M.Watchdog)))
    return E;
  // The hosts' grouping whatever the platform file says: hetile-calibrate
  // writes the file.
  std::vector<char> AllNames;
  int E = gatherHostNames(M, AllNames);
  Shared S;
  std::vector<int> ClusterOf(M.Size, 0);
  if (!E && M.Rank == 0) {
    std::shared_ptr<const env::Snapshot> Env = env::get();
    const env::EmulatedLink &Emul = Env->EmulateLinks.Value;
    std::vector<std::string> Names;
    const char *Text = std::getenv("HETILE_EMULATE_HOSTS");
    E = Env->EmulateLinks.check();
    if (!E && Text)
      E = emulatedHosts(Text, M.Size, Names);
    for (int R = 0; !E && !Text && R < M.Size; ++R)
      Names.emplace_back(AllNames.data() + R * NameBytes);
    std::vector<const char *> Ptrs;
    for (std::string &Name : Names)
      Ptrs.push_back(Name.empty() ? "?" : Name.c_str());
    if (!E && (E = hetile_clusters_from_hosts(M.Size, Ptrs.data(),
                                              ClusterOf.data())) > 0) {
      S.NClusters = E;
      E = HETILE_OK;
    }
    if (!E && Emul.On && !Emul.HasCosts)
      E = fail(HETILE_ERR_ENV, "HETILE_EMULATE_LINKS=1: give the emulated "
               "link's costs, HETILE_EMULATE_LINKS=startup,per_byte");
    S.Emulate = Emul.On;
    S.EmulStartup = Emul.Startup;
    S.EmulPerByte = Emul.PerByte;
  }
  if ((E = agree(M.Comm, M.Rank, E)))
    return E;
  if ((E = broadcastClusters(M, S, ClusterOf)))
    return E;
  for (int I = 0; I < 4; ++I)
    costs_out[I] = -1;
  if (M.NClusters > 1) {
    Measured C;
    if ((E = measureCosts(M, C)))
      return E;
    costs_out[2] = C.Link[0];
    costs_out[3] = C.Link[1];
    if (C.InsidePair[0] >= 0) {
      costs_out[0] = C.Inside[0];
      costs_out[1] = C.Inside[1];
    }
  }
  std::copy(ClusterOf.begin(), ClusterOf.end(), cluster_out);
  return M.NClusters;
}
