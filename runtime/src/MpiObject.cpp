//===- MpiObject.cpp - the nest object of libhetile_rt_mpi: its life ---------===//
//
// hetile_mpi is an allocation of tile columns (ColumnAllocation) with a
// private communicator, buffers and statistics: its communicator is opened
// here, the object is destroyed here and its job aborted here, below the schedule's files that
// fill and use it (MpiClusters.cpp, MpiNest.cpp, MpiComm.cpp, ...).
//
//===----------------------------------------------------------------------===//
#include "MpiInternal.h"

#include <cstdlib>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

/// The nest's own communicator, returning errors instead of aborting, and
/// the largest tag (MPI_TAG_UB; the last one is kept for hetile_mpi_gather).
int mpi::openComm(hetile_mpi &M) {
  return openWorldComm(M.Comm, M.Rank, M.Size, M.TagUb);
}

hetile_mpi::~hetile_mpi() {
  // Sends still in flight (after a timeout): MPI may still read their
  // buffers, so they are leaked on purpose.
  for (auto &O : Pending)
    (void)O.Buf.Data.release();
  for (auto &S : PieceSets)
    for (auto &P : S.Pieces)
      (void)P.Buf.Data.release();
  for (auto &B : Gathered)
    reuseBuffer(std::move(B));
  for (auto &B : Contributions)
    reuseBuffer(std::move(B));
  int Finalized = 0;
  MPI_Finalized(&Finalized);
  if (PieceComm != MPI_COMM_NULL && !Finalized)
    MPI_Comm_free(&PieceComm);
  if (Comm != MPI_COMM_NULL && !Finalized)
    MPI_Comm_free(&Comm);
}

extern "C" void hetile_mpi_abort(hetile_mpi *m, int code) {
  int Finalized = 0;
  MPI_Finalized(&Finalized);
  if (Finalized || ensureInit() != HETILE_OK)
    std::abort();
  MPI_Abort(m && m->Comm != MPI_COMM_NULL ? m->Comm : MPI_COMM_WORLD, code);
  std::abort(); // MPI_Abort does not return
}
