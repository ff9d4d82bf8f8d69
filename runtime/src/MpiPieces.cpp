//===- MpiPieces.cpp - final values sent while the nest still runs --------===//
//
// The overlapped part of the final exchange (docs/mpi-exchange.md). The
// final values whose last write lies in one row of tiles of a block are
// known once the block's rank has run that row: a piece. Before its tiles,
// every rank lists the pieces it sends or receives, rank by rank in the
// order their rank computes them (hetile_mpi_run, hetile_mpi_piece), and
// hetile_mpi_pieces_post posts the receives of the other ranks' pieces into
// one buffer per rank. After each row of a block, hetile_mpi_piece_done
// packs the rank's next piece (memcpy per run) and sends it, non-blocking,
// to every rank that receives, then unpacks the pieces received so far that
// no tile of this rank left to run may write or read.
//
// Which are those: a piece of rank q's block [F, L] holds elements e whose
// last write x lies in a column c of [F, L]. A tile u of this rank that
// writes e, or before which a message carrying e is unpacked (to a read of
// e that precedes x), precedes tile(x) by an output or anti dependence, so
// its column is at most c (the tiling is legal); it is not q's, so it lies
// left of F (blocks are maximal). This rank runs its blocks in column
// order: once it runs a block whose first column is beyond F, no tile of
// it left to run touches e, and e may take its final value. The other
// pieces wait in their buffer for finishPieces, called by
// hetile_mpi_exchange once the rank has run all its tiles.
//
// Pieces travel with the final exchange's tag; every rank posts all its
// piece messages to a peer before that peer's other final-exchange
// messages, in the same order on both sides, so MPI's non-overtaking rule
// matches them.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "MpiInternal.h"

#include <cstring>

using namespace hetile::rt;
using namespace hetile::rt::mpi;

namespace {

/// Unpacks the next pieces of every other rank, in order, while they have
/// arrived and belong to blocks left of column Before; All: every piece
/// left (their receives completed).
int unpackArrived(hetile_mpi &M, long Before, bool All) {
  for (int Q = 0; Q < M.Size; ++Q) {
    if (Q == M.Rank)
      continue;
    PieceSet &S = M.PieceSets[Q];
    while (S.Next < S.Pieces.size()) {
      Piece &P = S.Pieces[S.Next];
      if (!All && P.First >= Before)
        break;
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
      const char *From = S.Buf.Data.get() + P.Offset;
      for (const Run &R : P.Runs) {
        std::memcpy(R.At, From, R.Bytes);
        From += R.Bytes;
      }
      if (!All)
        M.EarlyUnpacked += P.Bytes;
      ++S.Next;
    }
  }
  return HETILE_OK;
}

/// Tests the sends of pieces in order, from the first not known complete:
/// MPI progresses its transfers inside such calls.
int testSends(hetile_mpi &M) {
  while (M.PieceSendsDone < M.PieceSends.size()) {
    int Done = 0;
    if (int E = check(MPI_Test(&M.PieceSends[M.PieceSendsDone], &Done,
                               MPI_STATUS_IGNORE),
                      "MPI_Test"))
      return E;
    if (!Done)
      break;
    ++M.PieceSendsDone;
  }
  return HETILE_OK;
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
    size_t Total = 0;
    for (Piece &P : S.Pieces) {
      P.Offset = Total;
      Total += P.Bytes;
    }
    if (Total == 0 || E)
      continue;
    S.Buf = takeBuffer(Total);
    if (!S.Buf.Data)
      E = fail(HETILE_ERR_NOMEM, "hetile_mpi_pieces_post: no memory for %zu "
               "bytes on rank %d", Total, Me);
  }
  // A rank without its buffers must not leave the others waiting for its
  // pieces.
  if ((E = agree(m->Comm, Me, E))) {
    for (PieceSet &S : m->PieceSets)
      reuseBuffer(std::move(S.Buf));
    m->PieceSets.clear();
    return E;
  }
  m->PiecesPosted = true;
  for (int Q = 0; Q < m->Size && !E; ++Q) {
    PieceSet &S = m->PieceSets[Q];
    if (Q == Me)
      continue;
    for (Piece &P : S.Pieces) {
      P.Request0 = S.Requests.size();
      if (P.Bytes > 0 &&
          (E = postBytes(*m, false, S.Buf.Data.get() + P.Offset, P.Bytes, Q,
                         S.Requests)))
        break;
      P.Requests = S.Requests.size() - P.Request0;
      m->FinalReceived += P.Bytes;
    }
  }
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
    Piece &P = S.Pieces[S.Next++];
    if (P.Bytes > 0) {
      char *To = S.Buf.Data.get() + P.Offset;
      for (const Run &R : P.Runs) {
        std::memcpy(To, R.At, R.Bytes);
        To += R.Bytes;
      }
      for (int Q = 0; Q < m->Size && !E; ++Q) {
        if (Q == m->Rank || (m->PiecesRootOnly && Q != 0))
          continue;
        E = postBytes(*m, true, S.Buf.Data.get() + P.Offset, P.Bytes, Q,
                      m->PieceSends);
        m->FinalSent += P.Bytes;
      }
      ++m->EarlyPieces;
    }
  }
  if (!E)
    E = testSends(*m);
  if (!E && m->PiecesReceive)
    E = unpackArrived(*m, first, false);
  double T = hetile_timer_now() - T0;
  m->Final += T;
  m->FinalEarly += T;
  return E;
}

int mpi::finishPieces(hetile_mpi &M) {
  if (!M.PiecesPosted)
    return HETILE_OK;
  double T0 = hetile_timer_now();
  M.PiecesPosted = false;
  std::vector<MPI_Request> All(M.PieceSends.begin() + M.PieceSendsDone,
                               M.PieceSends.end());
  for (int Q = 0; Q < M.Size; ++Q) {
    if (Q == M.Rank)
      continue;
    PieceSet &S = M.PieceSets[Q];
    if (S.Next < S.Pieces.size())
      All.insert(All.end(), S.Requests.begin() + S.Pieces[S.Next].Request0,
                 S.Requests.end());
  }
  int E = waitAll(All, M.Watchdog);
  if (E == HETILE_ERR_TIMEOUT)
    E = fail(E, "rank %d: the final values posted during the nest did not "
             "arrive after %g s (HETILE_WATCHDOG)", M.Rank, M.Watchdog);
  if (!E && M.PiecesReceive)
    E = unpackArrived(M, 0, true);
  for (PieceSet &S : M.PieceSets)
    if (!E)
      reuseBuffer(std::move(S.Buf));
    else
      (void)S.Buf.Data.release(); // MPI may still use it: leaked
  M.PieceSets.clear();
  M.PieceSends.clear();
  M.PieceSendsDone = 0;
  M.Final += hetile_timer_now() - T0;
  return E;
}
