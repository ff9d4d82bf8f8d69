//===- MpiPieces.cpp - final values sent while the nest still runs --------===//
//
// The overlapped part of the final exchange (docs/mpi-exchange.md). The
// final values whose last write lies in one row of tiles of a block are
// known once the block's rank has run that row: a piece. Before its tiles,
// every rank lists the pieces it sends or receives, rank by rank in the
// order their rank computes them (hetile_mpi_run, hetile_mpi_piece), and
// hetile_mpi_pieces_post prepares them. After each row of a block,
// hetile_mpi_piece_done sends the rank's next piece, non-blocking, to every
// rank that receives: a piece of large runs (128 KiB on average) as one
// message per run from the arrays themselves, another packed into one
// message (memcpy per run). A receiver posts the receives of the other
// ranks' pieces, in order, as soon as no tile it has still to run may write
// or read their elements: those of large runs in place (MPI's copy is the
// only one), the others into a buffer, unpacked when they arrive. Pieces
// arrive while the rank computes; the rest when finishPieces, called by
// hetile_mpi_exchange once the rank has run all its tiles, posts and waits
// for what is left.
//
// Which are those: a piece of rank q's block [F, L] holds elements e whose
// last write x lies in a column c of [F, L]. A tile u of this rank that
// writes e, or before which a message carrying e is unpacked (to a read of
// e that precedes x), precedes tile(x) by an output or anti dependence, so
// its column is at most c (the tiling is legal); it is not q's, so it lies
// left of F (blocks are maximal). This rank runs its blocks in column
// order: once it runs a block whose first column is beyond F (or before
// its first tile, when all its columns are), no tile of it left to run
// touches e, and e may take its final value.
//
// With threads (mpi+omp), a block's rows are split among the rank's
// threads by columns (hetile_mpi_threads), and a row of a block is
// finished when the block's last column has finished it: by the threads'
// pipeline, every column of the rank left of it has then too. The thread
// of the block's last part calls hetile_mpi_row_done after each row; the
// pieces are sent in the order listed (a later block's row may finish
// before an earlier block's last row: it waits), and the pieces of other
// ranks' blocks left of the first block with an unfinished row may be
// received. Under the nest's lock (the runtime's MPI calls are serialised:
// MPI_THREAD_SERIALIZED).
//
// Pieces travel with the final exchange's tag; both sides post a peer's
// piece messages in the same order, all before the other messages of the
// final exchange, so MPI's non-overtaking rule matches them.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "MpiInternal.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <new>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

/// A piece whose runs are this large on average travels as one message per
/// run, from and into the arrays themselves (no copy but MPI's); a smaller
/// one is packed into one message and unpacked from a buffer. The same
/// choice on both sides: it depends on the runs only. Open MPI 4.1 within a
/// node copies the first 32 KiB of a message through shared memory on both
/// sides and only the rest in one copy (CMA): 300 MB in runs of 10 to 64
/// KiB moved 2.5 to 9 times faster packed than run by run, within the
/// spread at 128 KiB, 1.4 times slower at 1 MiB (bench/mpi_transport.c,
/// docs/mpi-exchange.md).
const size_t DirectRunBytes = size_t(128) << 10;

bool direct(const Piece &P) {
  return !P.Runs.empty() && P.Bytes / P.Runs.size() >= DirectRunBytes;
}

/// A buffer of at least Bytes bytes for a packed piece: one of the nest's
/// pieces' buffers given back (their pages are already mapped and warm),
/// else a new one. Data null when out of memory.
Buffer takePieceBuffer(hetile_mpi &M, size_t Bytes) {
  Buffer B = takeFromPool(M.PieceBuffers, Bytes);
  if (!B.Data)
    fail(HETILE_ERR_NOMEM, "rank %d: no memory for a piece of %zu bytes of "
         "final values", M.Rank, Bytes);
  return B;
}

/// The packed pieces of one rank whose receives are posted at once, in
/// bytes (at least one piece): their buffers are reused from piece to
/// piece instead of all of a rank's final values faulting in fresh memory
/// (the right rank of 2 would otherwise post 300 MB of buffers before its
/// first tile for edit distance 10000 x 10000 at 1:3).
const size_t BufferedBytes = size_t(16) << 20;

/// Posts, in order, the receives of the other ranks' pieces of blocks left
/// of column Before: in place (direct) or into a buffer of their own, the
/// latter at most BufferedBytes at once per rank.
int postSafe(hetile_mpi &M, long Before) {
  for (int Q = 0; Q < M.Size; ++Q) {
    if (Q == M.Rank)
      continue;
    PieceSet &S = M.PieceSets[Q];
    for (; S.Posted < S.Pieces.size() && S.Pieces[S.Posted].First < Before;
         ++S.Posted) {
      Piece &P = S.Pieces[S.Posted];
      bool Packed = !P.Direct && P.Bytes > 0;
      if (Packed && S.Buffered > 0 && S.Buffered + P.Bytes > BufferedBytes)
        break;
      P.Request0 = S.Requests.size();
      if (P.Direct) {
        for (const Run &R : P.Runs)
          if (int E = postBytes(M, false, R.At, R.Bytes, Q, S.Requests))
            return E;
      } else if (P.Bytes > 0) {
        P.Buf = takePieceBuffer(M, P.Bytes);
        if (!P.Buf.Data)
          return HETILE_ERR_NOMEM;
        if (int E = postBytes(M, false, P.Buf.Data.get(), P.Bytes, Q,
                              S.Requests))
          return E;
        S.Buffered += P.Bytes;
      }
      P.Requests = S.Requests.size() - P.Request0;
      M.FinalReceived += P.Bytes;
    }
  }
  return HETILE_OK;
}

/// Completes, in order, the other ranks' pieces whose receives are posted
/// and done (All: every posted one, known done), unpacking the packed ones;
/// Early: while the rank still computes (counted in EarlyPlaced).
int complete(hetile_mpi &M, bool Early, bool All) {
  for (int Q = 0; Q < M.Size; ++Q) {
    if (Q == M.Rank)
      continue;
    PieceSet &S = M.PieceSets[Q];
    for (; S.Next < S.Posted; ++S.Next) {
      Piece &P = S.Pieces[S.Next];
      if (!All && P.Requests > 0) {
        int Done = 0;
        if (int E = check(MPI_Testall((int)P.Requests,
                                      S.Requests.data() + P.Request0, &Done,
                                      MPI_STATUSES_IGNORE),
                          "MPI_Testall"))
          return E;
        if (!Done)
          break;
      }
      if (P.Buf.Data) {
        const char *From = P.Buf.Data.get();
        for (const Run &R : P.Runs) {
          std::memcpy(R.At, From, R.Bytes);
          From += R.Bytes;
        }
        M.PieceBuffers.push_back(std::move(P.Buf));
        S.Buffered -= P.Bytes;
      }
      if (Early)
        M.EarlyPlaced += P.Bytes;
    }
  }
  return HETILE_OK;
}

/// Tests the sends of pieces in order, from the first not known complete
/// (MPI progresses its transfers inside such calls), giving back the
/// buffer of each packed piece whose sends have all completed.
int testSends(hetile_mpi &M) {
  PieceSet &S = M.PieceSets[M.Rank];
  while (M.PieceSendsDone < M.PieceSends.size()) {
    int Done = 0;
    if (int E = check(MPI_Test(&M.PieceSends[M.PieceSendsDone], &Done,
                               MPI_STATUS_IGNORE),
                      "MPI_Test"))
      return E;
    if (!Done)
      break;
    ++M.PieceSendsDone;
    for (; S.Posted < S.Next; ++S.Posted) {
      Piece &P = S.Pieces[S.Posted];
      if (P.Request0 + P.Requests > M.PieceSendsDone)
        break;
      if (P.Buf.Data)
        M.PieceBuffers.push_back(std::move(P.Buf));
    }
  }
  return HETILE_OK;
}

/// Sends this rank's next piece, non-blocking, to every rank that
/// receives: one message per run from the arrays, or packed into a buffer.
int sendNext(hetile_mpi &M) {
  PieceSet &S = M.PieceSets[M.Rank];
  if (S.Next >= S.Pieces.size())
    return HETILE_OK;
  Piece &P = S.Pieces[S.Next++];
  P.Request0 = M.PieceSends.size();
  int E = HETILE_OK;
  if (P.Bytes > 0) {
    if (!P.Direct) {
      P.Buf = takePieceBuffer(M, P.Bytes);
      if (!P.Buf.Data)
        return HETILE_ERR_NOMEM;
      char *To = P.Buf.Data.get();
      for (const Run &R : P.Runs) {
        std::memcpy(To, R.At, R.Bytes);
        To += R.Bytes;
      }
    }
    for (int Q = 0; Q < M.Size && !E; ++Q) {
      if (Q == M.Rank || (M.PiecesRootOnly && Q != 0))
        continue;
      if (P.Direct)
        for (const Run &R : P.Runs)
          E = E ? E : postBytes(M, true, R.At, R.Bytes, Q, M.PieceSends);
      else
        E = postBytes(M, true, P.Buf.Data.get(), P.Bytes, Q, M.PieceSends);
      M.FinalSent += P.Bytes;
    }
    ++M.EarlyPieces;
  }
  P.Requests = M.PieceSends.size() - P.Request0;
  return E;
}

/// After a piece of this rank: tests the sends in flight, posts the
/// receives of the other ranks' pieces of blocks left of column Before and
/// places those that arrived.
int progress(hetile_mpi &M, long Before) {
  int E = testSends(M);
  if (!E && M.PiecesReceive && !(E = postSafe(M, Before)))
    E = complete(M, true, false);
  return E;
}

/// The time since T0, spent on the final exchange while the others may
/// still compute: counted in Final and in FinalEarly.
void chargeEarly(hetile_mpi &M, double T0) {
  double T = hetile_timer_now() - T0;
  M.Final += T;
  M.FinalEarly += T;
}

/// OwnStart and OwnDone from this rank's pieces as listed, each block's
/// consecutive (before they are dropped when this rank sends none).
void ownBlocks(hetile_mpi &M) {
  const std::vector<Piece> &Own = M.PieceSets[M.Rank].Pieces;
  M.OwnStart.assign(1, 0);
  if (M.Rank < (int)M.Blocks.size())
    for (const auto &B : M.Blocks[M.Rank]) {
      size_t I = M.OwnStart.back();
      while (I < Own.size() && Own[I].First == B.first)
        ++I;
      M.OwnStart.push_back(I);
    }
  M.OwnDone.assign(M.OwnStart.back(), 0);
  M.OwnDoneUpTo = 0;
}

} // namespace

extern "C" int hetile_mpi_piece(hetile_mpi *m, int rank, long first) {
  if (!m || rank < 0 || rank >= m->Size || m->PiecesPosted)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_piece: null nest, rank %d out "
                "of range, or pieces already posted", rank);
  if (m->Runs.size() != (size_t)m->Size)
    m->Runs.resize(m->Size);
  if (m->PieceSets.size() != (size_t)m->Size)
    m->PieceSets.resize(m->Size);
  Piece P;
  P.Runs.swap(m->Runs[rank]);
  P.First = first;
  for (const Run &R : P.Runs)
    P.Bytes += R.Bytes;
  m->PieceSets[rank].Pieces.push_back(std::move(P));
  return HETILE_OK;
}

extern "C" int hetile_mpi_pieces_post(hetile_mpi *m, int root_only) {
  if (!m || m->PiecesPosted)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_pieces_post: null nest or "
                "pieces already posted");
  double T0 = hetile_timer_now();
  const int Me = m->Rank;
  m->PieceSets.resize(m->Size);
  ownBlocks(*m);
  m->PiecesRootOnly = root_only != 0;
  m->PiecesSend = !root_only || Me != 0;
  m->PiecesReceive = !root_only || Me == 0;
  int E = HETILE_OK;
  for (int Q = 0; Q < m->Size; ++Q) {
    PieceSet &S = m->PieceSets[Q];
    if (!(Q == Me ? m->PiecesSend : m->PiecesReceive)) {
      S.Pieces.clear();
      continue;
    }
    for (Piece &P : S.Pieces)
      P.Direct = direct(P);
  }
  m->PiecesPosted = true;
  // Before its first tile, this rank may receive in place the pieces of
  // blocks left of all its columns.
  long First = 0, Last = 0;
  long Before = hetile_mpi_block(m, Me, 0, &First, &Last) ? First : LONG_MAX;
  if (m->PiecesReceive)
    E = postSafe(*m, Before);
  m->Final += hetile_timer_now() - T0;
  return E;
}

extern "C" int hetile_mpi_piece_done(hetile_mpi *m, long first) {
  if (!m)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_piece_done: null nest");
  if (!m->PiecesPosted)
    return HETILE_OK;
  // Delivered as late as a slow processor would.
  if (int E = payEmulation(*m))
    return E;
  double T0 = hetile_timer_now();
  int E = HETILE_OK;
  if (m->PiecesSend) {
    PieceSet &S = m->PieceSets[m->Rank];
    if (S.Next >= S.Pieces.size())
      return fail(HETILE_ERR_INVALID, "hetile_mpi_piece_done: rank %d has "
                  "only %zu pieces", m->Rank, S.Pieces.size());
    E = sendNext(*m);
  }
  if (!E)
    E = progress(*m, first);
  chargeEarly(*m, T0);
  return E;
}

extern "C" int hetile_mpi_row_done(hetile_mpi *m, long last, long row) {
  if (!m)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_row_done: null nest");
  if (!m->PiecesPosted || m->Rank >= (int)m->Blocks.size())
    return HETILE_OK;
  // Only the part that ends a block finishes its pieces (the rank's blocks
  // are in column order).
  const auto &Blocks = m->Blocks[m->Rank];
  auto It = std::lower_bound(
      Blocks.begin(), Blocks.end(), last,
      [](const std::pair<long, long> &B, long L) { return B.second < L; });
  if (It == Blocks.end() || It->second != last)
    return HETILE_OK;
  if (m->Threads.size() == 1)
    if (int E = payEmulation(*m))
      return E;
  MaybeLock G(m->Lock.get());
  double T0 = hetile_timer_now();
  size_t B = size_t(It - Blocks.begin());
  if (B + 1 >= m->OwnStart.size() || row < 0 ||
      m->OwnStart[B] + size_t(row) >= m->OwnStart[B + 1])
    return fail(HETILE_ERR_INVALID, "hetile_mpi_row_done: rank %d listed no "
                "piece for row %ld of its block ending at column %ld",
                m->Rank, row, last);
  m->OwnDone[m->OwnStart[B] + size_t(row)] = 1;
  int E = HETILE_OK;
  // In the order listed, which the receivers follow: a piece finished
  // before an earlier one waits for it.
  for (; !E && m->OwnDoneUpTo < m->OwnDone.size() &&
         m->OwnDone[m->OwnDoneUpTo];
       ++m->OwnDoneUpTo)
    if (m->PiecesSend)
      E = sendNext(*m);
  // The blocks before the first with an unfinished row are finished: no
  // tile of this rank left to run touches the other ranks' pieces of
  // blocks left of that one's first column. Once all are, the rest waits
  // for hetile_mpi_exchange, as without threads.
  long Before = Blocks.back().first;
  for (size_t K = 0; K < Blocks.size(); ++K)
    if (m->OwnStart[K + 1] > m->OwnDoneUpTo) {
      Before = Blocks[K].first;
      break;
    }
  if (!E)
    E = progress(*m, Before);
  chargeEarly(*m, T0);
  return E;
}

int mpi::progressPiecesAfterTiles(hetile_mpi &M) {
  if (!M.PiecesPosted)
    return HETILE_OK;
  // Every tile of this rank has run: no receive can overwrite a value it
  // still reads, whatever the block.
  double T0 = hetile_timer_now();
  int E = progress(M, LONG_MAX);
  chargeEarly(M, T0);
  return E;
}

int mpi::finishPieces(hetile_mpi &M) {
  if (!M.PiecesPosted)
    return HETILE_OK;
  double T0 = hetile_timer_now();
  M.PiecesPosted = false;
  int E = HETILE_OK;
  // The receives left, as many as the buffers allow at a time, each round
  // completed (their buffers given back) before the next; the requests
  // completed before are null. Every round posts a piece at least.
  for (bool Left = M.PiecesReceive; Left && !E;) {
    E = postSafe(M, LONG_MAX);
    for (int Q = 0; Q < M.Size && !E; ++Q)
      if (Q != M.Rank)
        E = waitAll(M.PieceSets[Q].Requests, M.Watchdog);
    if (!E)
      E = complete(M, false, true);
    Left = false;
    for (int Q = 0; Q < M.Size; ++Q) {
      const PieceSet &S = M.PieceSets[Q];
      Left |= Q != M.Rank && S.Posted < S.Pieces.size();
    }
  }
  if (!E)
    E = waitAll(M.PieceSends, M.Watchdog);
  if (E == HETILE_ERR_TIMEOUT)
    E = fail(E, "rank %d: the final values posted during the nest did not "
             "arrive after %g s (HETILE_WATCHDOG)", M.Rank, M.Watchdog);
  if (E) {
    // MPI may still use them: leaked.
    for (PieceSet &S : M.PieceSets)
      for (Piece &P : S.Pieces)
        (void)P.Buf.Data.release();
  }
  M.PieceSets.clear();
  M.PieceBuffers.clear();
  M.PieceSends.clear();
  M.PieceSendsDone = 0;
  M.OwnStart.clear();
  M.OwnDone.clear();
  M.OwnDoneUpTo = 0;
  M.Final += hetile_timer_now() - T0;
  return E;
}
