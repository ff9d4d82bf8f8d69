//===- MpiCalibrate.h - cycle times and link costs of ranks -----*- C++ -*-===//
//
// The measurements of libhetile_rt_mpi (MpiCalibrate.cpp): the ranks' cycle
// times and the one-way cost of a message between two ranks. They know
// nothing of a nest: the communicator and what a send must pay before it
// are arguments.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_RT_MPICALIBRATE_H
#define HETILE_RT_MPICALIBRATE_H

#include "MpiSupport.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace hetile::rt::mpi {

/// Calibrates the ranks of Comm (collective): Seconds and Times get Size
/// entries, identical on every rank. The ranks take turns, so that each is
/// timed while the others sleep (ranks may outnumber cores).
int calibrateOn(MPI_Comm Comm, int Rank, int Size, double Watchdog,
                std::vector<double> &Seconds, std::vector<double> &Times);

/// Collective on Comm (Size ranks, this one Rank): the one-way start-up and
/// per-byte costs between ranks A and B, by ping-pong (hetile_pingpong_fit's
/// line through the fastest round trips); BeforeSend(Peer, Bytes) runs
/// before each send of the pair (the emulated link of the caller's
/// clusters: MpiClusters.cpp), its error ending the measurement; every rank
/// receives A's result.
int pingPair(MPI_Comm Comm, int Rank, int Size, int A, int B,
             double Watchdog,
             const std::function<int(int Peer, size_t Bytes)> &BeforeSend,
             double &Startup, double &PerByte);

} // namespace hetile::rt::mpi

#endif
