//===- TileSizeRefine.cpp - tile sizes tried in the running nest ----------===//
//
// Rastello & Dauxois (2002), section 4.1: where a model's inputs are
// uncertain, choose the tile size empirically; section 4.6: of the sizes
// tried, keep the smallest whose time is within 2% of the best. The
// pipelined OpenMP schedule asks hetile_refine_next for slabs of band
// dimension D (0, else 1) and runs each one as a whole pipeline with its
// own sizes. Every boundary between slabs is a multiple of the sizes along
// D of the slabs on both sides, so that the generated loops, which start
// at their aligned origin or the slab's start and stop at the slab's end,
// hold whole tiles; every dependence has a non-negative distance along D
// (the band is fully permutable), so running the slabs in order keeps
// each satisfied.
//
// Ours, not the papers': the order of the trials and when to stop. An
// untimed warm-up slab with the model's sizes goes first (it pays for the
// first calibration and cold caches); then the model's sizes, half and
// twice them (twice only where that does not make the slabs more than
// twice as thick); then the fastest's sizes with one block per processor
// (Proposition 1's proportions; the block width of [BDRV98] with T_com
// otherwise) and, around the fastest, with its size along D kept, the
// other rows twice as thick and the columns half as wide, and the reverse.
// The trial slabs of a round are equally thick and hold at least
// MinRowsPerProc tile rows per processor for every candidate
// (ChunkRowsPerProc for one block per processor, whose pipeline fills in
// a whole block row), so that the pipeline's fill is a small part of
// each; the trials take at most
// MaxTrialShare of dimension D, dropping the last candidates of a round
// that do not fit. A nest run again with the same extents takes the sizes
// its first run chose. Time per value of D compares slabs exactly where
// every value holds as many points (rectangular nests; time-skewed
// stencils past the skew's ramp, which the warm-up covers).
//
//===----------------------------------------------------------------------===//
#include "TileSizePipeline.h"

#include "Env.h"
#include "Error.h"
#include "Math.h"

#include "hetile_rt.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <new>
#include <string>
#include <vector>

using namespace hetile::rt;

namespace {

/// Tile rows per processor each trial slab holds at least, for every
/// candidate.
const long MinRowsPerProc = 4;

/// The same for a candidate of one block per processor: its pipeline
/// starts P - 1 block rows late, so that its slab's fill is at most
/// (P - 1) / (ChunkRowsPerProc P) of it (under 5%).
const long ChunkRowsPerProc = 12;

/// The most of dimension D the trials (the warm-up included) may take.
const double MaxTrialShare = 0.25;

/// A nest whose warm-up says it lasts less than this (seconds) stops
/// trying: the trials could not win back what they cost.
const double MinNestSeconds = 0.005;

/// [RD02] section 4.6's tolerance.
const double Tolerance = 1.02;

/// A candidate: the sizes in band order, then 1 for one block per
/// processor or 0 for [BDRV98]'s block width with T_com.
using Sizes = std::vector<long>;

long lcm(long A, long B) {
  long G = A, H = B;
  while (H) {
    long R = G % H;
    G = H;
    H = R;
  }
  long L = A / G;
  return L > LONG_MAX / B ? LONG_MAX : L * B;
}

long volume(const long *S, int K) {
  double V = 1;
  for (int I = 0; I < K; ++I)
    V *= (double)S[I];
  return V > 9e18 ? LONG_MAX : (long)V;
}

/// The sizes of a candidate of depth \p K as HETILE_TILE_SIZES takes
/// them, then " chunk" for one block per processor.
std::string text(const Sizes &S, int K) {
  std::string T;
  for (int I = 0; I < K; ++I)
    T += (I ? "x" : "") + std::to_string(S[I]);
  return (int)S.size() > K && S[K] ? T + " chunk" : T;
}

/// The sizes chosen for each nest that tried some, for the rest of the
/// process: a nest run again (inside a time loop) takes them at once. The
/// key: depth, column dimension, processors, lower bound, extents and the
/// model's sizes.
struct Memory {
  std::mutex Lock;
  std::map<Sizes, Sizes> Chosen;
};

Memory &memory() {
  static Memory M;
  return M;
}

} // namespace

struct hetile_refine {
  int K = 0;
  int Col = 0;    ///< the column dimension (band order)
  Sizes Ext;      ///< band order
  Sizes ExtFirst; ///< the column dimension first, as handed in
  int Flags = 0;  ///< hetile_tilesize_pipeline's
  Sizes Model;    ///< band order, then 0 (a candidate)
  int P = 1;
  Sizes Lowers;               ///< least value of each dimension (band order)
  int D = 0;                  ///< the slab dimension: 0, else 1
  long Lower = 0;             ///< least value of dimension D
  long Extent = 1;            ///< values of dimension D
  long Align = 1;             ///< every slab boundary is a multiple of it
  int Mode = 0;               ///< 0 off, 1 long nests, 2 always
  bool Fixed = false;         ///< HETILE_CALIBRATE=0: keep the model's sizes
  std::string Why;            ///< why nothing is tried
  std::vector<Sizes> Cands;   ///< tried or to try, in order
  std::vector<double> PerRow; ///< seconds per value of dimension D
  size_t Next = 0;            ///< the next candidate to try
  int Round = 0;              ///< 1 or 2 while trying, 0 before, 3 after
  long Thick = 0;             ///< thickness of the current round's trial slabs
  long TrialRows = 0;
  Sizes Chosen;
  // The slab in progress.
  bool Started = false, Final = false, Done = false;
  int Current = -2; ///< candidate timed, -1 warm-up, -2 untimed
  bool Chunk = false; ///< the slab's allocation: one block per processor
  long Lo = 0, Hi = 0;
  double Start = 0;
  std::string Line;

  /// Tile rows of a slab \p H thick with sizes \p S: its tiles of
  /// dimension D times those of the other row dimensions.
  double rows(const Sizes &S, long H) const {
    double R = (double)(H / S[D]);
    for (int M = 0; M < K; ++M)
      if (M != Col && M != D)
        R *= (double)((Ext[M] + S[M] - 1) / S[M]);
    return R;
  }

  /// The least multiple of Align that gives every candidate from \p From
  /// (but with HETILE_REFINE=always) at least MinRowsPerProc * P rows.
  long thickness(size_t From) const {
    long L = Align;
    long H = L;
    if (Mode == 2)
      return H;
    for (size_t C = From; C < Cands.size(); ++C) {
      long Least = Cands[C][K] ? ChunkRowsPerProc : MinRowsPerProc;
      while (H < LONG_MAX / 2 && rows(Cands[C], H) < double(Least * P))
        H += L;
    }
    return H;
  }

  /// The thickness of the trial slabs of candidates From.. once those that
  /// do not fit in \p Room values of dimension 0 are dropped, last first
  /// (0: fewer than \p Least fit).
  long fit(size_t From, size_t Least, double Room) {
    while (Cands.size() >= From + Least) {
      if (From == 0) {
        // Round 1 fixes the boundaries' lattice: round 2 keeps the size
        // of dimension D of round 1's fastest.
        Align = 1;
        for (const Sizes &S : Cands)
          Align = lcm(Align, S[D]);
      }
      long H = thickness(From);
      if ((double)H * double(Cands.size() - From) <= Room)
        return H;
      Cands.pop_back();
    }
    Cands.resize(From);
    return 0;
  }

  /// The thickness of round 1's slabs if \p C were its candidates.
  long thicknessWith(std::vector<Sizes> C) {
    Cands.swap(C);
    Align = 1;
    for (const Sizes &S : Cands)
      Align = lcm(Align, S[D]);
    long H = thickness(0);
    Cands.swap(C);
    return H;
  }

  /// Adds \p S unless it was a candidate already.
  void add(const Sizes &S) {
    if (std::find(Cands.begin(), Cands.end(), S) == Cands.end())
      Cands.push_back(S);
  }

  /// Each size times \p Row (the row dimensions) and \p Column, at least 1,
  /// at most the extent (unless already beyond it); dimension D's kept
  /// with \p KeepD.
  Sizes scaled(const Sizes &S, double Row, double Column,
               bool KeepD = false) const {
    Sizes Out(K + 1, 0);
    for (int M = 0; M < K; ++M) {
      double F = M == Col ? Column : M == D && KeepD ? 1 : Row;
      long V = (long)math::floor((double)S[M] * F + 1e-9);
      Out[M] = std::max(1L, std::min(V, std::max(S[M], Ext[M])));
    }
    return Out;
  }

  void choose() {
    std::vector<long> Flat;
    for (const Sizes &S : Cands)
      Flat.insert(Flat.end(), S.begin(), S.begin() + K);
    int I =
        hetile_refine_choose((int)PerRow.size(), K, Flat.data(), PerRow.data());
    Chosen = Fixed || PerRow.empty() ? Model : Cands[I];
    Round = 3;
    if (!Fixed && !PerRow.empty()) {
      Memory &M = memory();
      std::lock_guard<std::mutex> G(M.Lock);
      M.Chosen[key()] = Chosen;
    }
  }

  Sizes key() const {
    Sizes Key = {K, Col, P};
    Key.insert(Key.end(), Lowers.begin(), Lowers.end());
    Key.insert(Key.end(), Ext.begin(), Ext.end());
    Key.insert(Key.end(), Model.begin(), Model.end());
    return Key;
  }

  /// Round 1's candidates for slabs along \p Dim, and their thickness (0:
  /// they do not fit).
  long plan(int Dim, bool Anyway = false) {
    D = Dim;
    Lower = Lowers[D];
    Extent = Ext[D];
    Cands.clear();
    add(Model);
    add(scaled(Model, 0.5, 0.5));
    // Twice the model's sizes, unless their rows make every trial slab
    // more than twice as thick as the model's and half's need (ours: the
    // trials' share then goes to round 2, the block width included; on
    // sor-2d 2000 x 40, 32x32x32 needed slabs of 128 values against 48,
    // and left no room for round 2).
    long Two = thicknessWith(Cands);
    Sizes Twice = scaled(Model, 2, 2);
    std::vector<Sizes> Three = Cands;
    Three.push_back(Twice);
    if (Mode == 2 || thicknessWith(Three) <= 2 * Two)
      add(Twice);
    return fit(0, 2,
               Anyway ? INFINITY
                      : MaxTrialShare * (double)Extent - (double)warmUp());
  }

  /// The least thickness of the untimed first slab: one tile row of the
  /// model's; along dimension 1, also all of dimension 0's values (where
  /// dimension 1 is skewed by dimension 0, as time-skewed stencils are,
  /// its first values hold fewer points).
  long warmUp() const { return std::max(Model[D], D == 1 ? Ext[0] : 0L); }

  /// Opens round 2 around the fastest of round 1 if the trials' share
  /// allows it, else chooses.
  void nextRound() {
    std::vector<long> Flat;
    for (const Sizes &S : Cands)
      Flat.insert(Flat.end(), S.begin(), S.begin() + K);
    Sizes Best = Fixed
                     ? Model
                     : Cands[hetile_refine_choose((int)PerRow.size(), K,
                                                  Flat.data(), PerRow.data())];
    size_t From = Cands.size();
    // The block width first: the fastest with one block per processor
    // (the best of the sweeps of docs/tile-sizes.md on 4 kernels of 8),
    // then the shapes; fit drops the last first.
    if (P > 1) {
      Sizes Chunk = Best;
      Chunk[K] = 1;
      add(Chunk);
    }
    add(scaled(Best, 2, 0.5, true));
    add(scaled(Best, 0.5, 2, true));
    long H =
        fit(From, 1,
            Mode == 2 ? INFINITY
                      : MaxTrialShare * (double)Extent - (double)TrialRows);
    if (!H) {
      choose();
      return;
    }
    Round = 2;
    Thick = H;
  }
};

extern "C" int hetile_refine_choose(int n, int depth, const long *sizes,
                                    const double *seconds) {
  if (n < 1 || depth < 1 || !sizes || !seconds)
    return 0;
  double Best = INFINITY;
  for (int C = 0; C < n; ++C)
    if (seconds[C] >= 0)
      Best = std::min(Best, seconds[C]);
  if (!std::isfinite(Best))
    return 0;
  int Pick = -1;
  for (int C = 0; C < n; ++C)
    if (seconds[C] >= 0 && seconds[C] <= Best * Tolerance &&
        (Pick < 0 || volume(sizes + (size_t)C * depth, depth) <
                         volume(sizes + (size_t)Pick * depth, depth)))
      Pick = C;
  return Pick;
}

extern "C" int hetile_refine_begin(int depth, const long *extents, int first,
                                   const long *sizes, const long *lowers,
                                   int nprocs, int flags, hetile_refine **out) {
  if (depth < 1 || depth > 16 || !extents || first < 0 || first >= depth ||
      !sizes || !lowers || nprocs < 1 || !out)
    return fail(HETILE_ERR_INVALID,
                "refine: need 1 <= depth <= 16, "
                "0 <= first < depth, extents, sizes and nprocs >= 1");
  for (int I = 0; I < depth; ++I)
    if (extents[I] < 1 || sizes[I] < 1)
      return fail(HETILE_ERR_INVALID, "refine: extent or size %d < 1", I);
  hetile_refine *R = new (std::nothrow) hetile_refine;
  if (!R)
    return fail(HETILE_ERR_NOMEM, "refine: out of memory");
  R->K = depth;
  R->Col = first;
  R->Ext.assign(depth, 1);
  // extents hold band dimension `first` first, then the others in order.
  R->Ext[first] = extents[0];
  for (int I = 0, J = 1; I < depth; ++I)
    if (I != first)
      R->Ext[I] = extents[J++];
  R->ExtFirst.assign(extents, extents + depth);
  R->Flags = flags & ~HETILE_REFINE_FIXED;
  R->Model.assign(sizes, sizes + depth);
  R->Model.push_back(0);
  R->Chosen = R->Model;
  R->P = nprocs;
  R->Lowers.assign(lowers, lowers + depth);
  R->Lower = lowers[0];
  R->Extent = R->Ext[0];
  std::shared_ptr<const env::Snapshot> Env = env::get();
  if (int E = Env->Refine.check()) {
    delete R;
    return E;
  }
  R->Mode = Env->Refine.Value;
  R->Fixed = Env->CalibrateOff;
  if (flags & HETILE_REFINE_FIXED)
    R->Why = "a part of a call that tries each way";
  else if (R->Mode == 0)
    R->Why = "HETILE_REFINE=0";
  else if (Env->TileSizes.Set)
    R->Why = "HETILE_TILE_SIZES";
  else if (depth < 2 || first == 0)
    R->Why = "band dimension 0 is the columns'";
  if (!R->Why.empty()) {
    R->Mode = 0;
    *out = R;
    return HETILE_OK;
  }
  if (!R->Fixed) {
    Memory &M = memory();
    std::lock_guard<std::mutex> G(M.Lock);
    auto It = M.Chosen.find(R->key());
    if (It != M.Chosen.end()) {
      R->Chosen = It->second;
      R->Round = 3;
      R->Why = "chosen by an earlier run of the nest";
      *out = R;
      return HETILE_OK;
    }
  }
  // Round 1: the model's sizes, half and twice them, in slabs of
  // dimension 0, else of dimension 1 (a row dimension too): at least two
  // candidates (the model's and half) must fit.
  R->Thick = R->plan(0);
  if (!R->Thick && depth > 2 && first != 1)
    R->Thick = R->plan(1);
  if (!R->Thick && R->Mode == 2)
    R->Thick = R->plan(0, true);
  if (!R->Thick) {
    char Buf[160];
    snprintf(Buf, sizeof Buf,
             "short: %ld values of band dimension 0%s, "
             "too few for two trials",
             R->Ext[0], depth > 2 && first != 1 ? " and of dimension 1" : "");
    R->Why = Buf;
    R->D = 0;
    R->Mode = 0;
  }
  *out = R;
  return HETILE_OK;
}

extern "C" int hetile_refine_step(hetile_refine *r, double now, long *sizes,
                                  long *lo, long *hi) {
  if (!r || !sizes || !lo || !hi || r->Done)
    return 0;
  long Upper = r->Lower + r->Extent - 1;
  if (r->Started) {
    // The slab that ran: its values of dimension D inside the nest.
    long From = std::max(r->Lo, r->Lower), To = std::min(r->Hi, Upper);
    double PerRow = To >= From ? (now - r->Start) / double(To - From + 1) : 0;
    if (r->Current >= 0)
      r->PerRow.push_back(PerRow);
    if (r->Current == -1 && r->Mode == 1 && !r->Fixed &&
        PerRow * (double)r->Extent < MinNestSeconds) {
      char Buf[160];
      snprintf(Buf, sizeof Buf,
               "short: about %.2g s in all after the "
               "warm-up slab",
               PerRow * (double)r->Extent);
      r->Why = Buf;
      r->Cands.clear();
      r->Chosen = r->Model;
      r->Round = 3;
    }
    if (r->Final || r->Hi >= Upper) {
      r->Done = true;
      return 0;
    }
  }
  // Which sizes run next, and whether the slab is a trial.
  Sizes S;
  long Thick = 0;
  r->Current = -2;
  if (r->Mode != 0 && r->Round == 0) {
    S = r->Model;
    Thick = -1;
    r->Current = -1;
    r->Round = 1;
  } else if (r->Mode != 0 && r->Round < 3) {
    if (r->Next == r->Cands.size()) {
      if (r->Round == 1)
        r->nextRound();
      else
        r->choose();
    }
    if (r->Round < 3) {
      S = r->Cands[r->Next];
      r->Current = (int)r->Next++;
      Thick = r->Thick;
    }
  }
  if (S.empty()) {
    S = r->Mode != 0 ? r->Chosen : r->Model;
    r->Final = true;
  }
  // The first slab from the start, the last to the end; a boundary
  // between is a multiple of Align, so of both slabs' sizes along D: the
  // generated loops, max(their aligned start, lo) .. min(their end, hi),
  // then hold whole tiles.
  r->Lo = r->Started ? r->Hi + 1 : LONG_MIN;
  if (r->Final)
    r->Hi = LONG_MAX;
  else if (Thick < 0) // the warm-up
    r->Hi =
        (hetile_floord(r->Lower + r->warmUp() - 1, r->Align) + 1) * r->Align -
        1;
  else
    r->Hi = r->Lo + Thick - 1;
  if (!r->Final)
    r->TrialRows += std::min(r->Hi, Upper) - std::max(r->Lo, r->Lower) + 1;
  r->Started = true;
  // The slab allocates its own columns: the block width of [BDRV98] with
  // T_com for its sizes (hetile_tilesize_pipeline noted the model's for
  // one allocation only).
  if (r->Mode != 0 && r->P > 1) {
    Sizes First(r->K);
    First[0] = S[r->Col];
    for (int I = 0, J = 1; I < r->K; ++I)
      if (I != r->Col)
        First[J++] = S[I];
    (void)notePipelineSizes(r->K, r->ExtFirst.data(), r->P, r->Flags,
                            First.data(), (int)S[r->K]);
  }
  r->Chunk = S[r->K] != 0;
  std::copy(S.begin(), S.begin() + r->K, sizes);
  for (int M = 0; M < r->K; ++M) {
    lo[M] = M == r->D ? r->Lo : LONG_MIN;
    hi[M] = M == r->D ? r->Hi : LONG_MAX;
  }
  r->Start = now;
  return 1;
}

extern "C" int hetile_refine_next(hetile_refine *r, long *sizes, long *lo,
                                  long *hi) {
  return hetile_refine_step(r, hetile_timer_now(), sizes, lo, hi);
}

extern "C" int hetile_refine_chunk(const hetile_refine *r) {
  return r && r->Chunk ? 1 : 0;
}

extern "C" const char *hetile_refine_describe(const hetile_refine *r) {
  if (!r)
    return "";
  hetile_refine &R = *const_cast<hetile_refine *>(r);
  R.Line = "hetile: refine: ";
  if (R.PerRow.empty()) {
    R.Line += "tile sizes " + text(R.Chosen, R.K) +
              (R.Chosen == R.Model ? std::string(" (model)")
                                   : " (model " + text(R.Model, R.K) + ")") +
              ", none tried (" +
              (R.Why.empty() ? std::string("the nest ended") : R.Why) + ")";
    return R.Line.c_str();
  }
  char Buf[96];
  R.Line += "tried in slabs of band dimension " + std::to_string(R.D) +
            " (seconds per value):";
  for (size_t C = 0; C < R.PerRow.size(); ++C) {
    snprintf(Buf, sizeof Buf, " %.3g", R.PerRow[C]);
    R.Line += (C ? ", " : " ") + text(R.Cands[C], R.K) + Buf +
              (R.Cands[C] == R.Model ? " (model)" : "");
  }
  snprintf(Buf, sizeof Buf, "; %ld of %ld values in trials", R.TrialRows,
           R.Extent);
  R.Line += "; chose " + text(R.Chosen, R.K) +
            (R.Fixed ? " (the model's: HETILE_CALIBRATE=0)"
                     : " (the smallest within 2% of the fastest)") +
            Buf;
  if (!R.Why.empty())
    R.Line += "; stopped: " + R.Why;
  return R.Line.c_str();
}

extern "C" void hetile_refine_destroy(hetile_refine *r) { delete r; }
