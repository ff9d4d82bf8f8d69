//===- MpiInternal.h - libhetile_rt_mpi internals ---------------*- C++ -*-===//
//
// The nest object behind hetile_mpi (an allocation of tile columns with its
// communicator, buffers and statistics) and what the schedule's files
// share about it. MPI start-up, errors and waits: MpiSupport.h; the
// measurements: MpiCalibrate.h.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_RT_MPIINTERNAL_H
#define HETILE_RT_MPIINTERNAL_H

#include "ColumnAllocation.h"
#include "MpiSupport.h"

#include "hetile_grid.h"
#include "hetile_rt_mpi.h"

#include <atomic>
#include <climits>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace hetile::rt::mpi {

/// Bytes of consecutive final values at an address.
struct Run {
  char *At;
  size_t Bytes;
  int Array; ///< runs of one array only merge
};

/// Final values posted while the nest runs (hetile_mpi_piece): the runs of
/// one row of tiles of one block of a rank.
struct Piece {
  std::vector<Run> Runs;
  long First = 0;     ///< the first column of the piece's block
  size_t Row = 0;     ///< its row of tiles, counted from the block's first
  /// One message per run, in place; else packed into Buf while its
  /// messages are in flight.
  bool Direct = false;
  Buffer Buf;
  size_t Bytes = 0;
  /// Its requests: PieceSet::Requests [Request0, Request0 + Requests) for
  /// another rank's piece, hetile_mpi::PieceSends for one of this rank's.
  size_t Request0 = 0, Requests = 0;
};

/// The pieces of one rank, in the order that rank computes them: this
/// rank's sent in order once finished (Next: the next to send; Posted: the
/// first whose sends may be in flight); another rank's received in order
/// (Posted: the first whose receives are not posted; Next: the first not
/// completed).
struct PieceSet {
  std::vector<Piece> Pieces;
  size_t Next = 0, Posted = 0;
  std::vector<MPI_Request> Requests;
  /// The bytes of packed pieces in flight (their buffers): this rank's sent
  /// and not completed, or another rank's posted and not completed.
  size_t Buffered = 0;
};

/// A send in flight: its buffer stays alive until the request completes.
struct Outgoing {
  Buffer Buf;
  MPI_Request Request = MPI_REQUEST_NULL;
};

/// What one thread of a rank measures and owes: its compute bracket (wall
/// and CPU clocks at its start) and its emulated sleep still owed ((factor
/// - 1) x the CPU time measured, minus the time slept; negative after
/// oversleeping). One cache line each: threads write their own.
struct alignas(64) ThreadState {
  double ComputeStart = -1;
  double CpuStart = 0;
  double SleepDebt = 0;
};

/// A part of a block computed by one thread (hetile_mpi_part).
struct Part {
  long First, Last, After;
};

/// Rows finished by one column (hetile_mpi_post_column), on its own cache
/// line.
struct alignas(64) ColumnProgress {
  std::atomic<long> Rows{0};
};

/// Posts a send (Send) or a receive of the Bytes bytes at Data with Peer
/// on Comm, tag M.TagUb, as messages of at most M.MaxCount bytes (received
/// in the order sent: one tag), appending the requests to Requests; a send
/// counts in M.FinalMessages.
int postBytes(hetile_mpi &M, MPI_Comm Comm, bool Send, char *Data, size_t Bytes,
              int Peer, std::vector<MPI_Request> &Requests);

/// Completes Requests, testing them without sleeping in between (the
/// final exchange, past the ranks' barrier: MPI moves the data of a
/// shared-memory transport only inside its calls, on both sides).
/// HETILE_ERR_TIMEOUT (no message set) after Watchdog seconds (0: never).
int waitAll(std::vector<MPI_Request> &Requests, double Watchdog);

/// Completes the pieces of M (hetile_mpi_pieces_post) once the rank has
/// run all its tiles: sends what its window held back, posts the receives
/// left and completes every send and receive under the watchdog, testing
/// both sides in turn (neither waits for the other), and unpacks what is
/// left. Nothing when no piece was posted.
int finishPieces(hetile_mpi &M);

/// Once the rank has run all its tiles, while it waits for the others:
/// tests its piece sends and sends those its window held back, posts the
/// receives of the other ranks' pieces left (within the buffers) and places
/// those that arrived, so that a rank that finishes early (or has no tile)
/// receives its final values while the others compute. Nothing when no
/// piece was posted.
int progressPiecesAfterTiles(hetile_mpi &M);

/// Opens the nest's own communicator (MPI_Comm_dup of MPI_COMM_WORLD,
/// returning errors instead of aborting) and reads its rank, size and
/// largest tag.
int openComm(hetile_mpi &M);

/// What hetile_mpi_begin does before it allocates (collective): opens M's
/// communicator, reads the environment on every rank (Err, if not 0, is
/// this rank's error instead), agrees on errors, shares rank 0's settings
/// and finds the cycle times (platform, speeds, equal or a calibration
/// cached for the process).
int openSettings(hetile_mpi &M, int Err = 0);

} // namespace hetile::rt::mpi

/// One tiled nest on the ranks of a private communicator, with the
/// allocation of its columns (cycle times, owners, blocks, description).
struct hetile_mpi : hetile::rt::ColumnAllocation {
  MPI_Comm Comm = MPI_COMM_NULL;
  int Rank = 0;
  int Size = 1;
  /// MPI_TAG_UB; hetile_mpi_tag_ub() is one less, TagUb is the runtime's.
  int TagUb = 32767;

  // Settings (rank 0's, broadcast; Strategy and Param in the base).
  double Watchdog = 120;
  long MaxCount = INT_MAX;
  bool Verbose = false;
  /// HETILE_DEFER=0: a nest's values left for the next nest move at once
  /// (hetile_mpi_defer), as a final exchange to every rank would.
  bool DeferOff = false;
  /// HETILE_RELEASE (Env.h): what hetile_mpi_fetch does with the pages of
  /// values that are dead on this rank.
  int Release = 1;
  /// This rank's HETILE_EMULATE_SPEEDS factor (1: none).
  double EmulateFactor = 1;
  /// Per thread (one until hetile_mpi_threads): compute brackets and the
  /// emulated sleep owed.
  std::vector<hetile::rt::mpi::ThreadState> Threads =
      std::vector<hetile::rt::mpi::ThreadState>(1);
  /// With several threads: serialises the runtime's MPI calls and guards
  /// the sends' buffers and the statistics (null with one thread).
  std::unique_ptr<std::mutex> Lock;
  /// Parts[t]: thread t's parts, in order; Progress[c]: column c's rows.
  std::vector<std::vector<hetile::rt::mpi::Part>> Parts;
  std::unique_ptr<hetile::rt::mpi::ColumnProgress[]> Progress;

  // Sends: buffers handed out but not sent, sends in flight, spare buffers.
  std::vector<hetile::rt::mpi::Buffer> HandedOut;
  std::vector<hetile::rt::mpi::Outgoing> Pending;
  std::vector<hetile::rt::mpi::Buffer> Spare;
  /// The results of hetile_mpi_gather and the contributions handed out by
  /// hetile_mpi_gather_buffer, alive until hetile_mpi_end, which gives them
  /// back to the process's spare buffers (reuseBuffer).
  std::vector<hetile::rt::mpi::Buffer> Gathered;
  std::vector<hetile::rt::mpi::Buffer> Contributions;
  /// Runs[q]: the runs of final values rank q owns (hetile_mpi_run), in
  /// this process's memory, until hetile_mpi_exchange.
  std::vector<std::vector<hetile::rt::mpi::Run>> Runs;
  /// PieceSets[q]: rank q's pieces (hetile_mpi_piece); PieceSends: the
  /// sends of mine; PiecesPosted: hetile_mpi_pieces_post ran and
  /// finishPieces has not. PieceComm: their communicator (a duplicate of
  /// Comm, so that the pipeline's messages are never matched against them).
  MPI_Comm PieceComm = MPI_COMM_NULL;
  std::vector<hetile::rt::mpi::PieceSet> PieceSets;
  std::vector<MPI_Request> PieceSends;
  size_t PieceSendsDone = 0;
  /// When the pieces were last tested between rows (hetile_timer_now).
  double PieceLastPoll = -1;
  /// Buffers of packed pieces whose messages completed, for the next ones.
  std::vector<hetile::rt::mpi::Buffer> PieceBuffers;
  bool PiecesPosted = false, PiecesRootOnly = false, PiecesSend = false,
       PiecesReceive = false;
  /// This rank's pieces as it finishes them (hetile_mpi_piece_done,
  /// hetile_mpi_row_done), listed on every rank that lists its own, sending
  /// or not: OwnStart[b], the index of the first piece of its block b (one
  /// entry more: their number); OwnDone, the pieces whose row is finished;
  /// OwnDoneUpTo, the first not finished.
  std::vector<size_t> OwnStart;
  std::vector<char> OwnDone;
  size_t OwnDoneUpTo = 0;

  // Statistics.
  long Tiles = 0;
  long Messages = 0;
  unsigned long long BytesSent = 0;
  double Compute = 0, Wait = 0, Communicate = 0;
  /// The final exchange (hetile_mpi_exchange, hetile_mpi_gather): bytes
  /// received and sent, and its time past the wait for the last rank.
  unsigned long long FinalReceived = 0, FinalSent = 0;
  long FinalMessages = 0; ///< sent
  /// Of those: pieces sent, and bytes of pieces received and in place,
  /// during the nest (after this rank's rows, or while it waits for the
  /// others to reach hetile_mpi_exchange); the part of Final spent then.
  long EarlyPieces = 0;
  unsigned long long EarlyPlaced = 0;
  double FinalEarly = 0;

  double Final = 0;
  /// hetile_mpi_resident: per array written, the bytes of the box the nest
  /// touches and how many of them are resident in this rank's memory.
  struct Residency {
    std::string Array;
    unsigned long long Resident = 0, Span = 0;
  };
  std::vector<Residency> Resident;
  /// hetile_mpi_final_to: where the final values went, and why.
  std::string FinalTo;
  /// What hetile_mpi_defer left for the next nest, or what hetile_mpi_fetch
  /// and hetile_mpi_settle moved of it (MpiDeferred.cpp), for the stats.
  std::string DeferNote;
  mutable std::string StatsLine;

  /// The processor grid of HETILE_GRID (hetile_mpi_grid, MpiGrid.cpp):
  /// its dimensions (0: the ring) and sizes.
  int GridDims = 0;
  int Grid[HETILE_GRID_MAX_DIMS] = {};
  /// The tile columns along band dimensions 0 and 1, and their owner
  /// tables (hetile_grid_owner_tables): GridOf[0][j0] is the grid row of
  /// column j0, GridOf[1][j1] the grid column of j1.
  long GridN[2] = {};
  std::vector<int> GridOf[2];

  ~hetile_mpi();
};

namespace hetile::rt::mpi {

/// Sleeps the emulated slowdown owed by thread T (hetile_emulate_delay),
/// counted as compute time; called before every send, receive, gather and
/// end of a nest run by one thread (T = 0), so that an emulated slow rank
/// delivers its results as late as a slow processor.
int payEmulation(hetile_mpi &M, int T = 0);

/// After a call of an agreed site (hetile_mpi_profit_end, every call, timed
/// or not): a tiled call after which values are left is the one whose
/// tiled way a later original's move of them is charged to
/// (hetile_mpi_settle_call, hetile_profit_charge); an original call left
/// nothing.
void noteCall(const hetile_profit_call *Call, int Ran);

} // namespace hetile::rt::mpi

#endif
