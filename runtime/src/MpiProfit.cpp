//===- MpiProfit.cpp - the ranks' agreement on the run-time decision ------===//
//
// A nest of the mpi backends runs its original on every rank or its tiled
// code on the ranks, and every rank must take the same branch: the tiled
// branch's collectives would wait forever for a rank that took the other.
// The site's rule (Profit.cpp, an agreed site) depends only on the calls'
// sizes and on the times recorded; a timed call records the slowest rank's
// time, agreed here by one allreduce, so that every rank's site holds the
// same times and makes the same choices (docs/profitability.md, "MPI").
//
//===----------------------------------------------------------------------===//
#include "MpiInternal.h"
#include "MpiSupport.h"

#include "hetile_rt_mpi.h"

#include <mpi.h>

using namespace hetile::rt;

extern "C" int hetile_mpi_profit_end(hetile_profit_call *call, int ran) {
  mpi::noteCall(call, ran);
  if (!call || !call->site || !call->timed)
    return 0;
  if (!hetile_profit_agreed(call))
    return hetile_profit_end(call, ran);
  double Mine = hetile_timer_now() - call->start, Slowest = Mine;
  if (int E = mpi::ensureInit())
    return E;
  if (int E = mpi::check(MPI_Allreduce(&Mine, &Slowest, 1, MPI_DOUBLE,
                                       MPI_MAX, MPI_COMM_WORLD),
                         "MPI_Allreduce"))
    return E;
  return hetile_profit_record(call, ran, Slowest);
}
