//===- MpiThreads.cpp - threads inside a rank: parts, progress, MPI level ---===//
//
// The second level of the hierarchical allocation of the mpi+omp backend
// ([BRR99] section 3: a cluster's share is split among its processors; here
// the cluster is a rank and its processors are the rank's threads, of equal
// speed). hetile_mpi_begin gave this rank its blocks of columns, sized to
// the ranks' speeds ([BDRV98] section 3.2); hetile_mpi_threads cuts each
// block into parts of equal width and deals them to the threads. The
// threads run the shared-memory pipeline of Sched.cpp on the columns of
// their rank: a progress counter per column, one wait per part row.
//
// Worked example: blocks [0,6] and [9,9] and [12,13] of one rank, 3
// threads. [0,6] is cut into [0,1] [2,3] [4,6] (widths 7/3 rounded at the
// cuts 0, 2, 4, 7), dealt to threads 0, 1, 2; [9,9] is one part, for thread
// 0 (the deal goes on); [12,13] is cut into [12,12] [13,13], for threads 1
// and 2. The parts wait on: -1 (none: column 0 is the first), 1, 3, 6 (the
// rank's column just left of 9), 9, 12.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "MpiInternal.h"

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

/// The name of an MPI thread level, for messages.
const char *levelName(int Level) {
  switch (Level) {
  case MPI_THREAD_SINGLE: return "MPI_THREAD_SINGLE";
  case MPI_THREAD_FUNNELED: return "MPI_THREAD_FUNNELED";
  case MPI_THREAD_SERIALIZED: return "MPI_THREAD_SERIALIZED";
  default: return "MPI_THREAD_MULTIPLE";
  }
}

/// Cuts the blocks of rank M.Rank into parts and deals them to NThreads
/// threads (see the file comment).
void dealParts(hetile_mpi &M, int NThreads) {
  M.Parts.assign(NThreads, {});
  long Dealt = 0, Previous = -1; // the rank's last column so far
  for (const auto &[First, Last] : M.Blocks[M.Rank]) {
    long Width = Last - First + 1;
    long N = Width < NThreads ? Width : NThreads;
    for (long P = 0; P < N; ++P) {
      long From = First + P * Width / N, To = First + (P + 1) * Width / N - 1;
      long After = P > 0 ? From - 1 : Previous;
      M.Parts[Dealt++ % NThreads].push_back({From, To, After});
    }
    Previous = Last;
  }
}

} // namespace

extern "C" int hetile_mpi_threads(hetile_mpi *m, int nthreads) {
  if (!m || nthreads < 1)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_threads: null nest or %d "
                "threads", nthreads);
  if (nthreads > 1) {
    int Level = MPI_THREAD_SINGLE;
    if (int E = check(MPI_Query_thread(&Level), "MPI_Query_thread"))
      return E;
    if (Level < MPI_THREAD_SERIALIZED)
      return fail(HETILE_ERR_MPI, "rank %d: %d threads call MPI in this nest, "
                  "which needs MPI_THREAD_SERIALIZED or more, but MPI was "
                  "initialised with %s (a program that initialises MPI "
                  "itself must call MPI_Init_thread with "
                  "MPI_THREAD_MULTIPLE)", m->Rank, nthreads, levelName(Level));
    m->Lock = std::make_unique<std::mutex>();
  }
  m->Threads.assign(nthreads, ThreadState());
  dealParts(*m, nthreads);
  m->Progress.reset(new ColumnProgress[m->NCols > 0 ? m->NCols : 1]);
  return HETILE_OK;
}

extern "C" int hetile_mpi_part(const hetile_mpi *m, int thread, long j,
                               long *first, long *last, long *after) {
  if (!m || !first || !last || !after || thread < 0 ||
      thread >= (int)m->Parts.size() || j < 0 ||
      j >= (long)m->Parts[thread].size())
    return 0;
  const Part &P = m->Parts[thread][j];
  *first = P.First;
  *last = P.Last;
  *after = P.After;
  return 1;
}

extern "C" int hetile_mpi_wait_column(hetile_mpi *m, long col, long row) {
  if (!m || col >= m->NCols || !m->Progress)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_wait_column: null nest, no "
                "hetile_mpi_threads, or column %ld out of range", col);
  if (col < 0)
    return HETILE_OK;
  std::atomic<long> &Rows = m->Progress[col].Rows;
  double Start = -1;
  for (long Tries = 0; Rows.load(std::memory_order_acquire) <= row; ++Tries) {
    if (Tries < 64)
      continue;
    if (Start < 0)
      Start = hetile_timer_now();
    double Waited = hetile_timer_now() - Start;
    if (m->Watchdog > 0 && Waited > m->Watchdog)
      return fail(HETILE_ERR_TIMEOUT, "rank %d: column %ld has not finished "
                  "row %ld after %g s (HETILE_WATCHDOG): a thread failed or "
                  "the program deadlocked (if it is only slow, raise "
                  "HETILE_WATCHDOG)", m->Rank, col, row, m->Watchdog);
    politePause(Waited);
  }
  return HETILE_OK;
}

extern "C" void hetile_mpi_post_column(hetile_mpi *m, long col, long row) {
  if (!m || col < 0 || col >= m->NCols || !m->Progress)
    return;
  m->Progress[col].Rows.store(row + 1, std::memory_order_release);
}
