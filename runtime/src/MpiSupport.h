//===- MpiSupport.h - MPI start-up, errors, waits and buffers ---*- C++ -*-===//
//
// What every file of libhetile_rt_mpi uses, below any model: MPI start-up,
// errors of MPI turned into HETILE_ERR_MPI, errors made consistent across
// ranks, datatypes for messages beyond int counts, the polite wait for a
// message under the watchdog, a private communicator and the process's
// spare buffers.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_RT_MPISUPPORT_H
#define HETILE_RT_MPISUPPORT_H

#include "hetile_rt_mpi.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace hetile::rt::mpi {

/// Initialises MPI if the program has not (MPI_THREAD_MULTIPLE asked, for
/// the threads of mpi+omp; whatever is provided) and then registers
/// MPI_Finalize with atexit (skipped if the program finalises MPI itself).
/// HETILE_ERR_MPI if MPI was already finalised.
int ensureInit();

/// The seconds of CPU time the calling thread has used
/// (CLOCK_THREAD_CPUTIME_ID): what the emulated slowdown multiplies.
double threadCpuNow();

/// Returns HETILE_ERR_MPI with "What: <MPI's message for Err>".
int mpiFail(int Err, const char *What);

/// 0 if Err is MPI_SUCCESS, else mpiFail(Err, What).
inline int check(int Err, const char *What) {
  return Err == MPI_SUCCESS ? 0 : mpiFail(Err, What);
}

/// Makes an error consistent across the ranks of Comm (collective): 0 if
/// Err == 0 on every rank, else, on every rank, the code and message of the
/// lowest failing rank (prefixed with "rank R: " on the other ranks).
int agree(MPI_Comm Comm, int Rank, int Err);

/// HETILE_WATCHDOG: seconds >= 0 (default 120; 0 waits forever).
int envWatchdog(double &Seconds);

/// HETILE_MPI_MAX_COUNT: the largest count of one MPI call, 1..INT_MAX
/// (default INT_MAX). Lowering it exercises the derived-datatype paths.
int envMaxCount(long &Count);

/// A datatype and count describing exactly Bytes contiguous bytes: MPI_BYTE
/// x Bytes when Bytes <= MaxCount, else one derived type (chunks of
/// MaxCount bytes and a remainder), freed with the object. Its type
/// signature is Bytes MPI_BYTEs either way, so either form matches the
/// other at the receiver.
class ByteType {
public:
  ByteType() = default;
  ByteType(const ByteType &) = delete;
  ByteType &operator=(const ByteType &) = delete;
  ~ByteType();
  int init(size_t Bytes, long MaxCount);
  MPI_Datatype type() const { return Type; }
  int count() const { return Count; }

private:
  MPI_Datatype Type = MPI_BYTE;
  int Count = 0;
  bool Derived = false;
};

/// Locks Lock, if not null, for the life of the object: the MPI calls of
/// a nest run by several threads are serialised (MPI_THREAD_SERIALIZED).
class MaybeLock {
public:
  explicit MaybeLock(std::mutex *Lock) : Lock(Lock) {
    if (Lock)
      Lock->lock();
  }
  MaybeLock(const MaybeLock &) = delete;
  MaybeLock &operator=(const MaybeLock &) = delete;
  ~MaybeLock() {
    if (Lock)
      Lock->unlock();
  }

private:
  std::mutex *Lock;
};

/// One step of a polite wait that has lasted Waited seconds: spin for the
/// first 50 us, yield until 2 ms, then sleep Waited/16, at most 200 us.
void politePause(double Waited);

/// Waits until a message from Src with Tag can be received on Comm (matched
/// with MPI_Improbe, so that it is received with MPI_Mrecv), spinning
/// briefly, then yielding, then sleeping up to 200 us at a time: ranks may
/// outnumber cores. HETILE_ERR_TIMEOUT (no message set) after Watchdog
/// seconds (0: never). Lock (may be null) is held during each probe only.
int waitMessage(MPI_Comm Comm, int Src, int Tag, double Watchdog,
                MPI_Message &Msg, MPI_Status &Status,
                std::mutex *Lock = nullptr);

/// Waits politely (as waitMessage) until Request completes;
/// HETILE_ERR_TIMEOUT (no message set) after Watchdog seconds (0: never).
/// Between (if given) runs after each test that finds it pending; its
/// error ends the wait.
int waitRequest(MPI_Request &Request, double Watchdog,
                const std::function<int()> &Between = {});

/// The size in bytes of a matched message.
int messageBytes(const MPI_Status &Status, size_t &Bytes);

/// Receives exactly Bytes bytes from Src with Tag on Comm under the
/// watchdog (waitMessage + size check + MPI_Mrecv); Waited receives the
/// seconds spent waiting. Timeout messages name Me, Src and Tag. Lock (may
/// be null) is held during each MPI call, not while waiting.
int recvExact(MPI_Comm Comm, int Me, int Src, int Tag, void *Buf,
              size_t Bytes, double Watchdog, long MaxCount, double &Waited,
              std::mutex *Lock = nullptr);

/// Opens a private communicator (MPI_Comm_idup of MPI_COMM_WORLD under the
/// watchdog of HETILE_WATCHDOG, returning errors instead of aborting) and
/// reads its rank, size and largest tag (MPI_TAG_UB; 32767 when MPI does not
/// say). Comm stays MPI_COMM_NULL when the duplicate never completed.
int openWorldComm(MPI_Comm &Comm, int &Rank, int &Size, int &TagUb);

/// A private communicator of the calls that need no nest
/// (hetile_mpi_calibrate, hetile_mpi_pingpong), freed with the object
/// unless MPI is finalised.
struct OwnComm {
  MPI_Comm Comm = MPI_COMM_NULL;
  int Rank = 0, Size = 1, TagUb = 32767;
  OwnComm() = default;
  OwnComm(const OwnComm &) = delete;
  OwnComm &operator=(const OwnComm &) = delete;
  ~OwnComm();
  int open() { return openWorldComm(Comm, Rank, Size, TagUb); }
};

/// A heap buffer whose address does not move when the object does.
struct Buffer {
  std::unique_ptr<char[]> Data;
  size_t Capacity = 0;
};

/// A buffer of at least Bytes bytes (Data null when out of memory): the
/// smallest of the process's spare buffers that is large enough, else a new
/// one. The final exchange of a nest inside a time loop thus reuses the
/// same memory at every step instead of allocating (and faulting in) its
/// arrays' size twice per step. Thread-safe.
Buffer takeBuffer(size_t Bytes);
/// The last buffer of \p Pool with at least Bytes (the smallest that fits
/// when Pool is sorted largest first), removed from it, else a new one (Data
/// null when out of memory).
Buffer takeFromPool(std::vector<Buffer> &Pool, size_t Bytes);
/// Keeps B among the process's spare buffers (the largest few).
void reuseBuffer(Buffer &&B);

} // namespace hetile::rt::mpi

#endif
