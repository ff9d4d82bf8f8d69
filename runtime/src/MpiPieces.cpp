//===- MpiPieces.cpp - final values sent while the nest still runs --------===//
//
// The overlapped part of the final exchange (docs/mpi-exchange.md). The
// final values whose last write lies in one row of tiles of a block are
// known once the block's rank has run that row: a piece. Before its tiles,
// every rank lists the pieces it sends or receives, rank by rank in the
// order their rank computes them (hetile_mpi_run, hetile_mpi_piece), and
// hetile_mpi_pieces_post prepares them. After each row of a block
// (hetile_mpi_piece_done, hetile_mpi_row_done), the rank sends its
// finished pieces, in order and non-blocking, to every rank that receives:
// a piece of large runs (128 KiB on average) as one message per run from
// the arrays themselves, another packed into one message (memcpy per run),
// at most WindowBytes of packed pieces in flight (the rest waits for their
// sends to complete). Then it posts the receives of the other ranks'
// pieces, in order, as soon as no tile it has still to run may write or
// read their elements (placeable): those of large runs in place (MPI's
// copy is the only one), the others into a buffer, at most WindowBytes per
// sending rank, unpacked when they arrive. Pieces arrive while the rank
// computes, and while it waits for the others at the end of the nest; the
// rest when finishPieces, called by hetile_mpi_exchange, posts and
// completes what is left.
//
// Which are placeable: a piece of rank q's block [F, L], row R, holds
// elements e whose last write x lies in the tile (R, c), c in [F, L]. A
// tile u of this rank that writes e, or that reads e before x (possibly
// from a message unpacked before it), precedes x by an output or anti
// dependence; the tiled band is fully permutable, so u lies in a row at
// most R and a column at most c, and, not being q's, left of F (blocks are
// maximal). This rank runs its blocks in column order, each row by row:
// once it has finished row R of its last block left of F (or at once, when
// it has none), no tile of it left to run touches e, and e may take its
// final value. With threads (mpi+omp), row R of a block is finished when
// the block's last column has finished it; by the threads' pipeline
// (each part waits for the rank's column just left of it), every column of
// the rank left of it has then finished rows 0..R.
//
// Why the windows cannot deadlock: nothing here blocks during the nest (a
// send held back by its window, a receive not yet placeable or beyond its
// window, waits for a later call), and once every rank has run its tiles,
// every piece is placeable and each rank tests its sends and its receives
// in turn. Take the earliest piece p of a rank q that some receiver r has
// not completed (every receiver has completed q's earlier pieces). q's
// packed pieces in flight are all at p or later: if p is not sent, q has
// none in flight (they are sent in order), so its window lets p go. r's
// posted receives of q's pieces not completed are at p or later: if p is
// not posted, r has none, so its window lets p be posted. Both posted,
// both sides test them: p completes, and so does every piece.
//
// With threads, the thread of a block's last part calls
// hetile_mpi_row_done after each row; the pieces are sent in the order
// listed (a later block's row may finish before an earlier block's last
// row: it waits). Under the nest's lock (the runtime's MPI calls are
// serialised: MPI_THREAD_SERIALIZED).
//
// Pieces travel on a communicator of their own (PieceComm), so that MPI
// never searches among the pieces posted or arrived for the pipeline's
// messages (ranks post thousands of pieces when the rows are many and
// short); both sides post a peer's piece messages in the same order, with
// one tag, so MPI's non-overtaking rule matches them.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "MpiInternal.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <new>
#include <thread>

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

/// The packed pieces in flight at once between two ranks, in bytes (at
/// least one piece): those a rank has sent and whose sends have not all
/// completed, and those of one rank a receiver has posted and not
/// completed. Their buffers are reused from piece to piece instead of all
/// of a rank's final values faulting in fresh memory (the right rank of 2
/// would otherwise post 300 MB of buffers before its first tile for edit
/// distance 10000 x 10000 at 1:3).
const size_t WindowBytes = size_t(16) << 20;

/// Whether P, within a window holding Buffered bytes, must wait.
bool beyondWindow(const Piece &P, size_t Buffered) {
  return !P.Direct && P.Bytes > 0 && Buffered > 0 &&
         Buffered + P.Bytes > WindowBytes;
}

/// Whether no tile of this rank left to run writes or reads the elements of
/// another rank's piece P (see the file comment): this rank has finished
/// P's row of its last block left of P's block, or has no such block.
bool placeable(const hetile_mpi &M, const Piece &P) {
  if (M.Rank >= (int)M.Blocks.size())
    return true;
  const auto &Blocks = M.Blocks[M.Rank];
  auto It = std::lower_bound(
      Blocks.begin(), Blocks.end(), P.First,
      [](const std::pair<long, long> &B, long F) { return B.first < F; });
  if (It == Blocks.begin())
    return true;
  size_t B = size_t(It - Blocks.begin()) - 1;
  size_t Lo = M.OwnStart[B], Hi = M.OwnStart[B + 1];
  // Every block has a piece per row (the rows are numbered alike on every
  // rank); should one have fewer, its last row stands for the rest.
  if (Lo == Hi)
    return false;
  return M.OwnDone[Lo + std::min(P.Row, Hi - Lo - 1)] != 0;
}

/// Posts, in order, the receives of the other ranks' pieces that may be
/// placed (all of them once this rank's tiles have run: AllRun): in place
/// (direct) or into a buffer of their own, the latter at most WindowBytes
/// at once per rank.
int postPlaceable(hetile_mpi &M, bool AllRun) {
  for (int Q = 0; Q < M.Size; ++Q) {
    if (Q == M.Rank)
      continue;
    PieceSet &S = M.PieceSets[Q];
    for (; S.Posted < S.Pieces.size(); ++S.Posted) {
      Piece &P = S.Pieces[S.Posted];
      if (beyondWindow(P, S.Buffered) || (!AllRun && !placeable(M, P)))
        break;
      P.Request0 = S.Requests.size();
      if (P.Direct) {
        for (const Run &R : P.Runs)
          if (int E = postBytes(M, M.PieceComm, false, R.At, R.Bytes, Q,
                                S.Requests))
            return E;
      } else if (P.Bytes > 0) {
        P.Buf = takePieceBuffer(M, P.Bytes);
        if (!P.Buf.Data)
          return HETILE_ERR_NOMEM;
        if (int E = postBytes(M, M.PieceComm, false, P.Buf.Data.get(), P.Bytes,
                              Q, S.Requests))
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
/// and done, unpacking the packed ones; Early: during the nest (counted in
/// EarlyPlaced).
int complete(hetile_mpi &M, bool Early) {
  for (int Q = 0; Q < M.Size; ++Q) {
    if (Q == M.Rank)
      continue;
    PieceSet &S = M.PieceSets[Q];
    for (; S.Next < S.Posted; ++S.Next) {
      Piece &P = S.Pieces[S.Next];
      if (P.Requests > 0) {
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
      if (P.Buf.Data) {
        M.PieceBuffers.push_back(std::move(P.Buf));
        S.Buffered -= P.Bytes;
      }
    }
  }
  return HETILE_OK;
}

/// Sends this rank's next piece, non-blocking, to every rank that
/// receives: one message per run from the arrays, or packed into a buffer;
/// Early: during the nest (counted in EarlyPieces).
int sendNext(hetile_mpi &M, bool Early) {
  PieceSet &S = M.PieceSets[M.Rank];
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
      S.Buffered += P.Bytes;
    }
    for (int Q = 0; Q < M.Size && !E; ++Q) {
      if (Q == M.Rank || (M.PiecesRootOnly && Q != 0))
        continue;
      if (P.Direct)
        for (const Run &R : P.Runs)
          E = E ? E
                : postBytes(M, M.PieceComm, true, R.At, R.Bytes, Q,
                            M.PieceSends);
      else
        E = postBytes(M, M.PieceComm, true, P.Buf.Data.get(), P.Bytes, Q,
                      M.PieceSends);
      M.FinalSent += P.Bytes;
    }
    if (Early)
      ++M.EarlyPieces;
  }
  P.Requests = M.PieceSends.size() - P.Request0;
  return E;
}

/// Sends, in order, this rank's finished pieces that its window lets go.
int sendFinished(hetile_mpi &M, bool Early) {
  PieceSet &S = M.PieceSets[M.Rank];
  size_t Finished = std::min(M.OwnDoneUpTo, S.Pieces.size());
  int E = HETILE_OK;
  while (!E && S.Next < Finished &&
         !beyondWindow(S.Pieces[S.Next], S.Buffered))
    E = sendNext(M, Early);
  return E;
}

/// Between rows, the sends in flight and the other ranks' pieces are
/// tested at most this often (seconds): rows of a few microseconds (one
/// small tile each) would otherwise spend as long testing as computing.
/// A piece waits at most one row more to be placed or to free its window.
const double PollInterval = 20e-6;

/// Tests the sends in flight and sends the finished pieces that may go,
/// then posts the receives of the other ranks' pieces that may be placed
/// (all once this rank's tiles have run: AllRun) and places those that
/// arrived. Between rows (not AllRun), the tests are skipped when the last
/// ran less than PollInterval before Now. Early: during the nest.
int progress(hetile_mpi &M, bool AllRun, bool Early, double Now) {
  bool Poll = AllRun || Now - M.PieceLastPoll >= PollInterval;
  if (Poll)
    M.PieceLastPoll = Now;
  int E = HETILE_OK;
  if (M.PiecesSend && !(E = Poll ? testSends(M) : HETILE_OK))
    E = sendFinished(M, Early);
  if (!E && Poll && M.PiecesReceive && !(E = postPlaceable(M, AllRun)))
    E = complete(M, Early);
  return E;
}

/// Whether every piece finished by this rank has been sent and every other
/// rank's piece received and placed.
bool allComplete(const hetile_mpi &M) {
  for (int Q = 0; Q < M.Size; ++Q) {
    const PieceSet &S = M.PieceSets[Q];
    if (Q == M.Rank ? S.Next < std::min(M.OwnDoneUpTo, S.Pieces.size())
                    : S.Next < S.Pieces.size())
      return false;
  }
  return M.PieceSendsDone == M.PieceSends.size();
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
  std::vector<Piece> &Pieces = m->PieceSets[rank].Pieces;
  Piece P;
  P.Runs.swap(m->Runs[rank]);
  P.First = first;
  if (!Pieces.empty() && Pieces.back().First == first)
    P.Row = Pieces.back().Row + 1;
  for (const Run &R : P.Runs)
    P.Bytes += R.Bytes;
  Pieces.push_back(std::move(P));
  return HETILE_OK;
}

extern "C" int hetile_mpi_pieces_post(hetile_mpi *m, int root_only) {
  if (!m || m->PiecesPosted)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_pieces_post: null nest or "
                "pieces already posted");
  double T0 = hetile_timer_now();
  if (int E = check(MPI_Comm_dup(m->Comm, &m->PieceComm), "MPI_Comm_dup"))
    return E;
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
  // Before its first tile, this rank may receive the pieces of blocks left
  // of all its columns.
  if (m->PiecesReceive)
    E = postPlaceable(*m, false);
  m->Final += hetile_timer_now() - T0;
  return E;
}

extern "C" int hetile_mpi_piece_done(hetile_mpi *m, long first) {
  (void)first;
  if (!m)
    return fail(HETILE_ERR_INVALID, "hetile_mpi_piece_done: null nest");
  if (!m->PiecesPosted)
    return HETILE_OK;
  if (m->OwnDoneUpTo >= m->OwnDone.size())
    return fail(HETILE_ERR_INVALID, "hetile_mpi_piece_done: rank %d has "
                "only %zu pieces", m->Rank, m->OwnDone.size());
  // Delivered as late as a slow processor would.
  if (int E = payEmulation(*m))
    return E;
  double T0 = hetile_timer_now();
  m->OwnDone[m->OwnDoneUpTo++] = 1;
  int E = progress(*m, false, true, T0);
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
  // In the order listed, which the receivers follow: a piece finished
  // before an earlier one waits for it.
  while (m->OwnDoneUpTo < m->OwnDone.size() && m->OwnDone[m->OwnDoneUpTo])
    ++m->OwnDoneUpTo;
  int E = progress(*m, false, true, T0);
  chargeEarly(*m, T0);
  return E;
}

int mpi::progressPiecesAfterTiles(hetile_mpi &M) {
  if (!M.PiecesPosted)
    return HETILE_OK;
  // Every tile of this rank has run: no receive can overwrite a value it
  // still reads, whatever the block.
  double T0 = hetile_timer_now();
  int E = progress(M, true, true, T0);
  chargeEarly(M, T0);
  return E;
}

int mpi::finishPieces(hetile_mpi &M) {
  if (!M.PiecesPosted)
    return HETILE_OK;
  double T0 = hetile_timer_now();
  M.PiecesPosted = false;
  // Sends held back by the window and receives beyond it go as the pieces
  // in flight complete: both sides tested in turn, never one waited for
  // alone (the file comment).
  int E = HETILE_OK;
  while (!(E = progress(M, true, false, 0)) && !allComplete(M)) {
    if (M.Watchdog > 0 && hetile_timer_now() - T0 > M.Watchdog) {
      E = fail(HETILE_ERR_TIMEOUT, "rank %d: the final values posted during "
               "the nest did not arrive after %g s (HETILE_WATCHDOG)",
               M.Rank, M.Watchdog);
      break;
    }
    std::this_thread::yield();
  }
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
  // Freed once the requests left on it (after an error) complete.
  if (M.PieceComm != MPI_COMM_NULL)
    MPI_Comm_free(&M.PieceComm);
  M.Final += hetile_timer_now() - T0;
  return E;
}
