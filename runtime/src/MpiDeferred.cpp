//===- MpiDeferred.cpp - final values left where they were computed -------===//
//
// Issue #31, "values move only to where they are read". A nest that the
// next nest of its function follows at once (nothing between them reads or
// writes memory, Frontend/ReadAfter.h, nextNestAfter) does not move its
// final values after its tiles: every rank lists each rank's runs of final
// values (hetile_mpi_defer_run) and hetile_mpi_defer enters them in a table
// of the process, the same on every rank: Stale[q], the byte ranges whose
// final value rank q lacks, each with the rank that holds it. Before its
// tiles, the next nest lists, for each rank, the runs its blocks read
// (hetile_mpi_need_run) and the runs it writes whatever happens
// (hetile_mpi_kill_run); hetile_mpi_fetch then moves
//   - to each rank, what its tiles read of what it lacks, from the holder;
//   - to every rank, the rest of what it lacks, except what the nest
//     overwrites (its own final exchange, or its deferral, accounts for
//     those elements: the table is empty afterwards);
// as one contiguous message per pair of ranks, and gives back the pages of
// what the nest overwrites and this rank's blocks do not read (storage by
// share: a rank then holds about what its tiles touch). Where the next
// nest does not run tiled (its original on every rank, the processor
// grid), hetile_mpi_settle moves everything lacking to every rank first.
//
// The table holds this process's addresses. The ranks' arrays lie at other
// addresses, but each range lies in one array and the parts of a message
// are in the order of the deferring nests' arrays, then of addresses,
// which every rank sees alike. Each rank's table is a sorted vector of
// disjoint ranges; a fetch takes each list of runs (rows of blocks: a few
// thousand a nest) in one merge over it, not one search per run.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "MpiInternal.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

struct Range {
  uintptr_t Lo, Hi;
};

/// A range of bytes [Lo, Hi) of the deferring nest's array Array whose
/// final value rank Holder has.
struct Entry {
  uintptr_t Lo, Hi;
  int Holder;
  /// The deferring nest's number (hetile_mpi_defer's count) times 2^20
  /// plus its array's: the order of the messages' parts.
  long long Array;
};
/// What one rank lacks: sorted by Lo, disjoint.
using RangeMap = std::vector<Entry>;

/// A part of a message: [Lo, Hi) of the deferring nest's array Array.
struct Part {
  long long Array;
  uintptr_t Lo, Hi;
};

struct Deferred {
  MPI_Comm Comm = MPI_COMM_NULL;
  int Rank = 0, Size = 1, TagUb = 32767;
  double Watchdog = 120;
  long MaxCount = INT_MAX;
  /// Stale[q]: what rank q lacks. Empty vector: nothing deferred.
  std::vector<RangeMap> Stale;
  /// Listed for the next hetile_mpi_defer / hetile_mpi_fetch.
  std::vector<std::vector<Run>> Listed, Needs;
  std::vector<Run> Kills, Touched;
  /// This rank's last writes in the next nest (hetile_mpi_write_run).
  std::vector<Run> Writes;
  /// hetile_mpi_defer's calls.
  long long Serial = 0;
};

/// The site and size class of the last tiled call after which values
/// were left (noteCall); no site: none, or the last call ran its original.
struct Leaver {
  hetile_profit_site *Site = nullptr;
  int Class = 0;
};
Leaver LeftBy;

Deferred &table() {
  static Deferred *D = new Deferred; // used until exit, after MPI_Finalize
  return *D;
}

/// Removes the sorted, disjoint \p Cuts from \p M, in one pass over both;
/// with \p Taken, appends the removed parts (with their holders).
void subtract(RangeMap &M, const std::vector<Range> &Cuts,
              std::vector<Entry> *Taken = nullptr) {
  if (M.empty() || Cuts.empty())
    return;
  RangeMap Out;
  Out.reserve(M.size() + Cuts.size());
  size_t C = 0;
  for (const Entry &E : M) {
    while (C < Cuts.size() && Cuts[C].Hi <= E.Lo)
      ++C;
    uintptr_t Lo = E.Lo;
    for (size_t J = C; J < Cuts.size() && Cuts[J].Lo < E.Hi; ++J) {
      uintptr_t CutLo = std::max(Lo, Cuts[J].Lo),
                CutHi = std::min(E.Hi, Cuts[J].Hi);
      if (Lo < CutLo)
        Out.push_back({Lo, CutLo, E.Holder, E.Array});
      if (Taken && CutLo < CutHi)
        Taken->push_back({CutLo, CutHi, E.Holder, E.Array});
      Lo = std::max(Lo, CutHi);
    }
    if (Lo < E.Hi)
      Out.push_back({Lo, E.Hi, E.Holder, E.Array});
  }
  M.swap(Out);
}

/// \p M with the sorted, disjoint \p Add entered (M holds none of them).
void insertSorted(RangeMap &M, const std::vector<Entry> &Add) {
  if (Add.empty())
    return;
  RangeMap Out(M.size() + Add.size());
  std::merge(M.begin(), M.end(), Add.begin(), Add.end(), Out.begin(),
             [](const Entry &A, const Entry &B) { return A.Lo < B.Lo; });
  M.swap(Out);
}

/// The table's communicator, opened at the first hetile_mpi_defer (every
/// rank calls it); the watchdog and the largest count are the nest's
/// (rank 0's settings).
int open(Deferred &D, const hetile_mpi &M) {
  D.Watchdog = M.Watchdog;
  D.MaxCount = M.MaxCount;
  if (D.Comm != MPI_COMM_NULL)
    return HETILE_OK;
  if (int E = openWorldComm(D.Comm, D.Rank, D.Size, D.TagUb))
    return E;
  if (D.Size != M.Size)
    return fail(HETILE_ERR_MPI, "hetile_mpi_defer: the nest has %d ranks, "
                "MPI_COMM_WORLD %d", M.Size, D.Size);
  return HETILE_OK;
}

int post(Deferred &D, bool Send, char *Data, size_t Bytes, int Peer,
         std::vector<MPI_Request> &Requests) {
  for (size_t Done = 0; Done < Bytes;) {
    size_t N = std::min(Bytes - Done, (size_t)D.MaxCount);
    MPI_Request R;
    int E = Send ? MPI_Isend(Data + Done, (int)N, MPI_BYTE, Peer, 0, D.Comm, &R)
                 : MPI_Irecv(Data + Done, (int)N, MPI_BYTE, Peer, 0, D.Comm, &R);
    if (E != MPI_SUCCESS)
      return mpiFail(E, Send ? "MPI_Isend" : "MPI_Irecv");
    Requests.push_back(R);
    Done += N;
  }
  return HETILE_OK;
}

/// What moves: Moves[h][q], the parts rank h sends rank q (put in order
/// by transfer).
using Moves = std::vector<std::vector<std::vector<Part>>>;

/// The parts of one message in the order that every rank sees alike: the
/// deferring nests' arrays, then addresses.
void inOrder(std::vector<Part> &Parts) {
  std::sort(Parts.begin(), Parts.end(), [](const Part &A, const Part &B) {
    return A.Array != B.Array ? A.Array < B.Array : A.Lo < B.Lo;
  });
}

/// Sends and receives Moves (collective over the table's ranks); Received
/// counts this rank's bytes received.
int transfer(Deferred &D, Moves &M, unsigned long long &Received,
             unsigned long long &Sent) {
  const int Me = D.Rank;
  for (int Q = 0; Q < D.Size; ++Q) {
    inOrder(M[Me][Q]);
    inOrder(M[Q][Me]);
  }
  std::vector<Buffer> Out(D.Size), In(D.Size);
  std::vector<size_t> OutBytes(D.Size, 0), InBytes(D.Size, 0);
  int E = HETILE_OK;
  for (int Q = 0; Q < D.Size; ++Q) {
    for (const Part &P : M[Me][Q])
      OutBytes[Q] += P.Hi - P.Lo;
    for (const Part &P : M[Q][Me])
      InBytes[Q] += P.Hi - P.Lo;
    if (Q == Me)
      continue;
    if (OutBytes[Q] && !E && !(Out[Q] = takeBuffer(OutBytes[Q])).Data)
      E = fail(HETILE_ERR_NOMEM, "hetile_mpi_fetch: no memory for %zu bytes",
               OutBytes[Q]);
    if (InBytes[Q] && !E && !(In[Q] = takeBuffer(InBytes[Q])).Data)
      E = fail(HETILE_ERR_NOMEM, "hetile_mpi_fetch: no memory for %zu bytes",
               InBytes[Q]);
  }
  if ((E = agree(D.Comm, Me, E)))
    return E;
  std::vector<MPI_Request> Requests;
  for (int Q = 0; Q < D.Size && !E; ++Q) {
    if (Q == Me)
      continue;
    if (InBytes[Q])
      E = post(D, false, In[Q].Data.get(), InBytes[Q], Q, Requests);
    if (OutBytes[Q] && !E) {
      char *To = Out[Q].Data.get();
      for (const Part &P : M[Me][Q]) {
        std::memcpy(To, reinterpret_cast<const void *>(P.Lo), P.Hi - P.Lo);
        To += P.Hi - P.Lo;
      }
      E = post(D, true, Out[Q].Data.get(), OutBytes[Q], Q, Requests);
    }
    Received += InBytes[Q];
    Sent += OutBytes[Q];
  }
  if (!E && (E = waitAll(Requests, D.Watchdog)) == HETILE_ERR_TIMEOUT)
    E = fail(E, "rank %d: the values the previous nest left on other ranks "
             "did not arrive after %g s (HETILE_WATCHDOG)", Me, D.Watchdog);
  for (int Q = 0; Q < D.Size && !E; ++Q) {
    if (Q == Me || !InBytes[Q])
      continue;
    const char *From = In[Q].Data.get();
    for (const Part &P : M[Q][Me]) {
      std::memcpy(reinterpret_cast<void *>(P.Lo), From, P.Hi - P.Lo);
      From += P.Hi - P.Lo;
    }
  }
  for (int Q = 0; Q < D.Size; ++Q) {
    if (E) { // MPI may still use them: leaked
      (void)Out[Q].Data.release();
      (void)In[Q].Data.release();
      continue;
    }
    reuseBuffer(std::move(Out[Q]));
    reuseBuffer(std::move(In[Q]));
  }
  return E;
}

/// Appends to \p M every range rank q still lacks, in the order of the
/// deferring nest's arrays, then of addresses, and empties the table.
void takeRest(Deferred &D, Moves &M) {
  for (int Q = 0; Q < (int)D.Stale.size(); ++Q)
    for (const Entry &E : D.Stale[Q])
      M[E.Holder][Q].push_back({E.Array, E.Lo, E.Hi});
  D.Stale.clear();
}

bool allEmpty(const std::vector<RangeMap> &Stale) {
  for (const RangeMap &R : Stale)
    if (!R.empty())
      return false;
  return true;
}

/// Sorts \p V by \p Less by merging its ascending stretches: the lists of
/// runs come by rows of one block and one array at a time, a few sorted
/// stretches of thousands of runs each.
template <typename T, typename Cmp>
void sortStretches(std::vector<T> &V, Cmp Less) {
  std::vector<size_t> Starts{0};
  for (size_t I = 1; I < V.size(); ++I)
    if (Less(V[I], V[I - 1]))
      Starts.push_back(I);
  if (Starts.size() > 64) { // no order to speak of
    std::sort(V.begin(), V.end(), Less);
    return;
  }
  Starts.push_back(V.size());
  std::vector<T> Out(V.size());
  while (Starts.size() > 2) {
    std::vector<size_t> Next{0};
    size_t I = 0;
    for (; I + 2 < Starts.size(); I += 2) {
      std::merge(V.begin() + Starts[I], V.begin() + Starts[I + 1],
                 V.begin() + Starts[I + 1], V.begin() + Starts[I + 2],
                 Out.begin() + Starts[I], Less);
      Next.push_back(Starts[I + 2]);
    }
    if (I + 1 < Starts.size()) { // an odd stretch out: kept for the next round
      std::copy(V.begin() + Starts[I], V.end(), Out.begin() + Starts[I]);
      Next.push_back(Starts.back());
    }
    V.swap(Out);
    Starts.swap(Next);
  }
}

/// \p Runs as sorted, disjoint ranges.
std::vector<Range> merged(const std::vector<Run> &Runs) {
  std::vector<Range> R;
  R.reserve(Runs.size());
  for (const Run &X : Runs) {
    uintptr_t Lo = reinterpret_cast<uintptr_t>(X.At);
    R.push_back({Lo, Lo + X.Bytes});
  }
  sortStretches(R,
                [](const Range &A, const Range &B) { return A.Lo < B.Lo; });
  std::vector<Range> Out;
  for (const Range &X : R)
    if (!Out.empty() && X.Lo <= Out.back().Hi)
      Out.back().Hi = std::max(Out.back().Hi, X.Hi);
    else
      Out.push_back(X);
  return Out;
}

/// Storage by share: gives back to the system the whole pages of this
/// rank that hold only elements the nest overwrites (\p Kills, the whole
/// nest's must-writes) and that this rank's blocks neither read (\p Mine,
/// its needs, which cover its reads) nor write last (also in \p Mine:
/// pages it writes would only be faulted in again, at every step of a time
/// loop whose sweeps leave their values). Such an element's value on this rank
/// is dead: the rank's own tiles write it before any read, or another
/// rank's do, and this rank's copy is only ever replaced (the nest's final
/// exchange, a later fetch) or never read again (what is read after the
/// nest, Frontend/ReadAfter.h). A page given back reads as zeros and costs
/// no memory until written. Returns the bytes of the resident pages given
/// back.
/// With \p Mode 2 (HETILE_RELEASE=poison) every dead byte is overwritten
/// instead (0xff: a NaN in every floating-point element), so that a test
/// whose output would change if a dead value were read sees it.
unsigned long long releaseDead(const std::vector<Run> &Kills,
                               const std::vector<Run> &Mine, int Mode) {
  const uintptr_t Page = uintptr_t(sysconf(_SC_PAGESIZE));
  if (Kills.empty() || Mode == 0 || Page == 0 || (Page & (Page - 1)))
    return 0;
  std::vector<Range> Dead = merged(Kills), Read = merged(Mine);
  unsigned long long Released = 0;
  // The whole pages of the dead ranges, in address order (Mode 1).
  std::vector<Range> Pages;
  auto Give = [&](uintptr_t Lo, uintptr_t Hi) {
    if (Mode == 2) {
      std::memset(reinterpret_cast<void *>(Lo), 0xff, Hi - Lo);
      Released += Hi - Lo;
      return;
    }
    Lo = (Lo + Page - 1) & ~(Page - 1);
    Hi &= ~(Page - 1);
    if (Lo < Hi)
      Pages.push_back({Lo, Hi});
  };
  size_t K = 0;
  for (const Range &X : Dead) {
    uintptr_t Lo = X.Lo;
    while (K < Read.size() && Read[K].Hi <= Lo)
      ++K;
    for (size_t J = K; J < Read.size() && Read[J].Lo < X.Hi; ++J) {
      if (Read[J].Lo > Lo)
        Give(Lo, Read[J].Lo);
      Lo = std::max(Lo, Read[J].Hi);
    }
    if (Lo < X.Hi)
      Give(Lo, X.Hi);
  }
  // One mincore per group of nearby ranges (a block's part of every row of
  // an array), then madvise on the runs of pages still resident only: in a
  // time loop the same dead pages come back at every step, given back at
  // the first, and two system calls per row and step cost more than the
  // sweep (4000 rows: some 20 ms a step). Counted: the resident pages.
  std::vector<unsigned char> In;
  auto Advise = [&](uintptr_t Lo, uintptr_t Hi) {
    if (Lo < Hi && madvise(reinterpret_cast<void *>(Lo), Hi - Lo,
                           MADV_DONTNEED) == 0)
      Released += Hi - Lo;
  };
  // Pages[First, Last) within one span of address space.
  auto Group = [&](size_t First, size_t Last) {
    uintptr_t Lo = Pages[First].Lo, Hi = Pages[Last - 1].Hi;
    In.assign((Hi - Lo) / Page, 0);
    if (mincore(reinterpret_cast<void *>(Lo), Hi - Lo, In.data()) != 0) {
      // A hole between two arrays: each range on its own.
      for (size_t I = First; I < Last; ++I) {
        const Range &P = Pages[I];
        In.assign((P.Hi - P.Lo) / Page, 0);
        if (mincore(reinterpret_cast<void *>(P.Lo), P.Hi - P.Lo,
                    In.data()) == 0 &&
            std::any_of(In.begin(), In.end(),
                        [](unsigned char R) { return R & 1; }))
          Advise(P.Lo, P.Hi);
      }
      return;
    }
    for (size_t I = First; I < Last; ++I) {
      uintptr_t RunLo = 0;
      bool InRun = false;
      for (uintptr_t A = Pages[I].Lo; A < Pages[I].Hi; A += Page) {
        bool Resident = In[(A - Lo) / Page] & 1;
        if (Resident && !InRun)
          RunLo = A;
        else if (!Resident && InRun)
          Advise(RunLo, A);
        InRun = Resident;
      }
      if (InRun)
        Advise(RunLo, Pages[I].Hi);
    }
  };
  // At most 64 MiB of address space per mincore (16384 bytes of vector),
  // and gaps of at most 1 MiB between the ranges of a group.
  const uintptr_t MaxSpan = uintptr_t(64) << 20, MaxGap = uintptr_t(1) << 20;
  for (size_t First = 0; First < Pages.size();) {
    size_t Last = First + 1;
    while (Last < Pages.size() &&
           Pages[Last].Lo - Pages[Last - 1].Hi <= MaxGap &&
           Pages[Last].Hi - Pages[First].Lo <= MaxSpan)
      ++Last;
    Group(First, Last);
    First = Last;
  }
  return Released;
}

Moves emptyMoves(int Size) {
  return Moves(Size, std::vector<std::vector<Part>>(Size));
}

/// Takes the sorted, disjoint \p Cuts out of what rank \p Q lacks and
/// appends each part to the moves from its holder to \p Q. Returns the
/// bytes that were lacking.
unsigned long long moveLacking(Deferred &D, int Q,
                               const std::vector<Range> &Cuts, Moves &M) {
  std::vector<Entry> Taken;
  subtract(D.Stale[Q], Cuts, &Taken);
  unsigned long long Bytes = 0;
  for (const Entry &T : Taken) {
    M[T.Holder][Q].push_back({T.Array, T.Lo, T.Hi});
    Bytes += T.Hi - T.Lo;
  }
  return Bytes;
}

void note(hetile_mpi *m, const char *Fmt, unsigned long long A,
          unsigned long long B, unsigned long long C, unsigned long long D) {
  if (!m)
    return;
  char Buf[256];
  std::snprintf(Buf, sizeof Buf, Fmt, A, B, C, D);
  m->DeferNote += Buf;
}

} // namespace

extern "C" int hetile_mpi_defer_run(hetile_mpi *m, int rank, int array,
                                    void *addr, size_t bytes) {
  if (!m || rank < 0 || rank >= m->Size || array < 0 || (!addr && bytes > 0))
    return fail(HETILE_ERR_INVALID, "hetile_mpi_defer_run: null nest or "
                "address, rank %d out of range or array %d", rank, array);
  Deferred &D = table();
  if (D.Listed.size() != (size_t)m->Size)
    D.Listed.assign(m->Size, {});
  if (!bytes)
    return HETILE_OK;
  // Consecutive rows of a block that spans whole rows are one range.
  std::vector<Run> &V = D.Listed[rank];
  char *At = static_cast<char *>(addr);
  if (!V.empty() && V.back().Array == array && V.back().At + V.back().Bytes == At)
    V.back().Bytes += bytes;
  else
    V.push_back({At, bytes, array});
  return HETILE_OK;
}

extern "C" int hetile_mpi_defer(hetile_mpi *m) {
  if (!m)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_defer: null nest");
  Deferred &D = table();
  if (int E = agree(m->Comm, m->Rank, open(D, *m)))
    return E;
  std::vector<std::vector<Run>> Listed;
  Listed.swap(D.Listed);
  Listed.resize(m->Size);
  if (D.Stale.empty())
    D.Stale.resize(m->Size);
  unsigned long long Left = 0;
  // Every rank's runs, by address. Each element has one last writer, so the
  // runs of all ranks are disjoint; should two overlap all the same, the
  // later listed holds the overlap, as if they were entered one by one.
  std::vector<std::pair<Entry, size_t>> All;
  for (int W = 0; W < m->Size; ++W)
    for (const Run &R : Listed[W]) {
      uintptr_t Lo = reinterpret_cast<uintptr_t>(R.At);
      All.push_back({{Lo, Lo + R.Bytes, W, (D.Serial << 20) + R.Array},
                     All.size()});
      if (W == m->Rank)
        Left += R.Bytes * (unsigned long long)(m->Size - 1);
    }
  sortStretches(All, [](const std::pair<Entry, size_t> &A,
                        const std::pair<Entry, size_t> &B) {
    return A.first.Lo < B.first.Lo;
  });
  bool Disjoint = true;
  for (size_t I = 1; I < All.size() && Disjoint; ++I)
    Disjoint = All[I - 1].first.Hi <= All[I].first.Lo;
  if (!Disjoint) {
    std::sort(All.begin(), All.end(), [](const auto &A, const auto &B) {
      return A.second < B.second;
    });
    for (const auto &[E, Order] : All)
      for (int Q = 0; Q < m->Size; ++Q) {
        subtract(D.Stale[Q], {{E.Lo, E.Hi}});
        if (Q != E.Holder)
          insertSorted(D.Stale[Q], {E});
      }
  } else {
    std::vector<Range> Cuts;
    for (const auto &A : All)
      if (!Cuts.empty() && Cuts.back().Hi == A.first.Lo)
        Cuts.back().Hi = A.first.Hi;
      else
        Cuts.push_back({A.first.Lo, A.first.Hi});
    for (int Q = 0; Q < m->Size; ++Q) {
      subtract(D.Stale[Q], Cuts);
      std::vector<Entry> Add;
      for (const auto &A : All)
        if (A.first.Holder != Q)
          Add.push_back(A.first);
      insertSorted(D.Stale[Q], Add);
    }
  }
  ++D.Serial;
  if (m->DeferOff) {
    Moves M = emptyMoves(m->Size);
    takeRest(D, M);
    unsigned long long Received = 0, Sent = 0;
    double T0 = hetile_timer_now();
    int E = transfer(D, M, Received, Sent);
    m->Final += hetile_timer_now() - T0;
    m->FinalReceived += Received;
    m->FinalSent += Sent;
    note(m, "; HETILE_DEFER=0: the final values moved to every rank at once",
         0, 0, 0, 0);
    return E;
  }
  note(m, "; final values left on their ranks for the next nest: %llu bytes "
       "the other ranks lack", Left, 0, 0, 0);
  return HETILE_OK;
}

extern "C" int hetile_mpi_deferred(void) {
  return table().Stale.empty() ? 0 : 1;
}

extern "C" int hetile_mpi_need_run(hetile_mpi *m, int rank, void *addr,
                                   size_t bytes) {
  if (!m || rank < 0 || rank >= m->Size || (!addr && bytes > 0))
    return fail(HETILE_ERR_INVALID, "hetile_mpi_need_run: null nest or "
                "address, or rank %d out of range", rank);
  Deferred &D = table();
  if (D.Needs.size() != (size_t)m->Size)
    D.Needs.assign(m->Size, {});
  if (bytes)
    D.Needs[rank].push_back({static_cast<char *>(addr), bytes, 0});
  return HETILE_OK;
}

extern "C" int hetile_mpi_write_run(hetile_mpi *m, int rank, void *addr,
                                    size_t bytes) {
  if (!m || rank < 0 || rank >= m->Size || (!addr && bytes > 0))
    return fail(HETILE_ERR_INVALID, "hetile_mpi_write_run: null nest or "
                "address, or rank %d out of range", rank);
  if (bytes && rank == m->Rank)
    table().Writes.push_back({static_cast<char *>(addr), bytes, 0});
  return HETILE_OK;
}

extern "C" int hetile_mpi_kill_run(hetile_mpi *m, void *addr, size_t bytes) {
  if (!m || (!addr && bytes > 0))
    return fail(HETILE_ERR_INVALID, "hetile_mpi_kill_run: null nest or "
                "address");
  if (bytes)
    table().Kills.push_back({static_cast<char *>(addr), bytes, 0});
  return HETILE_OK;
}

extern "C" int hetile_mpi_touch_run(hetile_mpi *m, const void *first,
                                    const void *end) {
  if (!m || !first || !end ||
      reinterpret_cast<uintptr_t>(end) < reinterpret_cast<uintptr_t>(first))
    return fail(HETILE_ERR_INVALID, "hetile_mpi_touch_run: invalid arguments");
  uintptr_t Lo = reinterpret_cast<uintptr_t>(first);
  table().Touched.push_back(
      {reinterpret_cast<char *>(Lo), reinterpret_cast<uintptr_t>(end) - Lo, 0});
  return HETILE_OK;
}

extern "C" int hetile_mpi_fetch(hetile_mpi *m) {
  if (!m)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_fetch: null nest");
  Deferred &D = table();
  std::vector<std::vector<Run>> Needs;
  std::vector<Run> Kills, Touched, Writes;
  Needs.swap(D.Needs);
  Kills.swap(D.Kills);
  Touched.swap(D.Touched);
  Writes.swap(D.Writes);
  if (D.Stale.empty())
    return HETILE_OK;
  if ((int)D.Stale.size() != m->Size)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_fetch: %d ranks, the values "
                "were left by %zu", m->Size, D.Stale.size());
  double T0 = hetile_timer_now();
  Needs.resize(m->Size);
  Moves M = emptyMoves(m->Size);
  unsigned long long ForTiles = 0;
  for (int Q = 0; Q < m->Size; ++Q) {
    unsigned long long Bytes = moveLacking(D, Q, merged(Needs[Q]), M);
    if (Q == m->Rank)
      ForTiles = Bytes;
  }
  unsigned long long Overwritten = 0;
  std::vector<Range> Killed = merged(Kills);
  for (int Q = 0; Q < m->Size; ++Q) {
    std::vector<Entry> Taken;
    subtract(D.Stale[Q], Killed, Q == m->Rank ? &Taken : nullptr);
    for (const Entry &T : Taken)
      Overwritten += T.Hi - T.Lo;
  }
  // The rest within the boxes the nest writes (hetile_mpi_touch_run) moves
  // to every rank (the nest's own exchange, or its deferral, covers only
  // what it writes last); outside them, and in the arrays it only reads,
  // it stays, for a later nest or the end of this one (hetile_mpi_settle).
  // Without boxes, all of it moves.
  unsigned long long Kept = 0;
  if (Touched.empty()) {
    takeRest(D, M);
  } else {
    std::vector<Range> Boxes = merged(Touched);
    for (int Q = 0; Q < m->Size; ++Q) {
      moveLacking(D, Q, Boxes, M);
      if (Q == m->Rank)
        for (const Entry &E : D.Stale[Q])
          Kept += E.Hi - E.Lo;
    }
    if (allEmpty(D.Stale))
      D.Stale.clear();
  }
  unsigned long long Received = 0, Sent = 0;
  int E = transfer(D, M, Received, Sent);
  std::vector<Run> Live = Needs[m->Rank];
  Live.insert(Live.end(), Writes.begin(), Writes.end());
  unsigned long long Released = E ? 0 : releaseDead(Kills, Live, m->Release);
  m->Final += hetile_timer_now() - T0;
  note(m, "; of what the previous nest left: %llu bytes received (%llu for "
       "the tiles), %llu sent, %llu not moved (this nest overwrites them)",
       Received, ForTiles, Sent, Overwritten);
  if (Kept)
    note(m, ", %llu kept where they are (this nest does not write them)", Kept,
         0, 0, 0);
  if (Released)
    note(m, m->Release == 2
                ? "; %llu bytes overwritten (HETILE_RELEASE=poison: values "
                  "this nest overwrites and this rank's tiles do not read)"
                : "; %llu bytes of resident pages given back (values this "
                  "nest overwrites and this rank's tiles do not read)",
         Released, 0, 0, 0);
  return E;
}

extern "C" int hetile_mpi_take(const void *first, const void *end) {
  if (!first || !end ||
      reinterpret_cast<uintptr_t>(end) < reinterpret_cast<uintptr_t>(first))
    return fail(HETILE_ERR_INVALID, "hetile_mpi_take: invalid arguments");
  Deferred &D = table();
  if (D.Stale.empty())
    return HETILE_OK;
  // Every rank names the same object (at its own address), so every rank
  // finds the same parts lacking and the moves agree.
  const uintptr_t Lo = reinterpret_cast<uintptr_t>(first),
                  Hi = reinterpret_cast<uintptr_t>(end);
  Moves M = emptyMoves((int)D.Stale.size());
  bool Any = false;
  for (int Q = 0; Q < (int)D.Stale.size(); ++Q)
    Any |= moveLacking(D, Q, {{Lo, Hi}}, M) > 0;
  if (allEmpty(D.Stale))
    D.Stale.clear();
  if (!Any)
    return HETILE_OK;
  unsigned long long Received = 0, Sent = 0;
  return transfer(D, M, Received, Sent);
}

extern "C" int hetile_mpi_settle(hetile_mpi *m) {
  Deferred &D = table();
  D.Needs.clear();
  D.Kills.clear();
  D.Touched.clear();
  D.Writes.clear();
  if (D.Stale.empty())
    return HETILE_OK;
  Moves M = emptyMoves((int)D.Stale.size());
  takeRest(D, M);
  unsigned long long Received = 0, Sent = 0;
  int E = transfer(D, M, Received, Sent);
  if (m)
    note(m, "; of what earlier nests left: %llu bytes received, %llu sent "
         "(to every rank)", Received, Sent, 0, 0);
  else if (hetile_env_stats())
    std::fprintf(stderr, "hetile: rank %d/%d: %llu bytes received, %llu sent "
                 "of what earlier nests left, to every rank\n",
                 D.Rank, D.Size, Received, Sent);
  return E;
}

void hetile::rt::mpi::noteCall(const hetile_profit_call *Call, int Ran) {
  if (Ran <= 0 || !Call || !Call->origin)
    LeftBy = Leaver();
  else if (!table().Stale.empty())
    LeftBy = Leaver{Call->origin, Call->size_class};
}

extern "C" int hetile_mpi_settle_call(hetile_profit_call *call) {
  bool Left = !table().Stale.empty();
  Leaver By = LeftBy;
  LeftBy = Leaver();
  double T0 = hetile_timer_now();
  int E = hetile_mpi_settle(nullptr);
  // What earlier nests left is not a time of this original call, whose
  // later calls find nothing left (the run-time decision compares the
  // ways' calls, docs/profitability.md), but a cost of the tiled way that
  // left it: of the call that left it (hetile_profit_charge: the nest
  // before, whose tiled calls would otherwise keep leaving values that
  // this nest's original moves at every step), and of each retry of this
  // nest's own tiled way, which leaves values again (hetile_profit_left).
  // The slowest rank's time, agreed: every rank settles here alike, and
  // the call's timing and the leaver are the same on every rank.
  if (E || !call || !Left || (!call->timed && !By.Site))
    return E;
  double Took = hetile_timer_now() - T0, Slowest = Took;
  if (int E2 = mpi::check(MPI_Allreduce(&Took, &Slowest, 1, MPI_DOUBLE,
                                        MPI_MAX, table().Comm),
                          "MPI_Allreduce"))
    return E2;
  if (call->timed) {
    // Out of the call's time: the move and the wait for the slowest rank's
    // (a rank that moved less waits here for the others).
    double Out = hetile_timer_now() - T0;
    call->start += Out;
    call->part_start += Out;
    hetile_profit_left(call, Slowest);
  }
  hetile_profit_charge(By.Site, By.Class, Slowest);
  return HETILE_OK;
}
