//===- StripsInternal.h - the plan behind hetile_strips ---------*- C++ -*-===//
//
// The schedule of the strips ([RD02]) shared by StripsRun.cpp (the plan
// and what the OpenMP code asks while it runs) and StripsMpi.cpp (the same
// plan over the threads of several MPI ranks, and the rows the ranks send
// each other between bands).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_RT_STRIPSINTERNAL_H
#define HETILE_RT_STRIPSINTERNAL_H

#include "hetile_rt.h"

#include <map>
#include <string>
#include <vector>

namespace hetile::rt::strips {

struct Edge {
  int Source, Sink;
  long TimeMin, TimeMax, RowMin, RowMax;
};

/// Everything that depends on the band's number of steps.
struct BandShape {
  long Steps = 0;
  /// L and U of each (step, statement), step-major.
  std::vector<long> Low, High;
  /// The largest reach below and above the strip over the band.
  long ReachLow = 0, ReachHigh = 0;
  /// Each processor's first and last row.
  std::vector<long> First, Last;
  /// Rows computed in the band by each processor, beyond its own.
  std::vector<long> Redundant;
  double Time = 0; ///< the model's time of the band
  /// The sub-tiles' skew of each (step, statement), step-major: row r of
  /// it lies in sub-tile (r + Skew - Base) / height; empty: no sub-tiles.
  std::vector<long> Skew;
  long MaxLow = 0;  ///< the largest L: Base = First - MaxLow
  long MaxTop = 0;  ///< the largest U + Skew
};

/// Rows [Lo, Hi]: the rows of processors First..First+Count-1 in \p Of
/// (First and Last of a shape, or the rows owned in the band before),
/// whose strips are consecutive; Lo > Hi when they own none.
void groupRows(const std::vector<long> &FirstOf,
               const std::vector<long> &LastOf, int First, int Count,
               long &Lo, long &Hi);

} // namespace hetile::rt::strips

struct hetile_strips {
  int P = 0;
  int M = 0; ///< statements per step
  std::vector<long> ReachLo, ReachHi;
  std::vector<hetile::rt::strips::Edge> Edges;
  long RLo = 0, RHi = -1, TLo = 0, THi = -1;
  std::vector<double> Times;
  std::string Source;
  std::vector<double> Seconds;
  bool NeedsCalibration = false;
  bool Verbose = false;
  long Width = 1;
  std::string WidthSource;
  /// The fuzzy choice ([RD02] section 4.6): candidate widths, each run on
  /// one of the first bands, their measured seconds per step.
  std::vector<long> Trials;
  std::vector<double> TrialTimes;
  bool Chosen = false;
  /// The first bands, of the model's width, before the trials: not timed.
  long Untimed = 1;
  double BandStart = 0;
  /// Turns a trial band's seconds per step into the figure compared (null:
  /// as measured). Processes that must choose the same width (MPI ranks)
  /// take the largest over all of them.
  double (*Agree)(void *Context, double Seconds) = nullptr;
  void *AgreeContext = nullptr;
  std::map<long, hetile::rt::strips::BandShape> Shapes;
  const hetile::rt::strips::BandShape *Current = nullptr;
  /// The band after the current one (null: the current one is the last).
  const hetile::rt::strips::BandShape *Next = nullptr;
  /// The rows each processor owned in the band before the current one.
  std::vector<long> PrevFirst, PrevLast;
  /// Every dependence between instances (hetile_strips_order), the bytes
  /// of a row of the written arrays, and the sub-tiles' height (0: none).
  std::vector<hetile::rt::strips::Edge> Order;
  bool Ordered = false;
  unsigned long RowBytes = 0;
  long SubTile = 0;
  std::string SubTileSource;
  long NextStep = 0;
  long Bands = 0;
  std::string Description;
};

namespace hetile::rt::strips {

/// hetile_strips_create with the processors' cycle times given (\p Times,
/// p entries, and the words saying where from) instead of found for
/// threads: no calibration then.
int createWithTimes(int p, int nstmts, const long *reach, int nedges,
                    const long *edges, long rlo, long rhi, long tlo, long thi,
                    const double *Times, const char *Source,
                    hetile_strips **out);

} // namespace hetile::rt::strips

#endif
