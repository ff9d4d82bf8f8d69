//===- MpiSupport.cpp - MPI start-up, errors, datatypes, polite waits -------===//
//
// What every part of libhetile_rt_mpi needs: MPI initialised on demand (and
// finalised at exit when we initialised it), MPI's errors turned into
// HETILE_ERR_MPI, errors made the same on every rank, byte counts beyond
// int, and waiting for a message without stealing the cores of
// oversubscribed ranks, under the watchdog (issue #5: a failed rank makes
// the job fail with a message, never hang).
//
//===----------------------------------------------------------------------===//
#include "Env.h"
#include "Error.h"
#include "MpiSupport.h"

#include <sched.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <climits>
#include <ctime>
#include <mutex>
#include <new>
#include <vector>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

/// Registered with atexit when the runtime initialised MPI: finalises it
/// unless the program already did.
void finalizeAtExit() {
  int Finalized = 0;
  MPI_Finalized(&Finalized);
  if (!Finalized)
    MPI_Finalize();
}

} // namespace

/// A late wake-up costs at most ~6% of the wait, or 200 us.
void mpi::politePause(double Waited) {
  if (Waited < 50e-6)
    return;
  if (Waited < 2e-3) {
    sched_yield();
    return;
  }
  double Nap = std::min(200e-6, Waited / 16);
  struct timespec Req = {0, (long)(Nap * 1e9)};
  nanosleep(&Req, nullptr);
}

namespace {

/// Calls Poll(Done) until it sets Done (HETILE_OK) or returns an error,
/// pausing politely between calls; HETILE_ERR_TIMEOUT (no message set)
/// after Watchdog seconds (0: never).
template <typename F> int pollPolitely(double Watchdog, F Poll) {
  double Start = hetile_timer_now();
  while (true) {
    bool Done = false;
    if (int E = Poll(Done))
      return E;
    if (Done)
      return HETILE_OK;
    double Waited = hetile_timer_now() - Start;
    if (Watchdog > 0 && Waited > Watchdog)
      return HETILE_ERR_TIMEOUT;
    mpi::politePause(Waited);
  }
}

} // namespace

double mpi::threadCpuNow() { return hetile_timer_thread_cpu(); }

int mpi::ensureInit() {
  int Initialized = 0, Finalized = 0;
  MPI_Initialized(&Initialized);
  MPI_Finalized(&Finalized);
  if (Finalized)
    return fail(HETILE_ERR_MPI, "MPI has already been finalised");
  if (Initialized)
    return HETILE_OK;
  // MULTIPLE, for the threads of mpi+omp nests (they need SERIALIZED at
  // least: hetile_mpi_threads checks what was provided).
  int Provided = 0;
  if (int E = MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &Provided))
    return mpiFail(E, "MPI_Init_thread");
  std::atexit(finalizeAtExit);
  return HETILE_OK;
}

int mpi::mpiFail(int Err, const char *What) {
  char Text[MPI_MAX_ERROR_STRING] = "";
  int Len = 0;
  MPI_Error_string(Err, Text, &Len);
  return fail(HETILE_ERR_MPI, "%s failed: %s", What, Text);
}

int mpi::agree(MPI_Comm Comm, int Rank, int Err) {
  int Mine = Err < 0 ? Rank : INT_MAX, First = INT_MAX;
  if (int E = check(MPI_Allreduce(&Mine, &First, 1, MPI_INT, MPI_MIN, Comm),
                    "MPI_Allreduce"))
    return E;
  if (First == INT_MAX)
    return HETILE_OK;
  struct {
    int Code;
    char Text[512];
  } Msg = {Err, ""};
  if (Rank == First)
    std::snprintf(Msg.Text, sizeof Msg.Text, "%s", hetile_last_error());
  if (int E = check(MPI_Bcast(&Msg, sizeof Msg, MPI_BYTE, First, Comm),
                    "MPI_Bcast"))
    return E;
  if (Rank == First)
    return fail(Msg.Code, "%s", Msg.Text);
  return fail(Msg.Code, "rank %d: %s", First, Msg.Text);
}

int mpi::envWatchdog(double &Seconds) {
  std::shared_ptr<const env::Snapshot> Env = env::get();
  Seconds = Env->Watchdog.Value;
  return Env->Watchdog.check();
}

int mpi::envMaxCount(long &Count) {
  std::shared_ptr<const env::Snapshot> Env = env::get();
  Count = Env->MaxCount.Value;
  return Env->MaxCount.check();
}

ByteType::~ByteType() {
  int Finalized = 0;
  MPI_Finalized(&Finalized);
  if (Derived && !Finalized)
    MPI_Type_free(&Type);
}

/// Bytes <= MaxCount: MPI_BYTE x Bytes. Else the "large count" technique:
/// contiguous(N, contiguous(MaxCount, MPI_BYTE)), followed by the R bytes
/// left over in a struct type, sent with count 1.
int ByteType::init(size_t Bytes, long MaxCount) {
  if (Bytes <= (size_t)MaxCount) {
    Count = (int)Bytes;
    return HETILE_OK;
  }
  size_t N = Bytes / (size_t)MaxCount, R = Bytes % (size_t)MaxCount;
  if (N > (size_t)INT_MAX)
    return fail(HETILE_ERR_OVERFLOW, "a message of %zu bytes is too large for "
                "MPI", Bytes);
  MPI_Datatype Chunk, Chunks;
  if (int E = check(MPI_Type_contiguous((int)MaxCount, MPI_BYTE, &Chunk),
                    "MPI_Type_contiguous"))
    return E;
  int E = check(MPI_Type_contiguous((int)N, Chunk, &Chunks),
                "MPI_Type_contiguous");
  MPI_Type_free(&Chunk);
  if (E)
    return E;
  Type = Chunks;
  if (R > 0) {
    int Lengths[2] = {1, (int)R};
    MPI_Aint Displacements[2] = {0, (MPI_Aint)(N * (size_t)MaxCount)};
    MPI_Datatype Types[2] = {Chunks, MPI_BYTE};
    E = check(MPI_Type_create_struct(2, Lengths, Displacements, Types, &Type),
              "MPI_Type_create_struct");
    MPI_Type_free(&Chunks);
    if (E)
      return E;
  }
  Derived = true;
  Count = 1;
  return check(MPI_Type_commit(&Type), "MPI_Type_commit");
}

int mpi::waitMessage(MPI_Comm Comm, int Src, int Tag, double Watchdog,
                     MPI_Message &Msg, MPI_Status &Status, std::mutex *Lock) {
  return pollPolitely(Watchdog, [&](bool &Done) {
    int Flag = 0;
    MaybeLock G(Lock);
    int E = check(MPI_Improbe(Src, Tag, Comm, &Flag, &Msg, &Status),
                  "MPI_Improbe");
    Done = Flag;
    return E;
  });
}

int mpi::waitRequest(MPI_Request &Request, double Watchdog,
                     const std::function<int()> &Between) {
  return pollPolitely(Watchdog, [&](bool &Done) {
    int Flag = 0;
    int E = check(MPI_Test(&Request, &Flag, MPI_STATUS_IGNORE), "MPI_Test");
    Done = Flag;
    if (!E && !Done && Between)
      E = Between();
    return E;
  });
}

int mpi::messageBytes(const MPI_Status &Status, size_t &Bytes) {
  MPI_Count N = 0;
  if (int E = check(MPI_Get_elements_x(&Status, MPI_BYTE, &N),
                    "MPI_Get_elements_x"))
    return E;
  if (N < 0)
    return fail(HETILE_ERR_MPI, "MPI_Get_elements_x: undefined size");
  Bytes = (size_t)N;
  return HETILE_OK;
}

int mpi::recvExact(MPI_Comm Comm, int Me, int Src, int Tag, void *Buf,
                   size_t Bytes, double Watchdog, long MaxCount,
                   double &Waited, std::mutex *Lock) {
  MPI_Message Msg;
  MPI_Status Status;
  double Start = hetile_timer_now();
  int E = waitMessage(Comm, Src, Tag, Watchdog, Msg, Status, Lock);
  Waited = hetile_timer_now() - Start;
  if (E == HETILE_ERR_TIMEOUT)
    return fail(E, "rank %d: no message from rank %d (tag %d) after %g s "
                "(HETILE_WATCHDOG): rank %d failed or the program deadlocked "
                "(if it is only slow, raise HETILE_WATCHDOG)",
                Me, Src, Tag, Watchdog, Src);
  if (E)
    return E;
  MaybeLock G(Lock);
  size_t Got = 0;
  if ((E = messageBytes(Status, Got)))
    return E;
  // FIXME: the mismatched message stays matched and unreceived; callers
  // abort on this error, so it is not drained.
  if (Got != Bytes)
    return fail(HETILE_ERR_INVALID, "rank %d: the message from rank %d (tag "
                "%d) has %zu bytes, %zu expected", Me, Src, Tag, Got, Bytes);
  ByteType Type;
  if ((E = Type.init(Bytes, MaxCount)))
    return E;
  return check(MPI_Mrecv(Buf, Type.count(), Type.type(), &Msg,
                         MPI_STATUS_IGNORE), "MPI_Mrecv");
}

extern "C" int hetile_mpi_world_rank(void) {
  if (int E = ensureInit())
    return E;
  int Rank = 0;
  if (int E = check(MPI_Comm_rank(MPI_COMM_WORLD, &Rank), "MPI_Comm_rank"))
    return E;
  return Rank;
}

extern "C" int hetile_mpi_world_size(void) {
  if (int E = ensureInit())
    return E;
  int Size = 0;
  if (int E = check(MPI_Comm_size(MPI_COMM_WORLD, &Size), "MPI_Comm_size"))
    return E;
  return Size;
}

extern "C" int hetile_mpi_agree(int ok) {
  if (int E = ensureInit())
    return E;
  int Mine = ok ? 1 : 0, All = 0;
  if (int E = check(MPI_Allreduce(&Mine, &All, 1, MPI_INT, MPI_LAND,
                                  MPI_COMM_WORLD),
                    "MPI_Allreduce"))
    return E;
  return All ? 1 : 0;
}

int mpi::openWorldComm(MPI_Comm &Comm, int &Rank, int &Size, int &TagUb) {
  // The first collective of a nest, under the watchdog: a rank that never
  // comes (it finished, failed before, or runs another nest) must not
  // leave the others blocked. A malformed HETILE_WATCHDOG is reported by
  // the nest's settings (MpiNest.cpp), on every rank; the default bounds
  // this wait meanwhile.
  double Watchdog;
  if (envWatchdog(Watchdog))
    Watchdog = 120;
  MPI_Request Dup;
  if (int E = check(MPI_Comm_idup(MPI_COMM_WORLD, &Comm, &Dup),
                    "MPI_Comm_idup"))
    return E;
  int E = waitRequest(Dup, Watchdog);
  if (E == HETILE_ERR_TIMEOUT) {
    int World = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &World);
    Comm = MPI_COMM_NULL; // never completed: not ours to free
    return fail(HETILE_ERR_TIMEOUT, "rank %d: not every rank started the "
                "nest within %g s (HETILE_WATCHDOG): a rank failed or ended "
                "before it, or the ranks run different nests", World,
                Watchdog);
  }
  if (E)
    return E;
  if (int E = check(MPI_Comm_set_errhandler(Comm, MPI_ERRORS_RETURN),
                    "MPI_Comm_set_errhandler"))
    return E;
  MPI_Comm_rank(Comm, &Rank);
  MPI_Comm_size(Comm, &Size);
  void *Value = nullptr;
  int Flag = 0;
  MPI_Comm_get_attr(Comm, MPI_TAG_UB, &Value, &Flag);
  TagUb = Flag && Value ? *(int *)Value : 32767;
  return HETILE_OK;
}

mpi::OwnComm::~OwnComm() {
  int Finalized = 0;
  MPI_Finalized(&Finalized);
  if (Comm != MPI_COMM_NULL && !Finalized)
    MPI_Comm_free(&Comm);
}

namespace {

/// The spare buffers of the process, largest first.
struct SpareBuffers {
  std::mutex Lock;
  std::vector<Buffer> Free;
};

SpareBuffers &spares() {
  static SpareBuffers S;
  return S;
}

/// How many spare buffers the process keeps: a nest's contribution and
/// result, and those of a second nest.
const size_t MaxSpareBuffers = 4;

} // namespace

Buffer mpi::takeFromPool(std::vector<Buffer> &Pool, size_t Bytes) {
  // Largest first: the last one large enough is the smallest that fits.
  for (size_t I = Pool.size(); I-- > 0;)
    if (Pool[I].Capacity >= Bytes) {
      Buffer B = std::move(Pool[I]);
      Pool.erase(Pool.begin() + I);
      return B;
    }
  Buffer B;
  B.Data.reset(new (std::nothrow) char[Bytes > 0 ? Bytes : 1]);
  B.Capacity = B.Data ? Bytes : 0;
  return B;
}

Buffer mpi::takeBuffer(size_t Bytes) {
  SpareBuffers &S = spares();
  std::lock_guard<std::mutex> G(S.Lock);
  return takeFromPool(S.Free, Bytes);
}

void mpi::reuseBuffer(Buffer &&B) {
  if (!B.Data)
    return;
  SpareBuffers &S = spares();
  std::lock_guard<std::mutex> G(S.Lock);
  S.Free.push_back(std::move(B));
  std::sort(S.Free.begin(), S.Free.end(), [](const Buffer &L, const Buffer &R) {
    return L.Capacity > R.Capacity;
  });
  if (S.Free.size() > MaxSpareBuffers)
    S.Free.resize(MaxSpareBuffers);
}
