//===- MpiGather.cpp - final values of a nest to every rank or to rank 0 ----===//
//
// After the nest, each rank holds the final values of the columns it owns.
// Where they are runs of consecutive elements (a block of columns of a
// row-major array), the generated code lists every rank's runs
// (hetile_mpi_run) and hetile_mpi_exchange moves them (and completes the
// pieces posted while the nest ran, MpiPieces.cpp): large runs as
// messages of their own, in place; short ones copied (memcpy per run) into
// one contiguous message per rank and out of it at the receiver.
// Otherwise the generated code packs the values element by element, and
// hetile_mpi_gather concatenates every
// rank's bytes in rank order, on every rank (MPI_Allgatherv) or on rank 0
// (MPI_Gatherv), so that the code after the nest runs unchanged (issue #5,
// "Data"). Counts and displacements of those calls are ints: when the total
// exceeds that (or HETILE_MPI_MAX_COUNT), each rank's bytes travel alone
// with a derived datatype (MPI_Bcast from it, or a send to rank 0).
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "MpiInternal.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>
#include <thread>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

/// Counts and displacements fit in int: one MPI_Allgatherv / MPI_Gatherv.
int gatherSmall(hetile_mpi &M, const void *Mine, size_t Bytes, bool RootOnly,
                char *All, const std::vector<size_t> &Offsets) {
  std::vector<int> Counts(M.Size), Displs(M.Size);
  for (int Q = 0; Q < M.Size; ++Q) {
    Counts[Q] = (int)(Offsets[Q + 1] - Offsets[Q]);
    Displs[Q] = (int)Offsets[Q];
  }
  if (RootOnly)
    return check(MPI_Gatherv(Mine, (int)Bytes, MPI_BYTE, All, Counts.data(),
                             Displs.data(), MPI_BYTE, 0, M.Comm),
                 "MPI_Gatherv");
  return check(MPI_Allgatherv(Mine, (int)Bytes, MPI_BYTE, All, Counts.data(),
                              Displs.data(), MPI_BYTE, M.Comm),
               "MPI_Allgatherv");
}

/// Beyond int counts: rank by rank, with a datatype of exactly that rank's
/// size. Every rank builds the same datatype, as MPI_Bcast requires.
int gatherLarge(hetile_mpi &M, const void *Mine, size_t Bytes, bool RootOnly,
                char *All, const std::vector<size_t> &Offsets) {
  if (All && Bytes > 0)
    std::memcpy(All + Offsets[M.Rank], Mine, Bytes);
  for (int Q = 0; Q < M.Size; ++Q) {
    size_t N = Offsets[Q + 1] - Offsets[Q];
    if (N == 0 || (RootOnly && Q == 0))
      continue;
    ByteType Type;
    if (int E = Type.init(N, M.MaxCount))
      return E;
    int E = MPI_SUCCESS;
    if (!RootOnly)
      E = MPI_Bcast(All + Offsets[Q], Type.count(), Type.type(), Q, M.Comm);
    else if (M.Rank == Q)
      E = MPI_Send(Mine, Type.count(), Type.type(), 0, M.TagUb, M.Comm);
    else if (M.Rank == 0)
      E = MPI_Recv(All + Offsets[Q], Type.count(), Type.type(), Q, M.TagUb,
                   M.Comm, MPI_STATUS_IGNORE);
    if (E != MPI_SUCCESS)
      return mpiFail(E, RootOnly ? "gather to rank 0" : "MPI_Bcast");
  }
  return HETILE_OK;
}

/// Every rank's size, and their prefix sums: Offsets[Size + 1]. This is
/// where the ranks that finished the nest first wait for the others: a
/// non-blocking MPI_Iallgather waited for politely (the waiting ranks must
/// not take the cores of the ranks still computing), under the watchdog.
int exchangeSizes(hetile_mpi &M, size_t Bytes, std::vector<size_t> &Offsets) {
  std::vector<unsigned long long> Sizes(M.Size);
  unsigned long long Mine = Bytes;
  MPI_Request Request;
  if (int E = check(MPI_Iallgather(&Mine, 1, MPI_UNSIGNED_LONG_LONG,
                                   Sizes.data(), 1, MPI_UNSIGNED_LONG_LONG,
                                   M.Comm, &Request), "MPI_Iallgather"))
    return E;
  int E = waitRequest(Request, M.Watchdog);
  if (E == HETILE_ERR_TIMEOUT)
    // FIXME: the request stays active; callers abort on this error.
    return fail(E, "rank %d: not every rank reached hetile_mpi_gather after "
                "%g s (HETILE_WATCHDOG): a rank failed or the program "
                "deadlocked (if it is only slow, raise HETILE_WATCHDOG)",
                M.Rank, M.Watchdog);
  if (E)
    return E;
  Offsets.assign(M.Size + 1, 0);
  for (int Q = 0; Q < M.Size; ++Q) {
    if (Sizes[Q] > SIZE_MAX - Offsets[Q])
      return fail(HETILE_ERR_OVERFLOW, "hetile_mpi_gather: the total size "
                  "overflows size_t");
    Offsets[Q + 1] = Offsets[Q] + (size_t)Sizes[Q];
  }
  return HETILE_OK;
}

} // namespace

extern "C" int hetile_mpi_gather(hetile_mpi *m, const void *mine, size_t bytes,
                                 int root_only, const void **all_out,
                                 size_t *offsets_out) {
  if (!m || !all_out || !offsets_out || (!mine && bytes > 0))
    return fail(HETILE_ERR_INVALID, "hetile_mpi_gather: null nest, output or "
                "data");
  *all_out = nullptr;
  static const char Empty = 0;
  if (!mine)
    mine = &Empty;
  if (int E = payEmulation(*m))
    return E;
  // The exchange of sizes synchronises the ranks: its time is counted as
  // waiting for the others to finish the nest, the rest as communication.
  double T0 = hetile_timer_now();
  std::vector<size_t> Offsets;
  int Sizes = exchangeSizes(*m, bytes, Offsets);
  m->Wait += hetile_timer_now() - T0;
  if (Sizes)
    return Sizes;
  T0 = hetile_timer_now();
  size_t Total = Offsets[m->Size];
  bool Receives = !root_only || m->Rank == 0;
  Buffer All;
  int E = HETILE_OK;
  if (Receives) {
    All = takeBuffer(Total);
    if (!All.Data)
      E = fail(HETILE_ERR_NOMEM, "hetile_mpi_gather: no memory for %zu bytes "
               "on rank %d", Total, m->Rank);
  }
  if ((E = agree(m->Comm, m->Rank, E)))
    return E;
  if (Total <= (size_t)m->MaxCount)
    E = gatherSmall(*m, mine, bytes, root_only, All.Data.get(), Offsets);
  else
    E = gatherLarge(*m, mine, bytes, root_only, All.Data.get(), Offsets);
  m->Final += hetile_timer_now() - T0;
  if (E) {
    reuseBuffer(std::move(All));
    return E;
  }
  if (Receives)
    m->FinalReceived += Total - bytes;
  m->FinalSent += root_only ? (m->Rank == 0 ? 0 : bytes)
                            : bytes * (unsigned long long)(m->Size - 1);
  if (bytes > 0)
    m->FinalMessages += root_only ? (m->Rank == 0 ? 0 : 1) : m->Size - 1;
  std::copy(Offsets.begin(), Offsets.end(), offsets_out);
  if (Receives) {
    *all_out = All.Data.get();
    m->Gathered.push_back(std::move(All));
  }
  return HETILE_OK;
}

extern "C" void *hetile_mpi_gather_buffer(hetile_mpi *m, size_t bytes) {
  if (!m) {
    fail(HETILE_ERR_INVALID, "hetile_mpi_gather_buffer: null nest");
    return nullptr;
  }
  Buffer B = takeBuffer(bytes);
  if (!B.Data) {
    fail(HETILE_ERR_NOMEM, "rank %d: no memory for %zu bytes of final values",
         m->Rank, bytes);
    return nullptr;
  }
  m->Contributions.push_back(std::move(B));
  return m->Contributions.back().Data.get();
}

extern "C" int hetile_mpi_run(hetile_mpi *m, int rank, int array, void *addr,
                              size_t bytes) {
  if (!m || rank < 0 || rank >= m->Size || array < 0 || (!addr && bytes > 0))
    return fail(HETILE_ERR_INVALID, "hetile_mpi_run: null nest or address, "
                "rank %d out of range or array %d", rank, array);
  if (bytes == 0)
    return HETILE_OK;
  if (m->Runs.size() != (size_t)m->Size)
    m->Runs.resize(m->Size);
  std::vector<Run> &V = m->Runs[rank];
  char *At = static_cast<char *>(addr);
  // Consecutive rows of a block that spans whole rows are one run; two
  // arrays adjacent in one process may not be in another.
  if (!V.empty() && V.back().Array == array &&
      V.back().At + V.back().Bytes == At)
    V.back().Bytes += bytes;
  else
    V.push_back({At, bytes, array});
  return HETILE_OK;
}

namespace {

/// Runs this large on average (a message's handshake costs about what
/// copying 64 KiB does), and this few, travel as messages of their
/// own, in place; the others are packed into one message per rank. Open
/// MPI moves a contiguous message between processes of one node with one
/// copy (CMA), a derived datatype of many runs through its shared-memory
/// fragments at a third of that speed (300 MB at 1:3 on 2 ranks: 0.6 s
/// against 2.0 s), and a message per short run costs a handshake each.
const size_t DirectRunBytes = size_t(256) << 10;
const size_t MaxDirectRuns = 64;

bool travelsDirect(const std::vector<Run> &Runs, unsigned long long Bytes) {
  return !Runs.empty() && Runs.size() <= MaxDirectRuns &&
         Bytes / Runs.size() >= DirectRunBytes;
}

} // namespace

int mpi::waitAll(std::vector<MPI_Request> &Requests, double Watchdog) {
  double Start = hetile_timer_now();
  for (;;) {
    int Done = 0;
    if (int E = check(MPI_Testall((int)Requests.size(), Requests.data(), &Done,
                                  MPI_STATUSES_IGNORE),
                      "MPI_Testall"))
      return E;
    if (Done)
      return HETILE_OK;
    if (Watchdog > 0 && hetile_timer_now() - Start > Watchdog)
      return HETILE_ERR_TIMEOUT;
    std::this_thread::yield();
  }
}

extern "C" int hetile_mpi_exchange(hetile_mpi *m, int root_only) {
  if (!m)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_exchange: null nest");
  std::vector<std::vector<Run>> Runs;
  Runs.swap(m->Runs);
  Runs.resize(m->Size);
  if (int E = payEmulation(*m))
    return E;
  // The ranks that finished first wait for the others here (counted as
  // waiting), politely and under the watchdog, receiving meanwhile the
  // final values the others send during the nest.
  double T0 = hetile_timer_now();
  double Placing = m->FinalEarly;
  MPI_Request Barrier;
  if (int E = check(MPI_Ibarrier(m->Comm, &Barrier), "MPI_Ibarrier"))
    return E;
  int E = waitRequest(Barrier, m->Watchdog,
                      [m] { return progressPiecesAfterTiles(*m); });
  m->Wait += hetile_timer_now() - T0 - (m->FinalEarly - Placing);
  if (E == HETILE_ERR_TIMEOUT)
    return fail(E, "rank %d: not every rank reached hetile_mpi_exchange after "
                "%g s (HETILE_WATCHDOG): a rank failed or the program "
                "deadlocked (if it is only slow, raise HETILE_WATCHDOG)",
                m->Rank, m->Watchdog);
  if (E || (E = finishPieces(*m)))
    return E;
  T0 = hetile_timer_now();
  const int Me = m->Rank;
  bool Sends = !root_only || Me != 0;
  bool Receives = !root_only || Me == 0;
  std::vector<unsigned long long> Bytes(m->Size, 0);
  std::vector<bool> Direct(m->Size, false);
  // Buffers[q]: rank q's runs packed (mine to send, the others received).
  std::vector<Buffer> Buffers(m->Size);
  for (int Q = 0; Q < m->Size; ++Q) {
    if (Runs[Q].empty() || !(Q == Me ? Sends : Receives)) {
      Runs[Q].clear();
      continue;
    }
    for (const Run &R : Runs[Q])
      Bytes[Q] += R.Bytes;
    Direct[Q] = travelsDirect(Runs[Q], Bytes[Q]);
    if (Direct[Q] || E)
      continue;
    Buffers[Q] = takeBuffer(Bytes[Q]);
    if (!Buffers[Q].Data)
      E = fail(HETILE_ERR_NOMEM, "hetile_mpi_exchange: no memory for %llu "
               "bytes on rank %d", Bytes[Q], Me);
  }
  // A rank without its buffers must not leave the others waiting for its
  // messages.
  if ((E = agree(m->Comm, Me, E))) {
    for (Buffer &B : Buffers)
      reuseBuffer(std::move(B));
    return E;
  }
  if (Buffers[Me].Data) {
    char *To = Buffers[Me].Data.get();
    for (const Run &R : Runs[Me]) {
      std::memcpy(To, R.At, R.Bytes);
      To += R.Bytes;
    }
  }
  std::vector<MPI_Request> Requests;
  for (int Q = 0; Q < m->Size && !E; ++Q) {
    if (Q == Me)
      continue;
    if (!Runs[Q].empty()) {
      if (Direct[Q])
        for (const Run &R : Runs[Q])
          E = E ? E : postBytes(*m, m->Comm, false, R.At, R.Bytes, Q, Requests);
      else
        E = postBytes(*m, m->Comm, false, Buffers[Q].Data.get(), Bytes[Q], Q,
                      Requests);
      m->FinalReceived += Bytes[Q];
    }
    if (!Runs[Me].empty() && (!root_only || Q == 0)) {
      if (Direct[Me])
        for (const Run &R : Runs[Me])
          E = E ? E : postBytes(*m, m->Comm, true, R.At, R.Bytes, Q, Requests);
      else
        E = E ? E
              : postBytes(*m, m->Comm, true, Buffers[Me].Data.get(), Bytes[Me],
                          Q, Requests);
      m->FinalSent += Bytes[Me];
    }
  }
  if (!E && (E = waitAll(Requests, m->Watchdog)) == HETILE_ERR_TIMEOUT)
    E = fail(E, "rank %d: the final exchange did not complete after %g s "
             "(HETILE_WATCHDOG)", Me, m->Watchdog);
  for (int Q = 0; Q < m->Size && !E; ++Q) {
    if (Q == Me || !Buffers[Q].Data)
      continue;
    const char *From = Buffers[Q].Data.get();
    for (const Run &R : Runs[Q]) {
      std::memcpy(R.At, From, R.Bytes);
      From += R.Bytes;
    }
  }
  for (Buffer &B : Buffers)
    if (!E)
      reuseBuffer(std::move(B));
    else
      (void)B.Data.release(); // MPI may still write into it: leaked
  m->Final += hetile_timer_now() - T0;
  return E;
}
