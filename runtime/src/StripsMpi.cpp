//===- StripsMpi.cpp - strips with redundant tasks on MPI ranks, [RD02] ----===//
//
// Rastello & Dauxois, IPDPS 2002: the strips of StripsRun.cpp over the
// threads of several MPI ranks ([RD02] section 5: one strip per processor,
// heights from the processors' cycle times, redundant rows counted).
//
// The processors are numbered rank by rank: thread t of rank r is processor
// r * T + t (T threads per rank, the largest OMP team any rank asks for), of
// the cycle time of its rank (hetile_mpi_begin's: platform file,
// HETILE_SPEEDS, HETILE_CALIBRATE=0 or a calibration, identical on every
// rank). The strips are filled in processor order, so each rank owns one
// run of consecutive rows in a band. Every rank computes the same plan: the
// width (HETILE_STRIP_WIDTH as rank 0 reads it, the model, and the fuzzy
// trials of section 4.6, each trial band's time the largest over the ranks)
// and the heights.
//
// Each rank computes on its own copy of the arrays, which holds, before a
// band, the values of the rows it owns and of those its threads copy in
// (StripsRun.cpp's fetch: the strip and the reach of its halo). Before the
// first band every copy holds the initial values. Before a later band, a
// rank receives from each other rank the rows that rank owned in the band
// before (the band's final values there) among those it reads: the rows
// [first - ReachLow, last + ReachHigh] of its strip, ReachLow and
// ReachHigh the furthest the halo of that band reaches (the flow
// dependences' distances, isl's, closed backward over the band by
// StripsRun.cpp). An array no flow dependence carries across time steps
// (Analysis/StripsLegality.h: StripsPlan::Carried) moves only in the rows
// the receiver owns now: a band reads such an array only where one of its
// own steps wrote it (the halo computed it) or where the nest had not
// written it before (every copy holds the same value there). The sender
// computes the same rows from the same plan, so both agree on the bytes. Sends are non-blocking
// (hetile_mpi_send), receives under the watchdog (hetile_mpi_recv); one
// message per pair of ranks and band, tagged with the band's number. The
// rows it owned in the band before a rank's threads published to its copy
// (hetile_strips_publish: the rows any other processor may fetch).
//
// After the last band, each rank owns the final values of its strip: the
// final exchange of the pipeline moves them in place (hetile_mpi_run per
// rank and array, hetile_mpi_exchange).
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "MpiInternal.h"
#include "StripsInternal.h"

#include "hetile_rt_mpi.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace hetile::rt;
using namespace hetile::rt::strips;

namespace {

/// A written array of the nest in this process's memory (rows of 0 bytes
/// where a dimension is empty).
struct Array {
  char *Base = nullptr;
  unsigned long RowBytes = 0;
  long Min = 0, Max = -1; ///< rows the nest touches
  /// A band reads its values of the band before in the halo (else only in
  /// the rows it owns).
  bool Carried = true;
};

} // namespace

struct hetile_strips_mpi {
  hetile_mpi *M = nullptr;
  hetile_strips *S = nullptr;
  int Threads = 1;
  std::vector<Array> Arrays;
  /// Statistics: bands after which rows moved, bytes sent and received.
  long Exchanges = 0;
  unsigned long long Sent = 0, Received = 0;
  std::vector<char> Incoming;
  std::string Line;
  ~hetile_strips_mpi() { hetile_strips_destroy(S); }
};

namespace {

long rowsIn(long Lo, long Hi) { return Hi >= Lo ? Hi - Lo + 1 : 0; }

/// The largest of every rank's \p Seconds (collective; every rank measures
/// the same trial bands).
double largestOverRanks(void *Context, double Seconds) {
  auto *SM = static_cast<hetile_strips_mpi *>(Context);
  double Largest = Seconds;
  MPI_Request Request = MPI_REQUEST_NULL;
  if (MPI_Iallreduce(&Seconds, &Largest, 1, MPI_DOUBLE, MPI_MAX, SM->M->Comm,
                     &Request) != MPI_SUCCESS ||
      mpi::waitRequest(Request, SM->M->Watchdog) != 0)
    return Seconds; // the watchdog of the next exchange reports the rank
  return Largest;
}

/// Rank \p Q's rows in the current band (\p Previous: in the band before).
void rankRows(const hetile_strips_mpi &SM, int Q, bool Previous, long &Lo,
              long &Hi) {
  const hetile_strips &S = *SM.S;
  if (Previous)
    groupRows(S.PrevFirst, S.PrevLast, Q * SM.Threads, SM.Threads, Lo, Hi);
  else
    groupRows(S.Current->First, S.Current->Last, Q * SM.Threads, SM.Threads,
              Lo, Hi);
}

/// The rows of the arrays rank \p To reads of those rank \p From owned
/// in the band before: a range per array (empty when lo > hi), the rows
/// its strip and halo read of a carried array, those of its strip of the
/// others.
struct Transfer {
  long Lo = 1, Hi = 0;         ///< carried arrays
  long OwnLo = 1, OwnHi = 0;   ///< the others
  std::vector<std::pair<long, long>> Rows; ///< per array, clipped
  size_t Bytes = 0;
};

Transfer transfer(const hetile_strips_mpi &SM, int From, int To) {
  const hetile_strips &S = *SM.S;
  Transfer T;
  long Own0, Own1, Mine0, Mine1;
  rankRows(SM, From, true, Own0, Own1);
  rankRows(SM, To, false, Mine0, Mine1);
  if (Own1 >= Own0 && Mine1 >= Mine0) {
    T.Lo = std::max({Own0, Mine0 - S.Current->ReachLow, S.RLo});
    T.Hi = std::min({Own1, Mine1 + S.Current->ReachHigh, S.RHi});
    T.OwnLo = std::max(Own0, Mine0);
    T.OwnHi = std::min(Own1, Mine1);
  }
  for (const Array &A : SM.Arrays) {
    long Lo = std::max(A.Carried ? T.Lo : T.OwnLo, A.Min);
    long Hi = std::min(A.Carried ? T.Hi : T.OwnHi, A.Max);
    T.Rows.push_back({Lo, Hi});
    T.Bytes += size_t(rowsIn(Lo, Hi)) * A.RowBytes;
  }
  return T;
}

/// Copies the rows of \p T of every array into (Pack) or out of Buf.
void move(const hetile_strips_mpi &SM, const Transfer &T, char *Buf,
          bool Pack) {
  for (size_t K = 0; K < SM.Arrays.size(); ++K) {
    const Array &A = SM.Arrays[K];
    long From = T.Rows[K].first, To = T.Rows[K].second;
    if (To < From)
      continue;
    size_t Bytes = size_t(To - From + 1) * A.RowBytes;
    char *At = A.Base + size_t(From) * A.RowBytes;
    if (Pack)
      memcpy(Buf, At, Bytes);
    else
      memcpy(At, Buf, Bytes);
    Buf += Bytes;
  }
}

} // namespace

extern "C" int hetile_strips_mpi_create(hetile_mpi *m, int nthreads,
                                        int nstmts, const long *reach,
                                        int nedges, const long *edges,
                                        long rlo, long rhi, long tlo, long thi,
                                        hetile_strips_mpi **out) {
  if (!out)
    return fail(HETILE_ERR_INVALID, "strips: no output pointer");
  *out = nullptr;
  if (!m)
    return fail(HETILE_ERR_INVALID, "strips: null MPI nest");
  auto SM = std::make_unique<hetile_strips_mpi>();
  SM->M = m;
  // Every rank numbers the processors alike: T is the largest team.
  int Threads = std::max(1, nthreads), Width = 0;
  int E = mpi::check(MPI_Allreduce(&Threads, &SM->Threads, 1, MPI_INT,
                                   MPI_MAX, m->Comm),
                     "MPI_Allreduce");
  std::vector<double> Times;
  if (!E && (long)SM->Threads * m->Size > (1L << 20))
    E = fail(HETILE_ERR_INVALID, "strips: %d ranks of %d threads are too many "
             "processors", m->Size, SM->Threads);
  if (!E) {
    for (int R = 0; R < m->Size; ++R)
      Times.insert(Times.end(), SM->Threads, m->Times[R]);
    std::string Source = m->Source + ", per rank";
    E = createWithTimes(m->Size * SM->Threads, nstmts, reach, nedges, edges,
                        rlo, rhi, tlo, thi, Times.data(), Source.c_str(),
                        &SM->S);
  }
  if (!E)
    Width = int(std::min(SM->S->Width, long(INT_MAX)));
  // Rank 0's HETILE_STRIP_WIDTH (0: unset) for every rank.
  if ((E = mpi::agree(m->Comm, m->Rank, E)))
    return E;
  if ((E = mpi::check(MPI_Bcast(&Width, 1, MPI_INT, 0, m->Comm),
                      "MPI_Bcast")))
    return E;
  SM->S->Width = Width;
  // The first exchange (band 1) sets up the ranks' connections: not a
  // trial's measure.
  SM->S->Untimed = 2;
  SM->S->Agree = largestOverRanks;
  SM->S->AgreeContext = SM.get();
  *out = SM.release();
  return HETILE_OK;
}

extern "C" hetile_strips *hetile_strips_mpi_plan(hetile_strips_mpi *sm) {
  return sm ? sm->S : nullptr;
}

extern "C" int hetile_strips_mpi_threads(const hetile_strips_mpi *sm) {
  return sm ? sm->Threads : 1;
}

extern "C" int hetile_strips_mpi_array(hetile_strips_mpi *sm, int array,
                                       void *base, unsigned long row_bytes,
                                       long rmin, long rmax, int carried) {
  if (!sm || array < 0)
    return fail(HETILE_ERR_INVALID, "strips: bad array %d", array);
  if (size_t(array) >= sm->Arrays.size())
    sm->Arrays.resize(size_t(array) + 1);
  sm->Arrays[array] = {static_cast<char *>(base), row_bytes, rmin, rmax,
                       carried != 0};
  return HETILE_OK;
}

extern "C" int hetile_strips_mpi_exchange(hetile_strips_mpi *sm) {
  if (!sm || !sm->S || !sm->S->Current)
    return fail(HETILE_ERR_INVALID, "strips: no band to exchange before");
  hetile_mpi *M = sm->M;
  if (M->Size < 2 || sm->S->Bands < 2)
    return HETILE_OK; // before the first band every copy is the original
  int Tag = int(sm->S->Bands % (long(hetile_mpi_tag_ub(M)) + 1));
  bool Moved = false;
  for (int Q = 0; Q < M->Size; ++Q) {
    if (Q == M->Rank)
      continue;
    Transfer T = transfer(*sm, M->Rank, Q);
    size_t Bytes = T.Bytes;
    if (Bytes == 0)
      continue;
    auto *Buf = static_cast<char *>(hetile_mpi_send_buffer(M, Bytes));
    if (!Buf)
      return HETILE_ERR_NOMEM;
    move(*sm, T, Buf, true);
    if (int E = hetile_mpi_send(M, Q, Tag, Buf, Bytes))
      return E;
    sm->Sent += Bytes;
    Moved = true;
  }
  for (int Q = 0; Q < M->Size; ++Q) {
    if (Q == M->Rank)
      continue;
    Transfer T = transfer(*sm, Q, M->Rank);
    size_t Bytes = T.Bytes;
    if (Bytes == 0)
      continue;
    if (sm->Incoming.size() < Bytes)
      sm->Incoming.resize(Bytes);
    if (int E = hetile_mpi_recv(M, Q, Tag, sm->Incoming.data(), Bytes))
      return E;
    move(*sm, T, sm->Incoming.data(), false);
    sm->Received += Bytes;
    Moved = true;
  }
  sm->Exchanges += Moved;
  return HETILE_OK;
}

extern "C" int hetile_strips_mpi_final(hetile_strips_mpi *sm, int root_only) {
  if (!sm)
    return fail(HETILE_ERR_INVALID, "strips: null schedule");
  hetile_mpi *M = sm->M;
  if (M->Size < 2)
    return HETILE_OK;
  if (sm->S->Current)
    for (int Q = 0; Q < M->Size; ++Q) {
      if (root_only && M->Rank != 0 && Q != M->Rank)
        continue;
      long Lo, Hi;
      rankRows(*sm, Q, false, Lo, Hi);
      for (size_t K = 0; K < sm->Arrays.size(); ++K) {
        const Array &A = sm->Arrays[K];
        long From = std::max(Lo, A.Min), To = std::min(Hi, A.Max);
        if (To < From)
          continue;
        if (int E = hetile_mpi_run(M, Q, int(K),
                                   A.Base + size_t(From) * A.RowBytes,
                                   size_t(To - From + 1) * A.RowBytes))
          return E;
      }
    }
  return hetile_mpi_exchange(M, root_only);
}

extern "C" const char *hetile_strips_mpi_describe(hetile_strips_mpi *sm) {
  if (!sm || !sm->S)
    return "";
  long Lo = 1, Hi = 0;
  if (sm->S->Current)
    rankRows(*sm, sm->M->Rank, false, Lo, Hi);
  long Bands = sm->S->Bands;
  char Buf[320];
  snprintf(Buf, sizeof Buf, "hetile: strips: rank %d/%d, %d thread%s, rows "
           "%ld..%ld in the last band, %ld band%s, rows exchanged before %ld: "
           "%llu bytes sent, %llu received (%.0f bytes per band)",
           sm->M->Rank, sm->M->Size, sm->Threads, sm->Threads == 1 ? "" : "s",
           Lo, Hi, Bands, Bands == 1 ? "" : "s", sm->Exchanges, sm->Sent,
           sm->Received,
           Bands > 1 ? double(sm->Sent + sm->Received) / double(Bands - 1)
                     : 0.0);
  sm->Line = Buf;
  return sm->Line.c_str();
}

extern "C" void hetile_strips_mpi_destroy(hetile_strips_mpi *sm) {
  delete sm;
}
