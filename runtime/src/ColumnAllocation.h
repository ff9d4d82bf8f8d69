//===- ColumnAllocation.h - tile columns to processors ----------*- C++ -*-===//
//
// What the pipelined schedules of threads (hetile_sched) and of MPI ranks
// (hetile_mpi) share: where the cycle times come from (platform file,
// HETILE_SPEEDS, one processor, HETILE_CALIBRATE=0, or a calibration kept
// for the life of the process), the allocation of the tile columns in
// blocks ([BDRV98] section 3.2, hetile_alloc_owners) and the line that
// describes it under HETILE_STATS.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_RT_COLUMNALLOCATION_H
#define HETILE_RT_COLUMNALLOCATION_H

#include "hetile_models.h"
#include "hetile_platform.h"

#include <string>
#include <utility>
#include <vector>

namespace hetile::rt {

/// Who the processors are: the threads of hetile_sched or the ranks of
/// hetile_mpi. Their calibrations are cached apart; the lines name them.
enum class Processors { Threads, Ranks };

/// Where the cycle times come from, in the order they are tried.
enum class TimesSource : int {
  Platform,  ///< HETILE_PLATFORM
  Speeds,    ///< HETILE_SPEEDS
  One,       ///< a single processor
  Equal,     ///< HETILE_CALIBRATE=0
  Cached,    ///< a calibration made earlier in the process
  Calibrate  ///< a calibration still to make
};

/// Finds where the cycle times of P processors come from, in the order of
/// TimesSource, from the environment (errors name the variable). Times
/// receives P entries: the times given or cached, else all 1.
int findTimes(Processors Who, int P, std::vector<double> &Times,
              TimesSource &Source);

/// The words of the describe line for Source ("HETILE_SPEEDS", "one rank",
/// "calibration (cached)", ...).
std::string sourceName(Processors Who, TimesSource Source);

/// Keeps calibrated cycle times of P processors for the life of the process,
/// so that a nest inside a time loop calibrates once. Thread-safe.
void rememberCalibration(Processors Who, int P,
                         const std::vector<double> &Times);

/// The choice of hetile_tilesize_pipeline (threads) or hetile_mpi_tile_sizes
/// (ranks) for a nest of P processors, kept until the next allocation of
/// the same kind of processors takes it.
struct PipelineNote {
  Processors Who = Processors::Threads;
  int P = 0;
  int Depth = 0;
  hetile_costs Costs{};
  hetile_pipeline_choice Choice{};
};

/// Keeps the choice for the next allocation of P processors Who (one note
/// per process: the latest).
void notePipeline(Processors Who, int P, int Depth, const hetile_costs &Costs,
                  const hetile_pipeline_choice &Choice);

/// Takes (and forgets) the note if it was made for P processors and
/// NCols tile columns, give or take the one column the generated code adds
/// when the first column's tile starts before the extent does.
bool takePipeline(Processors Who, int P, long NCols, PipelineNote &Out);

struct ColumnAllocation;

/// [BRR99]'s hierarchical allocation of A's columns on its clusters
/// (ClusterAllocation.cpp): panels of B columns to clusters, blocks inside
/// each by the cycle times; B from the platform file's "panel", else from
/// section 3's condition with the tile time and message of Note (may be
/// null), else four panels per cluster. Sets A.Panel; Owner receives the
/// owners, Words the describe line's part.
int clusterOwners(ColumnAllocation &A, const PipelineNote *Note,
                  std::vector<int> &Owner, std::string &Words);

/// The describe line's words for clusters allocated flat ("" otherwise).
std::string flatClusterWords(const ColumnAllocation &A);

/// The tile columns of one nest and their owners.
struct ColumnAllocation {
  int Strategy = HETILE_ALLOC_AUTO;
  long Param = 0;
  long NCols = 0;
  /// The cycle times, once known, and the words saying where from.
  std::vector<double> Times;
  std::string Source;
  std::vector<int> Owner;
  /// Blocks[q]: the (first, last) columns of processor q's blocks, maximal
  /// runs of consecutive columns, in order.
  std::vector<std::vector<std::pair<long, long>>> Blocks;
  /// The line of hetile_sched_describe / hetile_mpi_describe.
  std::string Description;

  /// Clusters of the platform file or of the ranks' hosts ([BRR99]
  /// section 3; docs/clusters.md): the cluster of each processor (empty: one cluster), the link between
  /// clusters, the panel the file gives (-1: none, 0: flat), whether the
  /// link is emulated (HETILE_EMULATE_LINKS), and the panel chosen (0:
  /// the allocation is flat).
  std::vector<int> ClusterOf;
  int NClusters = 1;
  double LinkStartup = 0, LinkPerByte = 0;
  /// The platform file's per-byte cost inside a cluster (0: none given).
  double PerByte = 0;
  long PanelGiven = -1;
  bool EmulateLinks = false;
  long Panel = 0;
  /// The emulated link's costs (HETILE_EMULATE_LINKS: its own, else the
  /// platform file's link).
  double EmulStartup = 0, EmulPerByte = 0;
  /// Where the clusters and the link's costs came from, for HETILE_STATS
  /// (both empty: the platform file): " (hosts a, b)" and the words after
  /// the link's costs (" measured between ranks 0 and 2; ...").
  std::string ClusterHosts, LinkOrigin;

  /// Owners ([BDRV98] section 3.2, hetile_alloc_owners with Strategy and
  /// Param) of NCols columns for Times, the blocks, and the description.
  int allocate(Processors Who);

  /// Block B of processor Q: true with its first and last columns.
  bool block(int Q, long B, long &First, long &Last) const;
};

} // namespace hetile::rt

#endif
