//===- Dependences.h - Exact dependences of a Scop with isl -----*- C++ -*-===//
//
// Value-based flow dependences (isl_union_access_info_compute_flow, exact for
// must-writes), memory-based anti and output dependences, and their distance
// vectors in the common loop dimensions of each statement pair.
//
// Decisions (see lib/Analysis/Dependences.cpp):
//  - Anti and output dependences go to the nearest later write only (the
//    next must-write and any may-writes before it): farther writes are
//    ordered transitively through output dependences, so no constraint is
//    lost, and reductions like matmul's C stay uniform, (0,0,1).
//  - Pairs within one statement instance are not dependences.
//  - Distances are sink - source in the loop iterators as written, also for
//    loops with a negative step (for (i = N; i > 0; i--) A[i] = A[i+1] has
//    distance -1); permutability works in schedule space instead.
//  - A distance set is uniform when, parameters projected out, it is a
//    finite set of at most 16 points.
//  - All-zero (loop-independent) distances are edges but not columns of D.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_ANALYSIS_DEPENDENCES_H
#define HETILE_ANALYSIS_DEPENDENCES_H

#include "hetile/Frontend/Scop.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hetile {

enum class DepKind { Flow, Anti, Output };
const char *getDepKindName(DepKind K); // "flow", "anti", "output"

/// Dependences of one kind between one (source, sink) statement pair through
/// one array. When the set of distances of that relation is a finite set of
/// points (uniform dependences), there is one edge per distance vector, its
/// Relation restricted to that distance; otherwise one edge whose Distance is
/// empty and whose DistanceSet is the polyhedron.
struct DependenceEdge {
  DepKind Kind;
  std::string Source; ///< statement name, e.g. "S0"
  std::string Sink;
  std::string Array;  ///< the array that carries it
  /// [params] -> { S0[i, j] -> S1[i', j'] : ... }
  isl::map Relation;
  /// Number of loops common to source and sink.
  unsigned CommonDepth = 0;
  /// Number of leading iterators compared by Distance/DistanceSet: all of
  /// them when source and sink have the same depth (statements in sibling
  /// loops under a time loop are compared position by position, as the papers
  /// write the vectors of jacobi-1d: (1, -1), (1, 0), (1, 1) in (t, i)),
  /// otherwise CommonDepth. Legality is decided in schedule space, not here.
  unsigned DistanceDepth = 0;
  /// Distance sink - source over the DistanceDepth leading iterators (as
  /// written, not the 2d+1 schedule) when uniform; empty optional otherwise.
  std::optional<std::vector<long>> Distance;
  /// The set of those distances, { [d0, d1, ...] : ... }.
  isl::set DistanceSet;
};

struct Dependences {
  isl::union_map Flow;   ///< exact value-based RAW
  isl::union_map Anti;   ///< memory-based WAR
  isl::union_map Output; ///< memory-based WAW
  /// Flow dependences through each array (by C name): what the
  /// distributed-memory backends send.
  std::map<std::string, isl::union_map> FlowByArray;
  /// The last write of each element of each array (by C name), across
  /// statements, in the original order: { S[i] -> A[e] } holds when S[i]
  /// writes A[e] and no later statement instance writes A[e]. Each written
  /// element has exactly one such instance (must-writes only; an array
  /// with a may-write has none here). What the distributed-memory backends
  /// gather after the nest.
  std::map<std::string, isl::union_map> LastWriteByArray;
  /// Output dependences through each array (by C name).
  std::map<std::string, isl::union_map> OutputByArray;
  /// Anti dependences through each array, and its reads that may read a
  /// value from before the nest ({ S0[i] -> s[] }, statement tuples): what
  /// privatization checks (Analysis/Privatization.h).
  std::map<std::string, isl::union_map> AntiByArray, LiveInByArray;
  /// Sorted by (kind, source, sink, array, distance): deterministic output.
  std::vector<DependenceEdge> Edges;

  isl::union_map all() const;
  /// The uniform dependence matrix D of the papers: the distinct non-zero
  /// distance vectors of all edges over the full nest depth (columns =
  /// vectors), sorted lexicographically; empty optional if some edge is not
  /// uniform, the statements do not all share the same loops, or the Scop has
  /// no statement.
  std::optional<std::vector<std::vector<long>>> UniformMatrix;
};

/// A distance vector as "(1, 0, -1)".
std::string formatDistance(const std::vector<long> &V);

/// Computes the dependences of \p S. Never fails on a valid Scop; an empty
/// Scop gives null relations and no edges; accesses with a null relation are
/// skipped.
Dependences computeDependences(const Scop &S);

/// How isl's dataflow analysis (isl_union_access_info_compute_flow) is
/// asked for the dependences of computeDependences and computeFlowElements:
/// in one call per kind and array (Joint), or in one call per statement
/// whose accesses are may-sources (PerMaySource). Both give the same
/// relations: a may-source kills nothing, so the dependences from one
/// may-source statement do not depend on the others. PerMaySource is the
/// driver's second try for a nest on which isl crashed in the joint call
/// (Support/Isolation.h; test/Reject/isl-crashed.c).
enum class DataflowForm { Joint, PerMaySource };

/// Sets the form for this process until the scope ends (the driver sets it
/// around one nest's stages).
class DataflowFormScope {
public:
  explicit DataflowFormScope(DataflowForm Form);
  ~DataflowFormScope();
  DataflowFormScope(const DataflowFormScope &) = delete;
  DataflowFormScope &operator=(const DataflowFormScope &) = delete;

private:
  DataflowForm Saved;
};

/// The flow dependences of each array of \p S (by C name) with their
/// element, { S[i] -> [S'[j] -> A[e]] }: S[i] wrote the value of A[e] that
/// S'[j] reads. Only for the arrays that some statement writes through two
/// accesses or more (null when isl failed); elsewhere a flow dependence
/// S[i] -> S'[j] carries the one element of A that S[i] writes. Only the
/// MPI backends' communication reads them, for a band that tiles: a third
/// dataflow analysis per array, which a nest that does not tile never pays.
std::map<std::string, isl::union_map> computeFlowElements(const Scop &S);

} // namespace hetile

#endif
