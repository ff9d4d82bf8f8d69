//===- Commands.h - hetile-plan's commands ----------------------*- C++ -*-===//
#ifndef HETILE_PLAN_COMMANDS_H
#define HETILE_PLAN_COMMANDS_H

#include <string>
#include <vector>

namespace hetile::plan {

/// Each command parses its flags (argv after the command name), prints its
/// result on stdout and returns the exit code; bad input throws UsageError.
int runAlloc(int Argc, char **Argv);
int runSimulate(int Argc, char **Argv);
/// simulate --grid (called by runSimulate).
int runSimulateGrid(int Argc, char **Argv);
/// --clusters '0,1;2,3' of simulate: Of[p] receives processor p's cluster
/// (each of the P processors in exactly one); returns the clusters.
int parseClusters(const std::string &Text, int P, std::vector<int> &Of);
int runTileSize(int Argc, char **Argv);
int runHier(int Argc, char **Argv);
/// tile-size --model zarei3d (called by runTileSize).
int runTileSizeZarei(int Argc, char **Argv);
int runStrips(int Argc, char **Argv);

/// The allocation of a --strategy value, as the runtime makes it (shared by
/// alloc and simulate); Notes collects what the user should know
/// (fallbacks).
struct Allocation {
  std::string Strategy;      // as given, or "bounded" after a fallback
  int StrategyId = 0;        // HETILE_ALLOC_*
  long Param = 0;            // its parameter (the bound: --max-chunk)
  std::vector<double> Given; // cycle times as given
  std::vector<long> Times;   // exact integer cycle times
  // One unit of Times in the given cycle times: Given[i] = Times[i] *
  // UnitNum / UnitDen, so that costs are stated in the user's units.
  long UnitNum = 1, UnitDen = 1;
  std::vector<long> Counts;  // blocks per processor, input order
  long Chunk = 0;
  long CostNum = 0, CostDen = 0;
  bool HasOptimal = false;   // lcm fits in 63 bits
  long Lcm = 0, OptimalChunk = 0;
  std::vector<std::string> Notes;
};
Allocation allocate(const std::vector<double> &Times,
                    const std::string &Strategy, long MaxChunk, long Columns);
/// The owners of Columns tile columns under A (hetile_alloc_owners).
std::vector<int> columnOwners(const Allocation &A, long Columns);

} // namespace hetile::plan

#endif
