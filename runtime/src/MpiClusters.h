//===- MpiClusters.h - clusters of ranks and their slow link ----*- C++ -*-===//
//
// The clusters of the platform file on MPI ranks ([BRR99] section 3;
// docs/clusters.md): rank 0's reading shared with every rank, and the
// emulated link between clusters (HETILE_EMULATE_LINKS) on the pipeline's
// sends.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_RT_MPICLUSTERS_H
#define HETILE_RT_MPICLUSTERS_H

#include "MpiInternal.h"

#include <cstddef>

namespace hetile::rt::mpi {

/// Collective: rank 0 reads the platform file's clusters, link and panel
/// (checked against the ranks) and HETILE_EMULATE_LINKS; without the
/// file's "clusters", the ranks of one host form a cluster (host names
/// from MPI_Get_processor_name, or HETILE_EMULATE_HOSTS), and with two
/// clusters or more the costs the file does not give are measured
/// (pingPair, MpiCalibrate.h, once per process for a grouping). Every rank receives them
/// in M (errors agreed on every rank).
int shareClusters(hetile_mpi &M);

/// HETILE_EMULATE_LINKS: when Dest is in another cluster than this rank,
/// sleeps the link's time for a message of Bytes (start-up + Bytes x
/// per_byte), as a sender driving a slow link would be busy.
int payLink(hetile_mpi &M, int Dest, size_t Bytes);

} // namespace hetile::rt::mpi

#endif
