//===- StripsRun.cpp - strips with redundant tasks at run time, [RD02] -----===//
//
// Rastello & Dauxois, "Efficient tiling for an ODE discrete integration
// program: redundant tasks instead of trapezoidal shaped-tiles", IPDPS 2002.
//
// What the OpenMP code of --omp-schedule=strips asks while it runs: the
// band of time steps, each processor's rows (its strip), and the rows each
// statement computes at each step of a band (the strip and its halo: the
// redundant triangles of section 3.3, trapezoids for several statements
// and wider dependences).
//
// The halo. Statement k at step s of a band of n steps computes the rows
// [lo - L(s,k), hi + U(s,k)] of a processor owning [lo, hi]. The rows it
// owns are needed at the end of the band: L, U >= 0. A flow dependence
// k' -> k with time distance dt and row distance (sink - source) in
// [dmin, dmax] makes the rows of k at step s need those of k' at step
// s - dt shifted by that distance: L(s-dt,k') >= L(s,k) + dmax and
// U(s-dt,k') >= U(s,k) - dmin. Every dependence goes to a later (s, k) in
// the order (step, statement) (Analysis/StripsLegality.h refuses the
// others), so one pass from the last (s, k) back gives the least such L, U.
//
// Heights ([RD02] section 5): processor j, of cycle time t_j, takes the
// strip that makes t_j times the rows it computes in a band (redundant
// rows counted, clipped to the rows that exist) about the same for every
// processor: bisection on that time, strips filled in processor order.
//
// Width ([RD02] sections 4.4-4.6): among candidate widths, the smallest
// whose time per step, (max_j t_j (rows_j(w) + copy_j(w)) + beta) / w, is
// within 2% of the best; rows_j counts the rows processor j computes,
// copy_j the rows it copies in and out (a quarter of a computed row each,
// per row; with sub-tiles, plus M rows per row for the band's pass over
// the strip from memory), beta one row (the two barriers). Then the fuzzy methodology
// of section 4.6 at run time: after a first band of w (two on MPI ranks,
// StripsMpi.cpp), the next bands run
// w/2, w and 2w, timed, and the rest the smallest within 2% of the fastest. HETILE_STRIP_WIDTH fixes
// the width.
//
//===----------------------------------------------------------------------===//
#include "ColumnAllocation.h"
#include "Env.h"
#include "Error.h"
#include "StripsInternal.h"

#include "hetile_rt.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

using namespace hetile::rt;
using namespace hetile::rt::strips;

namespace {

long rowsIn(long Lo, long Hi) { return Hi >= Lo ? Hi - Lo + 1 : 0; }

/// L and U of a band of \p N steps (see the file comment).
void halo(const hetile_strips &S, BandShape &B) {
  long N = B.Steps, M = S.M;
  B.Low.assign(N * M, 0);
  B.High.assign(N * M, 0);
  for (long P = N * M - 1; P >= 0; --P) {
    long Step = P / M;
    int K = int(P % M);
    for (const Edge &E : S.Edges) {
      if (E.Sink != K)
        continue;
      long TMax = E.TimeMax < 0 ? Step : std::min(E.TimeMax, Step);
      for (long Dt = E.TimeMin; Dt <= TMax; ++Dt) {
        long Q = (Step - Dt) * M + E.Source;
        if (Q >= P) // a dependence to itself within the step: refused
          continue;
        B.Low[Q] = std::max(B.Low[Q], B.Low[P] + E.RowMax);
        B.High[Q] = std::max(B.High[Q], B.High[P] - E.RowMin);
      }
    }
  }
  B.ReachLow = B.ReachHigh = 0;
  for (long P = 0; P < N * M; ++P) {
    B.ReachLow = std::max(B.ReachLow, B.Low[P] - S.ReachLo[P % M]);
    B.ReachHigh = std::max(B.ReachHigh, B.High[P] + S.ReachHi[P % M]);
  }
}

/// Rows computed in a band by a processor owning [Lo, Hi].
long workOf(const hetile_strips &S, const BandShape &B, long Lo, long Hi) {
  if (Hi < Lo)
    return 0;
  long W = 0;
  for (size_t P = 0; P < B.Low.size(); ++P)
    W += rowsIn(std::max(S.RLo, Lo - B.Low[P]), std::min(S.RHi, Hi + B.High[P]));
  return W;
}

/// Copies in and out, in computed rows (a quarter of a row each); with
/// sub-tiles, also the band's one pass over the strip from memory (the
/// sub-tiles keep it in cache for the band's steps): M computed rows per
/// row, as much as a step costs more without sub-tiles (measured: 1.7 to
/// 2.5 times the CPU time of jacobi-2d, heat-3d and fdtd-2d, docs/strips.md).
double copyOf(const hetile_strips &S, const BandShape &B, long Lo, long Hi) {
  if (Hi < Lo)
    return 0;
  long In = rowsIn(std::max(S.RLo, Lo - B.ReachLow),
                   std::min(S.RHi, Hi + B.ReachHigh));
  double Memory = S.Ordered ? double(S.M) * double(rowsIn(Lo, Hi)) : 0;
  return 0.25 * double(In + rowsIn(Lo, Hi)) + Memory;
}

double costOf(const hetile_strips &S, const BandShape &B, int J, long Lo,
              long Hi) {
  return S.Times[J] * (double(workOf(S, B, Lo, Hi)) + copyOf(S, B, Lo, Hi));
}

/// Fills the strips in processor order, each with the most rows whose
/// cost stays within \p C; returns the first row left over.
long fill(const hetile_strips &S, BandShape &B, double C) {
  long Next = S.RLo;
  for (int J = 0; J < S.P; ++J) {
    long Lo = Next, Good = Lo - 1, Bad = S.RHi + 1;
    // The cost grows with the rows: bisection on the last row.
    while (Bad - Good > 1) {
      long Mid = Good + (Bad - Good) / 2;
      (costOf(S, B, J, Lo, Mid) <= C ? Good : Bad) = Mid;
    }
    B.First[J] = Lo;
    B.Last[J] = Good;
    Next = Good + 1;
  }
  return Next;
}

/// Section 5: heights that equalize the processors' band times.
void heights(const hetile_strips &S, BandShape &B) {
  B.First.assign(S.P, 0);
  B.Last.assign(S.P, -1);
  double Lo = 0, Hi = 0;
  for (int J = 0; J < S.P; ++J)
    Hi = std::max(Hi, costOf(S, B, J, S.RLo, S.RHi));
  for (int It = 0; It < 60 && Hi - Lo > 1e-9 * Hi; ++It) {
    double Mid = Lo + (Hi - Lo) / 2;
    (fill(S, B, Mid) > S.RHi ? Hi : Lo) = Mid;
  }
  fill(S, B, Hi);
  // Rounding may leave the last rows: the last processor takes them.
  if (S.P > 0 && B.Last[S.P - 1] < S.RHi) {
    int J = S.P - 1;
    while (J > 0 && B.Last[J] < B.First[J])
      --J;
    B.Last[J] = S.RHi;
    for (int K = J + 1; K < S.P; ++K)
      B.First[K] = S.RHi + 1, B.Last[K] = S.RHi;
  }
  B.Redundant.assign(S.P, 0);
  B.Time = 0;
  for (int J = 0; J < S.P; ++J) {
    B.Redundant[J] = workOf(S, B, B.First[J], B.Last[J]) -
                     rowsIn(B.First[J], B.Last[J]) * long(B.Low.size());
    B.Time = std::max(B.Time, costOf(S, B, J, B.First[J], B.Last[J]));
  }
}

/// The sub-tiles' skew ([RD02] section 3.3, parallelogram sub-tiles): the
/// least D >= 0 over the (step, statement) pairs of the band with
/// D(sink) >= D(source) - d for every dependence of row distance d (sink -
/// source) between them. Then for every dependence r + D(source) <= r' +
/// D(sink), so the sub-tile of the source, (r + D - Base) / height, is at
/// most that of the sink: walking the sub-tiles from the bottom up, each
/// over all the band's steps in their order (and the statements of a step
/// in theirs), keeps every dependence's order. Within one step, a
/// dependence onto the same statement keeps its order when it does not run
/// down the rows (d >= 0); dependences among the statements of a step are
/// closed by relaxation. No such D (a dependence down the rows within a
/// statement, or a cycle): no sub-tiles.
void skew(const hetile_strips &S, BandShape &B) {
  long N = B.Steps, M = S.M;
  std::vector<long> D(N * M, 0);
  for (long Step = 0; Step < N; ++Step) {
    for (const Edge &E : S.Order) {
      long TMax = E.TimeMax < 0 ? Step : std::min(E.TimeMax, Step);
      for (long Dt = std::max(1L, E.TimeMin); Dt <= TMax; ++Dt) {
        long &To = D[Step * M + E.Sink];
        To = std::max(To, D[(Step - Dt) * M + E.Source] - E.RowMin);
      }
    }
    bool Changed = true;
    for (long Round = 0; Changed && Round <= M; ++Round) {
      Changed = false;
      for (const Edge &E : S.Order) {
        if (E.TimeMin > 0)
          continue;
        if (E.Source == E.Sink) {
          if (E.RowMin < 0)
            return;
          continue;
        }
        long &To = D[Step * M + E.Sink];
        long From = D[Step * M + E.Source] - E.RowMin;
        if (From > To)
          To = From, Changed = true;
      }
    }
    if (Changed)
      return;
  }
  B.Skew = std::move(D);
  B.MaxLow = B.MaxTop = 0;
  for (long P = 0; P < N * M; ++P) {
    B.MaxLow = std::max(B.MaxLow, B.Low[P]);
    B.MaxTop = std::max(B.MaxTop, B.High[P] + B.Skew[P]);
  }
}

const BandShape &shape(hetile_strips &S, long Steps) {
  auto It = S.Shapes.find(Steps);
  if (It != S.Shapes.end())
    return It->second;
  BandShape &B = S.Shapes[Steps];
  B.Steps = Steps;
  halo(S, B);
  heights(S, B);
  if (S.Ordered)
    skew(S, B);
  return B;
}

/// Environment variable \p Name: 0 if unset, else its value, an integer
/// >= 1 (errors name the variable and say it is \p What).
int envPositive(const char *Name, const char *What, long &Value) {
  Value = 0;
  const char *V = getenv(Name);
  if (!V)
    return HETILE_OK;
  char *End = nullptr;
  errno = 0;
  long X = strtol(V, &End, 10);
  if (errno || End == V || *End || X < 1)
    return fail(HETILE_ERR_ENV, "%s=%s: the %s must be an integer >= 1", Name,
                V, What);
  Value = X;
  return HETILE_OK;
}

/// HETILE_STRIP_WIDTH: 0 if unset, else the width.
int envWidth(long &Width) {
  return envPositive("HETILE_STRIP_WIDTH", "width", Width);
}

/// HETILE_STRIP_SUBTILE: 0 if unset, else the sub-tiles' height.
int envSubTile(long &Height) {
  return envPositive("HETILE_STRIP_SUBTILE", "height", Height);
}

/// The sub-tiles' height from the cache: a sub-tile's rows over a band
/// (its height and the skew's reach) in half the cache, HETILE_CACHE_BYTES
/// or the L2 (1 MiB where sysconf does not know it); at least 8 rows.
long cacheSubTile(const hetile_strips &S, const BandShape &B) {
  long Cache = env::get()->CacheBytes.Value;
  if (Cache <= 0)
    Cache = sysconf(_SC_LEVEL2_CACHE_SIZE);
  if (Cache <= 0)
    Cache = 1L << 20;
  long Rows = long(double(Cache) / 2 / double(std::max(1UL, S.RowBytes)));
  return std::max(8L, Rows - B.MaxLow - B.MaxTop);
}

/// Sections 4.5-4.6: the smallest candidate within 2% of the best time
/// per step.
long modelWidth(hetile_strips &S) {
  long Steps = S.THi - S.TLo + 1;
  std::vector<long> Candidates;
  for (long W = 1; W <= std::min(Steps, 256L); W = W < 4 ? W + 1 : W * 3 / 2)
    Candidates.push_back(W);
  double Best = INFINITY;
  std::vector<double> PerStep;
  for (long W : Candidates) {
    PerStep.push_back((shape(S, W).Time + 1.0) / double(W));
    Best = std::min(Best, PerStep.back());
  }
  for (size_t K = 0; K < Candidates.size(); ++K)
    if (PerStep[K] <= Best * 1.02)
      return Candidates[K];
  return 1;
}

/// Whether band \p B runs a candidate width: the bands after the first
/// Untimed ones (band 0 copies the strips in and touches the copies'
/// pages first; on MPI ranks band 1 makes the first exchange), one per
/// candidate.
bool isTrial(const hetile_strips &S, long B) {
  return B >= S.Untimed && size_t(B - S.Untimed) < S.Trials.size();
}

/// The width of band \p B: a candidate while trying them, else Width.
long widthOf(const hetile_strips &S, long B) {
  return isTrial(S, B) ? S.Trials[B - S.Untimed] : S.Width;
}

/// Section 4.6, Figure 9: the smallest candidate within 2% of the best
/// measured time per step.
long fuzzyWidth(const std::vector<long> &W, const std::vector<double> &T) {
  double Best = *std::min_element(T.begin(), T.end());
  long Choice = 0;
  for (size_t K = 0; K < W.size(); ++K)
    if (T[K] <= Best * 1.02 && (!Choice || W[K] < Choice))
      Choice = W[K];
  return Choice;
}

/// The candidates tried on the first bands around the model's width \p W:
/// W / 2, W, 2 W (distinct), when they and \p Untimed first bands of W fill
/// at most a quarter of the steps.
std::vector<long> trials(long W, long Steps, long Untimed) {
  std::vector<long> C;
  for (long X : {std::max(1L, W / 2), W, 2 * W})
    if (C.empty() || C.back() != X)
      C.push_back(X);
  long Sum = W * Untimed;
  for (long X : C)
    Sum += X;
  if (C.size() < 2 || 4 * Sum > Steps)
    return {};
  return C;
}

std::string describe(const hetile_strips &S) {
  std::string D = "hetile: strips: " + std::to_string(S.P) +
                  " processors, cycle times";
  char Buf[64];
  for (double T : S.Times) {
    snprintf(Buf, sizeof Buf, " %g", T);
    D += Buf;
  }
  D += " (" + S.Source + "), rows " + std::to_string(S.RLo) + ".." +
       std::to_string(S.RHi) + ", steps " + std::to_string(S.TLo) + ".." +
       std::to_string(S.THi) + ", width " + std::to_string(S.Width) + " (" +
       S.WidthSource + "), " + std::to_string(S.Bands) + " bands";
  if (!S.Trials.empty()) {
    D += " (tried, seconds per step:";
    for (size_t K = 0; K < S.Trials.size(); ++K) {
      snprintf(Buf, sizeof Buf, " %ld: %.3g", S.Trials[K],
               K < S.TrialTimes.size() ? S.TrialTimes[K] : NAN);
      D += Buf;
    }
    D += ")";
  }
  // A width beyond the steps runs them all in one band.
  auto It = S.Shapes.find(std::min(S.Width, S.THi - S.TLo + 1));
  if (It == S.Shapes.end())
    return D;
  D += ", heights";
  for (int J = 0; J < S.P; ++J)
    D += " " + std::to_string(rowsIn(It->second.First[J], It->second.Last[J]));
  D += ", redundant rows per band";
  for (int J = 0; J < S.P; ++J)
    D += " " + std::to_string(It->second.Redundant[J]);
  if (S.SubTile > 0 && !It->second.Skew.empty())
    D += ", sub-tiles of " + std::to_string(S.SubTile) + " rows (" +
         S.SubTileSource + ")";
  else
    D += ", no sub-tiles";
  return D;
}

} // namespace

namespace {

/// hetile_strips_create; with Times given (not null) they are the cycle
/// times, else findTimes finds them for threads.
int create(int p, int nstmts, const long *reach, int nedges, const long *edges,
           long rlo, long rhi, long tlo, long thi, const double *Times,
           const char *Source, hetile_strips **out) {
  if (!out)
    return fail(HETILE_ERR_INVALID, "strips: no output pointer");
  *out = nullptr;
  if (p < 1 || p > (1 << 20) || nstmts < 1 || !reach || nedges < 0 ||
      (nedges > 0 && !edges))
    return fail(HETILE_ERR_INVALID, "strips: need 1 <= p <= 2^20 processors "
                "and at least one statement (got p=%d, %d statements)", p,
                nstmts);
  auto S = std::make_unique<hetile_strips>();
  S->P = p;
  S->M = nstmts;
  for (int K = 0; K < nstmts; ++K) {
    S->ReachLo.push_back(std::min(0L, reach[2 * K]));
    S->ReachHi.push_back(std::max(0L, reach[2 * K + 1]));
  }
  for (int K = 0; K < nedges; ++K) {
    const long *E = edges + 6 * K;
    if (E[0] < 0 || E[0] >= nstmts || E[1] < 0 || E[1] >= nstmts ||
        E[2] < 0 || (E[2] == 0 && E[0] >= E[1]) || E[4] > E[5])
      return fail(HETILE_ERR_INVALID, "strips: dependence %d is not one the "
                  "strips allow", K);
    S->Edges.push_back({int(E[0]), int(E[1]), E[2], E[3], E[4], E[5]});
  }
  S->RLo = rlo;
  S->RHi = rhi;
  S->TLo = tlo;
  S->THi = thi;
  S->NextStep = tlo;
  if (Times) {
    S->Times.assign(Times, Times + p);
    S->Source = Source ? Source : "given";
  } else {
    TimesSource From;
    if (int E = findTimes(Processors::Threads, p, S->Times, From))
      return E;
    S->Source = sourceName(Processors::Threads, From);
    if (From == TimesSource::Calibrate) {
      S->NeedsCalibration = true;
      S->Seconds.assign(p, 0.0);
    }
  }
  S->Verbose = hetile_env_stats() != 0;
  long W;
  if (int E = envWidth(W))
    return E;
  S->Width = W;
  *out = S.release();
  return HETILE_OK;
}

} // namespace

int hetile::rt::strips::createWithTimes(int p, int nstmts, const long *reach,
                                        int nedges, const long *edges,
                                        long rlo, long rhi, long tlo, long thi,
                                        const double *Times,
                                        const char *Source,
                                        hetile_strips **out) {
  if (!Times)
    return fail(HETILE_ERR_INVALID, "strips: no cycle times");
  return create(p, nstmts, reach, nedges, edges, rlo, rhi, tlo, thi, Times,
                Source, out);
}

void hetile::rt::strips::groupRows(const std::vector<long> &FirstOf,
                                   const std::vector<long> &LastOf, int First,
                                   int Count, long &Lo, long &Hi) {
  Lo = 1, Hi = 0;
  for (int J = First; J < First + Count && J < int(FirstOf.size()); ++J) {
    if (LastOf[J] < FirstOf[J])
      continue;
    if (Hi < Lo)
      Lo = FirstOf[J], Hi = LastOf[J];
    Lo = std::min(Lo, FirstOf[J]);
    Hi = std::max(Hi, LastOf[J]);
  }
}

extern "C" int hetile_strips_create(int p, int nstmts, const long *reach,
                                    int nedges, const long *edges, long rlo,
                                    long rhi, long tlo, long thi,
                                    hetile_strips **out) {
  return create(p, nstmts, reach, nedges, edges, rlo, rhi, tlo, thi, nullptr,
                nullptr, out);
}

extern "C" int hetile_strips_needs_calibration(const hetile_strips *s) {
  return s && s->NeedsCalibration ? 1 : 0;
}

extern "C" int hetile_strips_calibrate(hetile_strips *s, int me) {
  if (!s || me < 0 || me >= s->P)
    return fail(HETILE_ERR_INVALID, "strips: processor %d out of range", me);
  if (!s->NeedsCalibration)
    return HETILE_OK;
  return hetile_calibrate_run(me, &s->Seconds[me]);
}

extern "C" int hetile_strips_prepare(hetile_strips *s) {
  if (!s)
    return fail(HETILE_ERR_INVALID, "strips: null schedule");
  if (s->NeedsCalibration) {
    if (int E = hetile_calibrate_snap(s->P, s->Seconds.data(), s->Times.data()))
      return E;
    s->Source = sourceName(Processors::Threads, TimesSource::Calibrate);
    s->NeedsCalibration = false;
    rememberCalibration(Processors::Threads, s->P, s->Times);
  }
  if (s->THi < s->TLo || s->RHi < s->RLo) {
    s->WidthSource = "nothing to compute";
    return HETILE_OK;
  }
  if (s->Width > 0) {
    s->WidthSource = "HETILE_STRIP_WIDTH";
  } else {
    s->Width = modelWidth(*s);
    s->WidthSource = "model";
    s->Trials = trials(s->Width, s->THi - s->TLo + 1, s->Untimed);
    if (!s->Trials.empty())
      s->WidthSource = "model, then the fastest trial within 2%";
  }
  const BandShape &B = shape(*s, std::min(s->Width, s->THi - s->TLo + 1));
  if (s->Ordered) {
    long H;
    if (int E = envSubTile(H))
      return E;
    s->SubTile = H ? H : cacheSubTile(*s, B);
    s->SubTileSource = H ? "HETILE_STRIP_SUBTILE" : "cache";
  }
  return HETILE_OK;
}

extern "C" int hetile_strips_order(hetile_strips *s, int nedges,
                                   const long *edges,
                                   unsigned long row_bytes) {
  if (!s || nedges < 0 || (nedges > 0 && !edges))
    return fail(HETILE_ERR_INVALID, "strips: no dependences to order");
  for (int K = 0; K < nedges; ++K) {
    const long *E = edges + 6 * K;
    if (E[0] < 0 || E[0] >= s->M || E[1] < 0 || E[1] >= s->M || E[2] < 0 ||
        E[4] > E[5])
      return fail(HETILE_ERR_INVALID, "strips: dependence %d cannot order "
                  "sub-tiles", K);
    s->Order.push_back({int(E[0]), int(E[1]), E[2], E[3], E[4], E[5]});
  }
  s->Ordered = true;
  s->RowBytes = row_bytes;
  s->Shapes.clear();
  return HETILE_OK;
}

extern "C" int hetile_strips_next_band(hetile_strips *s) {
  if (!s || s->THi < s->TLo || s->RHi < s->RLo)
    return 0;
  double Now = hetile_timer_now();
  long Done = s->Bands;
  if (isTrial(*s, Done - 1)) {
    double PerStep = (Now - s->BandStart) / double(s->Current->Steps);
    s->TrialTimes.push_back(s->Agree ? s->Agree(s->AgreeContext, PerStep)
                                     : PerStep);
  }
  if (!s->Trials.empty() && !s->Chosen &&
      s->TrialTimes.size() == s->Trials.size()) {
    s->Width = fuzzyWidth(s->Trials, s->TrialTimes);
    s->Chosen = true;
  }
  if (s->NextStep > s->THi)
    return 0;
  if (s->Current) {
    s->PrevFirst = s->Current->First;
    s->PrevLast = s->Current->Last;
  } else {
    s->PrevFirst.assign(s->P, 0);
    s->PrevLast.assign(s->P, -1);
  }
  long Steps = std::min(widthOf(*s, Done), s->THi - s->NextStep + 1);
  s->Current = &shape(*s, Steps);
  s->NextStep += Steps;
  long After = std::min(widthOf(*s, Done + 1), s->THi - s->NextStep + 1);
  // After the last trial the width is not known yet: no next shape, so the
  // band publishes all its rows.
  bool Known = !isTrial(*s, Done) || isTrial(*s, Done + 1);
  s->Next = After > 0 && Known ? &shape(*s, After) : nullptr;
  ++s->Bands;
  s->BandStart = hetile_timer_now();
  return 1;
}

extern "C" void hetile_strips_band(const hetile_strips *s, long *t0,
                                   long *steps) {
  *steps = s->Current ? s->Current->Steps : 0;
  *t0 = s->NextStep - *steps;
}

namespace {

/// The first row of processor me's sub-tiles in band shape \p B.
long subBase(const BandShape &B, int me) { return B.First[me] - B.MaxLow; }

} // namespace

extern "C" long hetile_strips_subtiles(const hetile_strips *s, int me) {
  const BandShape &B = *s->Current;
  if (B.Skew.empty() || s->SubTile < 1 || B.Last[me] < B.First[me])
    return 1;
  long Top = B.Last[me] + B.MaxTop;
  return (Top - subBase(B, me)) / s->SubTile + 1;
}

extern "C" void hetile_strips_subwindow(const hetile_strips *s, int me,
                                        long step, int k, long sub, long *lo,
                                        long *hi) {
  hetile_strips_window(s, me, step, k, lo, hi);
  const BandShape &B = *s->Current;
  if (B.Skew.empty() || s->SubTile < 1 || *hi < *lo)
    return;
  long Shift = subBase(B, me) - B.Skew[step * s->M + k];
  *lo = std::max(*lo, Shift + sub * s->SubTile);
  *hi = std::min(*hi, Shift + (sub + 1) * s->SubTile - 1);
}

extern "C" void hetile_strips_window(const hetile_strips *s, int me,
                                     long step, int k, long *lo, long *hi) {
  const BandShape &B = *s->Current;
  if (B.Last[me] < B.First[me]) {
    *lo = 1, *hi = 0;
    return;
  }
  long P = step * s->M + k;
  *lo = B.First[me] - B.Low[P];
  *hi = B.Last[me] + B.High[P];
}

/// The rows processor me touches in the current band, less those it owned
/// in the band before (its copy holds their values): two ranges.
extern "C" void hetile_strips_fetch(const hetile_strips *s, int me,
                                    long *rows) {
  const BandShape &B = *s->Current;
  rows[0] = rows[2] = 1, rows[1] = rows[3] = 0;
  if (B.Last[me] < B.First[me])
    return;
  long Lo = B.First[me] - B.ReachLow, Hi = B.Last[me] + B.ReachHigh;
  long Own0 = s->PrevFirst[me], Own1 = s->PrevLast[me];
  if (Own1 < Own0 || Own1 < Lo || Own0 > Hi) {
    rows[0] = Lo, rows[1] = Hi;
    return;
  }
  rows[0] = Lo, rows[1] = Own0 - 1;
  rows[2] = Own1 + 1, rows[3] = Hi;
}

/// The rows processor me owns that another may fetch in the next band:
/// within the next band's reach of its strip's ends, or all of them when
/// the next band has other strips or there is none. Two ranges.
extern "C" void hetile_strips_publish(const hetile_strips *s, int me,
                                      long *rows) {
  const BandShape &B = *s->Current;
  long First = B.First[me], Last = B.Last[me];
  rows[0] = First, rows[1] = Last, rows[2] = 1, rows[3] = 0;
  if (Last < First || !s->Next || s->Next != s->Current)
    return;
  // The strips below reach up to First - 1 + ReachHigh at most, those
  // above down to Last + 1 - ReachLow.
  long Up = First + s->Next->ReachHigh - 1, Down = Last - s->Next->ReachLow + 1;
  if (Up + 1 >= Down)
    return;
  rows[1] = Up;
  rows[2] = Down, rows[3] = Last;
}

extern "C" void hetile_strips_copy(void *dst, const void *src,
                                   unsigned long row_bytes, long lo, long hi) {
  if (hi < lo)
    return;
  size_t Offset = size_t(lo) * row_bytes;
  memcpy(static_cast<char *>(dst) + Offset,
         static_cast<const char *>(src) + Offset, size_t(hi - lo + 1) * row_bytes);
}

extern "C" int hetile_strips_verbose(const hetile_strips *s) {
  return s && s->Verbose ? 1 : 0;
}

extern "C" const char *hetile_strips_describe(const hetile_strips *s) {
  if (!s)
    return "";
  auto *M = const_cast<hetile_strips *>(s);
  M->Description = describe(*s);
  return M->Description.c_str();
}

extern "C" void hetile_strips_destroy(hetile_strips *s) { delete s; }
