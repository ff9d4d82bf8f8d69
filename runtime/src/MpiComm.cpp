//===- MpiComm.cpp - the pipeline's messages, compute brackets, end ---------===//
//
// The messages of the pipelined schedule ([BDRV98] section 3.2): a block's
// row sends its boundary data to the owner of the next column with a
// non-blocking send, so that communication overlaps the computation of the
// next row (the overlap assumed by hypothesis H3); the owner of the first
// column of the next block receives it before computing that row. Send
// buffers belong to the runtime until their send completes; completed sends
// are reaped on later calls and their buffers reused.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "MpiClusters.h"
#include "MpiInternal.h"

#include <ctime>
#include <new>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

/// How many spare send buffers a nest keeps for reuse.
const size_t MaxSpare = 16;

void keepSpare(hetile_mpi &M, Buffer &&B) {
  if (M.Spare.size() < MaxSpare)
    M.Spare.push_back(std::move(B));
}

/// Moves the buffers of completed sends to the spares (MPI_Testsome).
int reap(hetile_mpi &M) {
  size_t N = M.Pending.size();
  if (N == 0)
    return HETILE_OK;
  std::vector<MPI_Request> Requests(N);
  for (size_t I = 0; I < N; ++I)
    Requests[I] = M.Pending[I].Request;
  std::vector<int> Done(N);
  int Count = 0;
  if (int E = check(MPI_Testsome((int)N, Requests.data(), &Count, Done.data(),
                                 MPI_STATUSES_IGNORE), "MPI_Testsome"))
    return E;
  if (Count == MPI_UNDEFINED || Count == 0)
    return HETILE_OK;
  std::vector<char> Completed(N, 0);
  for (int K = 0; K < Count; ++K)
    Completed[Done[K]] = 1;
  size_t Kept = 0;
  for (size_t I = 0; I < N; ++I) {
    if (Completed[I]) {
      keepSpare(M, std::move(M.Pending[I].Buf));
      continue;
    }
    if (Kept != I)
      M.Pending[Kept] = std::move(M.Pending[I]);
    ++Kept;
  }
  M.Pending.resize(Kept);
  return HETILE_OK;
}

/// The smallest spare buffer of at least Bytes bytes, or a new one.
Buffer takeSendBuffer(hetile_mpi &M, size_t Bytes) {
  size_t Best = M.Spare.size();
  for (size_t I = 0; I < M.Spare.size(); ++I)
    if (M.Spare[I].Capacity >= Bytes &&
        (Best == M.Spare.size() || M.Spare[I].Capacity < M.Spare[Best].Capacity))
      Best = I;
  Buffer B;
  if (Best < M.Spare.size()) {
    B = std::move(M.Spare[Best]);
    M.Spare.erase(M.Spare.begin() + Best);
    return B;
  }
  B.Data.reset(new (std::nothrow) char[Bytes > 0 ? Bytes : 1]);
  B.Capacity = B.Data ? Bytes : 0;
  return B;
}

} // namespace

extern "C" void *hetile_mpi_send_buffer(hetile_mpi *m, size_t bytes) {
  if (!m) {
    fail(HETILE_ERR_INVALID, "hetile_mpi_send_buffer: null nest");
    return nullptr;
  }
  MaybeLock G(m->Lock.get());
  if (reap(*m))
    return nullptr;
  Buffer B = takeSendBuffer(*m, bytes);
  if (!B.Data) {
    fail(HETILE_ERR_NOMEM, "rank %d: no memory for a message of %zu bytes",
         m->Rank, bytes);
    return nullptr;
  }
  m->HandedOut.push_back(std::move(B));
  return m->HandedOut.back().Data.get();
}

extern "C" int hetile_mpi_send(hetile_mpi *m, int dest, int tag, void *buf,
                               size_t bytes) {
  if (!m || dest < 0 || dest >= m->Size || tag < 0 || tag >= m->TagUb)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_send: bad nest, destination "
                "%d or tag %d", dest, tag);
  if (m->Threads.size() == 1)
    if (int E = payEmulation(*m))
      return E;
  MaybeLock G(m->Lock.get());
  size_t I = m->HandedOut.size();
  while (I > 0 && m->HandedOut[I - 1].Data.get() != buf)
    --I;
  if (I == 0)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_send: the buffer does not "
                "come from hetile_mpi_send_buffer");
  Buffer &B = m->HandedOut[I - 1];
  if (bytes > B.Capacity)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_send: %zu bytes in a buffer of "
                "%zu", bytes, B.Capacity);
  double T0 = hetile_timer_now();
  if (int E = payLink(*m, dest, bytes))
    return E;
  ByteType Type;
  Outgoing O;
  if (int E = Type.init(bytes, m->MaxCount))
    return E;
  if (int E = check(MPI_Isend(B.Data.get(), Type.count(), Type.type(), dest,
                              tag, m->Comm, &O.Request), "MPI_Isend"))
    return E;
  O.Buf = std::move(B);
  m->HandedOut.erase(m->HandedOut.begin() + (I - 1));
  m->Pending.push_back(std::move(O));
  ++m->Messages;
  m->BytesSent += bytes;
  int E = reap(*m);
  m->Communicate += hetile_timer_now() - T0;
  return E;
}

extern "C" int hetile_mpi_recv(hetile_mpi *m, int src, int tag, void *buf,
                               size_t bytes) {
  if (!m || src < 0 || src >= m->Size || tag < 0 || tag >= m->TagUb ||
      (!buf && bytes > 0))
    return fail(HETILE_ERR_INVALID, "hetile_mpi_recv: bad nest, source %d, "
                "tag %d or buffer", src, tag);
  if (m->Threads.size() == 1)
    if (int E = payEmulation(*m))
      return E;
  double T0 = hetile_timer_now(), Waited = 0;
  {
    MaybeLock G(m->Lock.get());
    if (int E = reap(*m))
      return E;
  }
  int E = recvExact(m->Comm, m->Rank, src, tag, buf, bytes, m->Watchdog,
                    m->MaxCount, Waited, m->Lock.get());
  MaybeLock G(m->Lock.get());
  m->Wait += Waited;
  m->Communicate += hetile_timer_now() - T0 - Waited;
  return E;
}

int mpi::postBytes(hetile_mpi &M, MPI_Comm Comm, bool Send, char *Data,
                   size_t Bytes, int Peer, std::vector<MPI_Request> &Requests) {
  for (size_t Done = 0; Done < Bytes;) {
    size_t Piece = std::min(Bytes - Done, (size_t)M.MaxCount);
    MPI_Request R;
    int E = Send ? MPI_Isend(Data + Done, (int)Piece, MPI_BYTE, Peer, M.TagUb,
                             Comm, &R)
                 : MPI_Irecv(Data + Done, (int)Piece, MPI_BYTE, Peer, M.TagUb,
                             Comm, &R);
    if (E != MPI_SUCCESS)
      return mpiFail(E, Send ? "MPI_Isend" : "MPI_Irecv");
    Requests.push_back(R);
    if (Send)
      ++M.FinalMessages;
    Done += Piece;
  }
  return HETILE_OK;
}

extern "C" int hetile_mpi_tag_ub(const hetile_mpi *m) {
  if (!m)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_tag_ub: null nest");
  return m->TagUb - 1;
}

extern "C" int hetile_mpi_thread_compute_begin(hetile_mpi *m, int thread) {
  if (!m || thread < 0 || thread >= (int)m->Threads.size())
    return fail(HETILE_ERR_INVALID, "hetile_mpi_compute_begin: null nest or "
                "thread %d out of range", thread);
  ThreadState &T = m->Threads[thread];
  T.ComputeStart = hetile_timer_now();
  if (m->EmulateFactor > 1)
    T.CpuStart = threadCpuNow();
  return HETILE_OK;
}

extern "C" int hetile_mpi_compute_begin(hetile_mpi *m) {
  return hetile_mpi_thread_compute_begin(m, 0);
}

/// The emulated slowdown ([BDRV98] Table 1 speeds on one machine): after
/// `Work` seconds of CPU time a thread of a rank of factor F owes (F - 1)
/// Work seconds of sleep. CPU time, not wall time: on a loaded machine the
/// time a thread waits for a core is not work, and multiplying it would
/// multiply the load. The debt is paid when it reaches 1 ms, and always
/// before the rank communicates; the time actually slept is subtracted, so
/// that nanosleep's overshoot (tens of microseconds, more under load) does
/// not accumulate over many small tiles.
int mpi::payEmulation(hetile_mpi &M, int Thread) {
  ThreadState &T = M.Threads[Thread];
  if (M.EmulateFactor <= 1 || T.SleepDebt <= 0)
    return HETILE_OK;
  double T0 = hetile_timer_now();
  int E = hetile_emulate_delay(M.Rank, T.SleepDebt / (M.EmulateFactor - 1));
  double Slept = hetile_timer_now() - T0;
  T.SleepDebt -= Slept;
  MaybeLock G(M.Lock.get());
  M.Compute += Slept;
  return E < 0 ? E : HETILE_OK;
}

extern "C" int hetile_mpi_thread_compute_end(hetile_mpi *m, int thread,
                                             long tiles) {
  if (!m || thread < 0 || thread >= (int)m->Threads.size() ||
      m->Threads[thread].ComputeStart < 0 || tiles < 0)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_compute_end: null nest, "
                "thread %d out of range, no compute_begin before, or %ld "
                "tiles", thread, tiles);
  ThreadState &T = m->Threads[thread];
  double Work = hetile_timer_now() - T.ComputeStart;
  T.ComputeStart = -1;
  if (m->EmulateFactor > 1)
    T.SleepDebt += (m->EmulateFactor - 1) * (threadCpuNow() - T.CpuStart);
  {
    MaybeLock G(m->Lock.get());
    m->Compute += Work;
    m->Tiles += tiles;
  }
  // Several threads: no thread pays another's debt before a message, so
  // each pays its own at once.
  bool Pay = m->Threads.size() > 1 ? T.SleepDebt > 0 : T.SleepDebt >= 1e-3;
  return Pay ? payEmulation(*m, thread) : HETILE_OK;
}

extern "C" int hetile_mpi_compute_end(hetile_mpi *m, long tiles) {
  return hetile_mpi_thread_compute_end(m, 0, tiles);
}

/// Waits politely, under the watchdog, until every send has completed.
static int completeSends(hetile_mpi &M) {
  double Start = hetile_timer_now();
  int E = HETILE_OK;
  for (long Tries = 0; !(E = reap(M)) && !M.Pending.empty(); ++Tries) {
    double Waited = hetile_timer_now() - Start;
    if (M.Watchdog > 0 && Waited > M.Watchdog) {
      E = fail(HETILE_ERR_TIMEOUT, "rank %d: %zu sends not received after %g s "
               "(HETILE_WATCHDOG): a receiver failed or the program "
               "deadlocked (if it is only slow, raise HETILE_WATCHDOG)",
               M.Rank, M.Pending.size(), M.Watchdog);
      break;
    }
    if (Tries > 64) {
      struct timespec Nap = {0, 50000};
      nanosleep(&Nap, nullptr);
    }
  }
  M.Wait += hetile_timer_now() - Start;
  return E;
}

extern "C" int hetile_mpi_end(hetile_mpi *m) {
  if (!m)
    return HETILE_OK;
  std::unique_ptr<hetile_mpi> M(m);
  int E = HETILE_OK;
  for (int T = 0; T < (int)M->Threads.size() && !E; ++T)
    E = payEmulation(*M, T);
  int E2 = completeSends(*M);
  return E ? E : E2;
}
