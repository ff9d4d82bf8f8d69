//===- MpiCalibrate.cpp - cycle times and communication costs of the ranks --===//
//
// Issue #4 item 5 on MPI ranks: each rank's cycle time t_i, timed on the
// calibration workload (hetile_calibrate_run), and the communication cost
// T_com = startup + bytes * per_byte of [BDRV98] hypothesis H3 (the beta +
// tau_t model of [AY98] (3)), by ping-pong. In both, the ranks take turns
// and the others wait politely (sleeping), so that on an oversubscribed
// machine each measurement runs without competing busy-waiting ranks.
//
//===----------------------------------------------------------------------===//
#include "MpiCalibrate.h"
#include "Error.h"

#include "hetile_platform.h"

#include <algorithm>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

/// Tags of the runtime's own messages on its private communicators (sent
/// before the generated code sends anything).
enum { TagTurn = 1, TagAll = 2, TagControl = 3, TagPing = 4, TagPong = 5 };

/// Message sizes of the ping-pong, and how many round trips of each size.
const size_t PingSizes[] = {0, 64, 1024, 16384, 131072, 1048576};
const int WarmUp = 2, Repeats = 11;

/// Rank 0 to rank q: Go = 1 "your turn to answer pings", else the result.
struct Control {
  int Go;
  int Code;
  double Startup, PerByte;
};

int sendTo(MPI_Comm Comm, int Dest, int Tag, const void *Buf, size_t Bytes) {
  return check(MPI_Send(Buf, (int)Bytes, MPI_BYTE, Dest, Tag, Comm),
               "MPI_Send");
}

int recvFrom(MPI_Comm Comm, int Me, int Src, int Tag, void *Buf, size_t Bytes,
             double Watchdog) {
  double Waited;
  return recvExact(Comm, Me, Src, Tag, Buf, Bytes, Watchdog, INT_MAX, Waited);
}

/// Rank 0's side of the ping-pong with rank Q: appends Repeats round-trip
/// times of each size, size after size (hetile_pingpong_fit's layout).
int pingRank(MPI_Comm Comm, int Q, char *Buf, double Watchdog,
             std::vector<double> &RoundTrips) {
  for (size_t S : PingSizes)
    for (int R = 0; R < WarmUp + Repeats; ++R) {
      double T0 = MPI_Wtime();
      if (int E = sendTo(Comm, Q, TagPing, Buf, S))
        return E;
      if (int E = recvFrom(Comm, 0, Q, TagPong, Buf, S, Watchdog))
        return E;
      if (R >= WarmUp)
        RoundTrips.push_back(MPI_Wtime() - T0);
    }
  return HETILE_OK;
}

/// Rank Me's side of pingRank.
int pongRank(MPI_Comm Comm, int Me, char *Buf, double Watchdog) {
  for (size_t S : PingSizes)
    for (int R = 0; R < WarmUp + Repeats; ++R) {
      if (int E = recvFrom(Comm, Me, 0, TagPing, Buf, S, Watchdog))
        return E;
      if (int E = sendTo(Comm, 0, TagPong, Buf, S))
        return E;
    }
  return HETILE_OK;
}

/// Rank 0: ping-pong with every other rank in turn, then the fitted line
/// (or the error) to everyone.
int pingAll(const OwnComm &M, char *Buf, double Watchdog, Control &Result) {
  std::vector<double> RoundTrips, Bytes;
  int E = HETILE_OK;
  for (int Q = 1; Q < M.Size && !E; ++Q) {
    Control Go = {1, 0, 0, 0};
    E = sendTo(M.Comm, Q, TagControl, &Go, sizeof Go);
    if (!E)
      E = pingRank(M.Comm, Q, Buf, Watchdog, RoundTrips);
    for (size_t S : PingSizes)
      Bytes.push_back((double)S);
  }
  Result = {0, E, 0, 0};
  if (!E && !Bytes.empty())
    E = hetile_pingpong_fit((int)Bytes.size(), Bytes.data(), Repeats,
                            RoundTrips.data(), &Result.Startup,
                            &Result.PerByte);
  Result.Code = E;
  for (int Q = 1; Q < M.Size; ++Q)
    if (int E2 = sendTo(M.Comm, Q, TagControl, &Result, sizeof Result))
      E = E ? E : E2;
  return E;
}

/// Rank Me > 0: answer pings when told, then receive the result.
int serve(const OwnComm &M, char *Buf, double Watchdog, Control &Result) {
  int E = HETILE_OK;
  while (true) {
    if (int E2 = recvFrom(M.Comm, M.Rank, 0, TagControl, &Result,
                          sizeof Result, Watchdog))
      return E2;
    if (!Result.Go)
      return E;
    E = pongRank(M.Comm, M.Rank, Buf, Watchdog);
  }
}

/// The least of Runs calibrations (each already the best of 3 runs of the
/// workload): the workload is short, and one descheduling or cache miss
/// storm must not make a rank look slow.
int bestRun(int Rank, double &Seconds) {
  const int Runs = 3;
  for (int R = 0; R < Runs; ++R) {
    double S = 0;
    if (int E = hetile_calibrate_run(Rank, &S))
      return E;
    Seconds = R == 0 ? S : std::min(Seconds, S);
  }
  return HETILE_OK;
}

/// The sizes of a pair's ping-pong (pingPair), up to 16 KiB: the
/// pipeline's messages between clusters are rows of a panel (a tile's
/// face), and a link 20 times slower than shared memory is then measured in
/// a few hundredths of a second.
const size_t PairSizes[] = {0, 64, 1024, 4096, 16384};

} // namespace

int mpi::pingPair(MPI_Comm Comm, int Rank, int Size, int A, int B,
                  double Watchdog,
                  const std::function<int(int Peer, size_t Bytes)> &BeforeSend,
                  double &Startup, double &PerByte) {
  Control Result = {0, 0, 0, 0};
  int E = HETILE_OK;
  if (Rank == A || Rank == B) {
    std::vector<char> Buf(PairSizes[std::size(PairSizes) - 1]);
    std::vector<double> RoundTrips, Bytes;
    int Peer = Rank == A ? B : A;
    for (size_t S : PairSizes) {
      Bytes.push_back((double)S);
      for (int R = 0; R < WarmUp + Repeats && !E; ++R) {
        double T0 = MPI_Wtime();
        if (Rank == B)
          E = recvFrom(Comm, B, A, TagPing, Buf.data(), S, Watchdog);
        if (!E)
          E = BeforeSend(Peer, S);
        if (!E)
          E = sendTo(Comm, Peer, Rank == A ? TagPing : TagPong, Buf.data(),
                     S);
        if (!E && Rank == A)
          E = recvFrom(Comm, A, B, TagPong, Buf.data(), S, Watchdog);
        if (R >= WarmUp)
          RoundTrips.push_back(MPI_Wtime() - T0);
      }
    }
    if (Rank == A) {
      if (!E)
        E = hetile_pingpong_fit((int)Bytes.size(), Bytes.data(), Repeats,
                                RoundTrips.data(), &Result.Startup,
                                &Result.PerByte);
      Result.Code = E;
    }
  }
  // A hands the fitted line (or its error) to every other rank; they wait
  // politely meanwhile (recvExact), not in a busy collective.
  for (int Q = 0; Rank == A && Q < Size; ++Q)
    if (Q != A)
      if (int E2 = sendTo(Comm, Q, TagControl, &Result, sizeof Result))
        E = E ? E : E2;
  if (Rank != A && !E)
    E = recvFrom(Comm, Rank, A, TagControl, &Result, sizeof Result,
                 Watchdog);
  if ((E = agree(Comm, Rank, E ? E : Result.Code)))
    return E;
  Startup = Result.Startup;
  PerByte = Result.PerByte;
  return HETILE_OK;
}

int mpi::calibrateOn(MPI_Comm Comm, int Rank, int Size, double Watchdog,
                     std::vector<double> &Seconds,
                     std::vector<double> &Times) {
  Seconds.assign(Size, 1.0);
  Times.assign(Size, 1.0);
  // The turn passes from rank to rank with the seconds measured so far.
  int E = HETILE_OK;
  if (Rank > 0)
    E = recvFrom(Comm, Rank, Rank - 1, TagTurn, Seconds.data(),
                 Rank * sizeof(double), Watchdog);
  int Mine = E ? E : bestRun(Rank, Seconds[Rank]);
  if (Mine < 0)
    Seconds[Rank] = 1.0; // the turn goes on; the error is agreed below
  if (!E && Rank + 1 < Size)
    E = sendTo(Comm, Rank + 1, TagTurn, Seconds.data(),
               (Rank + 1) * sizeof(double));
  // The last rank has every measurement and hands it to the others.
  size_t All = Size * sizeof(double);
  if (!E && Rank < Size - 1)
    E = recvFrom(Comm, Rank, Size - 1, TagAll, Seconds.data(), All, Watchdog);
  for (int Q = 0; !E && Rank == Size - 1 && Q < Size - 1; ++Q)
    E = sendTo(Comm, Q, TagAll, Seconds.data(), All);
  if ((E = agree(Comm, Rank, E ? E : Mine)))
    return E;
  return hetile_calibrate_snap(Size, Seconds.data(), Times.data());
}

extern "C" int hetile_mpi_calibrate(double *t_out, double *seconds_out) {
  if (!t_out)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_calibrate: no output");
  if (int E = ensureInit())
    return E;
  OwnComm M;
  if (int E = M.open())
    return E;
  double Watchdog = 120;
  if (int E = agree(M.Comm, M.Rank, envWatchdog(Watchdog)))
    return E;
  std::vector<double> Seconds, Times;
  if (int E = calibrateOn(M.Comm, M.Rank, M.Size, Watchdog, Seconds, Times))
    return E;
  std::copy(Times.begin(), Times.end(), t_out);
  if (seconds_out)
    std::copy(Seconds.begin(), Seconds.end(), seconds_out);
  return HETILE_OK;
}

extern "C" int hetile_mpi_pingpong(double *startup_out, double *per_byte_out) {
  if (!startup_out || !per_byte_out)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_pingpong: no output");
  if (int E = ensureInit())
    return E;
  OwnComm M;
  if (int E = M.open())
    return E;
  double Watchdog = 120;
  if (int E = agree(M.Comm, M.Rank, envWatchdog(Watchdog)))
    return E;
  std::vector<char> Buf(PingSizes[std::size(PingSizes) - 1]);
  Control Result = {0, 0, 0, 0};
  int E = M.Rank == 0 ? pingAll(M, Buf.data(), Watchdog, Result)
                      : serve(M, Buf.data(), Watchdog, Result);
  if ((E = agree(M.Comm, M.Rank, E)))
    return E;
  *startup_out = Result.Startup;
  *per_byte_out = Result.PerByte;
  return HETILE_OK;
}
