//===- Dependences.cpp - Exact dependences of a Scop with isl --------------===//
//
// Dependences are computed per array with isl's dataflow analysis
// (isl_union_access_info_compute_flow) on an access-level schedule: the 2d+1
// schedule padded to one space, plus one last dimension that puts the reads of
// a statement instance (0) before its writes (1). Reads enter the analysis
// under their own tuple name "<Stmt>__read" so they can carry that 0. isl
// gets that schedule as a tree (a sequence where the dimension is a
// position, a band where it is an iterator), on which it splits the analysis
// at each sequence instead of taking lexicographic maxima over every
// dimension.
//
//  - Flow:   sink = reads, must sources = must-writes, may sources =
//            may-writes; the may-dependence (exact where everything is must).
//  - Output: sink = all writes, same sources: each write depends on the
//            nearest earlier must-write and every may-write since.
//  - Anti:   sink = all writes, may sources = reads (and may-writes), must
//            sources = must-writes; only the read sources are kept.
//  - Last writes: per element, the latest writing instance (lexmax under
//            the 2d+1 schedule), for the final values of distributed runs.
//
// Anti and output dependences are memory-based but reduced to the nearest
// write: a read (or write) followed by two writes w1 < w2 of the element has
// no edge to w2, because the edge to w1 plus the output edge w1 -> w2 already
// order it. This keeps e.g. matmul's reduction uniform, (0,0,1), and loses no
// ordering constraint. Pairs within one statement instance are never edges:
// the statement text keeps its own order. (A read of an element that its own
// instance must-write, `A[e] = f(A[e])`, has its own instance's write as its
// nearest one, so it leaves no anti edge; it stays an anti source all the
// same: leaving it out gives the same relation in other pieces, on which
// isl's scheduler found no band for test/Run/mpi-scan-disjuncts.c.)
//
// HETILE_CHECK_DEPENDENCES=1 in the environment also computes every relation
// the reference way (the flat schedule map instead of the tree) and
// prints on stderr whether each is equal (see checkAgainstReference).
//
//===----------------------------------------------------------------------===//

#include "hetile/Analysis/Dependences.h"

#include "ScheduleSpace.h"

#include "llvm/Support/raw_ostream.h"

#include <isl/map.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <tuple>

namespace hetile {

const char *getDepKindName(DepKind K) {
  switch (K) {
  case DepKind::Flow:
    return "flow";
  case DepKind::Anti:
    return "anti";
  case DepKind::Output:
    return "output";
  }
  return "unknown";
}

isl::union_map Dependences::all() const {
  if (Flow.is_null() || Anti.is_null() || Output.is_null())
    return {};
  return Flow.unite(Anti).unite(Output);
}

namespace {

using analysis::commonLoopDepth;
using analysis::findStmt;

/// Beyond this many distinct distance vectors a finite distance set is
/// reported as a polyhedron, not as separate uniform edges.
constexpr unsigned MaxUniformDistances = 16;

const char *const ReadSuffix = "__read";

std::string readTupleName(const std::string &Stmt) { return Stmt + ReadSuffix; }

bool isReadTuple(const std::string &Name) {
  size_t N = std::char_traits<char>::length(ReadSuffix);
  return Name.size() > N && Name.compare(Name.size() - N, N, ReadSuffix) == 0;
}

/// The accesses of one array, in the tuples the dataflow analysis uses.
struct ArrayAccesses {
  isl::union_map Reads;      ///< S0__read[i] -> A[...]
  isl::union_map MustWrites; ///< S0[i] -> A[...]
  isl::union_map MayWrites;  ///< may-writes that are not must-writes
  /// Some statement writes the array through two accesses or more.
  bool SeveralWritesInOneStmt = false;
};

isl::union_map addTo(const isl::union_map &Acc, isl::map M) {
  return Acc.is_null() ? isl::union_map(M) : Acc.unite(M);
}

/// Groups the accesses of \p S by array (sorted by name).
std::map<std::string, ArrayAccesses> collectAccesses(const Scop &S) {
  std::map<std::string, ArrayAccesses> Result;
  for (const ScopStmt &Stmt : S.Stmts) {
    std::map<std::string, unsigned> Writes;
    for (const MemoryAccess &A : Stmt.Accesses) {
      if (A.isWrite() && !A.Relation.is_null() && ++Writes[A.Array] == 2)
        Result[A.Array].SeveralWritesInOneStmt = true;
      if (A.Relation.is_null())
        continue;
      isl::map Rel = A.Relation.intersect_domain(Stmt.Domain);
      ArrayAccesses &Acc = Result[A.Array];
      switch (A.Kind) {
      case MemoryAccess::AccessKind::Read:
        Rel = Rel.set_tuple_id(isl::dim::in, readTupleName(Stmt.Name));
        Acc.Reads = addTo(Acc.Reads, Rel);
        break;
      case MemoryAccess::AccessKind::MustWrite:
        Acc.MustWrites = addTo(Acc.MustWrites, Rel);
        break;
      case MemoryAccess::AccessKind::MayWrite:
        Acc.MayWrites = addTo(Acc.MayWrites, Rel);
        break;
      }
    }
  }
  return Result;
}

/// The access-level schedule: padded 2d+1 schedule, then 0 for the reads
/// tuple and 1 for the writes tuple of each statement.
isl::union_map accessSchedule(const Scop &S) {
  unsigned Dims = analysis::maxScheduleDims(S);
  isl::union_map Result = isl::union_map::empty(S.Stmts.front().Domain.ctx());
  for (const ScopStmt &Stmt : S.Stmts) {
    isl::map Sched = analysis::paddedSchedule(Stmt, Dims);
    if (Sched.is_null())
      return {};
    Sched = Sched.add_dims(isl::dim::out, 1);
    isl::map Writes = Sched.fix_si(isl::dim::out, Dims, 1);
    isl::map Reads = Sched.fix_si(isl::dim::out, Dims, 0).set_tuple_id(
        isl::dim::in, readTupleName(Stmt.Name));
    Result = Result.unite(Writes).unite(Reads);
  }
  return Result;
}

/// The schedule tree of \p Maps (one map per tuple, all with \p N output
/// dimensions), from output dimension \p Level on: where every map fixes
/// the dimension, a sequence ordered by its values; elsewhere a band of it.
/// The same order as the maps' lexicographic one, but the tree lets isl's
/// dataflow analysis split at each sequence (a sink and a source in
/// different children are ordered by the sequence alone).
isl::schedule treeFrom(const std::vector<isl::map> &Maps, unsigned Level,
                       unsigned N) {
  isl::union_set Domain = isl::union_set::empty(Maps.front().ctx());
  for (const isl::map &M : Maps)
    Domain = Domain.unite(isl::union_set(M.domain()));
  if (Level == N)
    return isl::schedule::from_domain(Domain);
  std::map<long, std::vector<isl::map>> ByValue;
  bool Fixed = true;
  for (const isl::map &M : Maps) {
    isl::val V = isl::manage(
        isl_map_plain_get_val_if_fixed(M.get(), isl_dim_out, Level));
    if (V.is_null() || !V.is_int().is_true()) {
      Fixed = false;
      break;
    }
    ByValue[V.get_num_si()].push_back(M);
  }
  if (Fixed) {
    isl::schedule Result;
    for (const auto &[Value, Group] : ByValue) {
      isl::schedule Child = treeFrom(Group, Level + 1, N);
      Result = Result.is_null() ? Child : Result.sequence(Child);
    }
    return Result;
  }
  isl::union_map Dim = isl::union_map::empty(Maps.front().ctx());
  for (const isl::map &M : Maps)
    Dim = Dim.unite(isl::union_map(
        M.project_out(isl::dim::out, Level + 1, N - Level - 1)
            .project_out(isl::dim::out, 0, Level)));
  return treeFrom(Maps, Level + 1, N)
      .insert_partial_schedule(isl::multi_union_pw_aff::from_union_map(Dim));
}

/// A schedule for isl's dataflow analysis: the union map, and the same
/// order as a tree (null for the reference computation, which uses the map).
struct FlowSchedule {
  isl::union_map Map;
  isl::schedule Tree;
};

FlowSchedule flowSchedule(const isl::union_map &Map, bool Reference) {
  FlowSchedule Result{Map, {}};
  std::vector<isl::map> Maps = analysis::toMaps(Map);
  if (Reference || Maps.empty())
    return Result;
  isl_size N = Maps.front().range_tuple_dim().release();
  if (N >= 0)
    Result.Tree = treeFrom(Maps, 0, unsigned(N));
  return Result;
}

isl::union_map orEmpty(const isl::union_map &M, isl::ctx Ctx) {
  return M.is_null() ? isl::union_map::empty(Ctx) : M;
}

DataflowForm CurrentForm = DataflowForm::Joint;

/// \p May split by the statement of its accesses (one union map per
/// domain tuple), for DataflowForm::PerMaySource; one empty map if none.
std::vector<isl::union_map> splitBySource(const isl::union_map &May,
                                          isl::ctx Ctx) {
  std::map<std::string, isl::union_map> ByTuple;
  for (const isl::map &M : analysis::toMaps(orEmpty(May, Ctx))) {
    std::string Name = M.domain_tuple_id().name();
    auto It = ByTuple.find(Name);
    if (It == ByTuple.end())
      ByTuple.emplace(Name, isl::union_map(M));
    else
      It->second = It->second.unite(M);
  }
  std::vector<isl::union_map> Result;
  for (auto &[Name, U] : ByTuple)
    Result.push_back(U);
  if (Result.empty())
    Result.push_back(isl::union_map::empty(Ctx));
  return Result;
}

/// isl's may-dependences from the given sources to \p Sink under \p Sched.
/// With \p NoSource, also the sinks that may have no source (the same for
/// every split of the may-sources: a may-source never makes a source
/// certain).
isl::union_map mayDependences(const isl::union_map &Sink,
                              const isl::union_map &Must,
                              const isl::union_map &May,
                              const FlowSchedule &Sched,
                              isl::union_map *NoSource = nullptr) {
  isl::ctx Ctx = Sched.Map.ctx();
  if (Sink.is_null()) {
    if (NoSource)
      *NoSource = isl::union_map::empty(Ctx);
    return isl::union_map::empty(Ctx);
  }
  std::vector<isl::union_map> Splits =
      CurrentForm == DataflowForm::Joint
          ? std::vector<isl::union_map>{orEmpty(May, Ctx)}
          : splitBySource(May, Ctx);
  isl::union_map Result = isl::union_map::empty(Ctx);
  for (size_t I = 0; I < Splits.size(); ++I) {
    isl::union_access_info Info = isl::union_access_info(Sink)
                                      .set_must_source(orEmpty(Must, Ctx))
                                      .set_may_source(Splits[I]);
    isl::union_flow Flow =
        Sched.Tree.is_null() ? Info.set_schedule_map(Sched.Map).compute_flow()
                             : Info.set_schedule(Sched.Tree).compute_flow();
    if (Flow.is_null())
      return {};
    if (NoSource && I == 0)
      *NoSource = Flow.may_no_source();
    Result = Result.unite(Flow.may_dependence());
  }
  return Result;
}

/// Renames "<Stmt>__read" tuples back to the statement's own tuple id and
/// keeps only maps whose domain is (\p ReadSources) or is not a reads tuple.
isl::union_map restoreTuples(const isl::union_map &Deps, const Scop &S,
                             bool ReadSourcesOnly) {
  if (Deps.is_null())
    return {};
  isl::union_map Result = isl::union_map::empty(Deps.ctx());
  for (isl::map M : analysis::toMaps(Deps)) {
    if (ReadSourcesOnly && !isReadTuple(M.domain_tuple_id().name()))
      continue;
    for (isl::dim Dim : {isl::dim::in, isl::dim::out}) {
      if (!M.has_tuple_id(Dim).is_true()) // a schedule's range
        continue;
      std::string Name = M.tuple_id(Dim).name();
      if (!isReadTuple(Name))
        continue;
      Name.resize(Name.size() - std::char_traits<char>::length(ReadSuffix));
      if (const ScopStmt *Stmt = findStmt(S, Name))
        M = M.set_tuple_id(Dim, Stmt->Domain.tuple_id());
    }
    Result = Result.unite(M);
  }
  return Result;
}

/// The three kinds of dependence through one array and its last writes.
struct ArrayDeps {
  isl::union_map Flow, Anti, Output, LastWrite;
  isl::union_map LiveIn; ///< reads that may have no source
};

/// computeFlowElements of one array: the dataflow analysis with
/// each read instance tagged with its element, [S[i] -> A[e]], scheduled
/// as the read.
isl::union_map flowElements(const Scop &S, const ArrayAccesses &Acc,
                            const isl::union_map &Sched, bool Reference) {
  isl::ctx Ctx = Sched.ctx();
  if (Acc.Reads.is_null())
    return isl::union_map::empty(Ctx);
  isl::union_map Reads = restoreTuples(Acc.Reads, S, false);
  isl::union_map ReadSched =
      restoreTuples(Sched.intersect_domain(Acc.Reads.domain()), S, false);
  if (Reads.is_null() || ReadSched.is_null())
    return {};
  isl::union_map TagSched = Reads.domain_map().apply_range(ReadSched);
  isl::union_map WriteSched = Sched.subtract_domain(Acc.Reads.domain());
  return mayDependences(Reads.range_map(), Acc.MustWrites, Acc.MayWrites,
                        flowSchedule(WriteSched.unite(TagSched), Reference));
}

/// The last write of each element of one array (Dependences::LastWrite-
/// ByArray): per element, the writing instance latest under \p Sched, the
/// padded 2d+1 schedule, which orders all instances of all statements (it is
/// injective). Per element, not per instance: an instance whose one write is
/// overwritten later may hold the last write of another element (S[i] writes
/// A[i + 1] and A[i]: S[N - 1] is the last writer of A[N - 1] although
/// S[N] overwrites its A[N]). Empty when a may-write leaves the last writer
/// unknown.
isl::union_map lastWrites(const ArrayAccesses &Acc,
                          const isl::union_map &Sched) {
  isl::ctx Ctx = Sched.ctx();
  if (Acc.MustWrites.is_null() || !Acc.MayWrites.is_null())
    return isl::union_map::empty(Ctx);
  isl::union_map Times = Acc.MustWrites.reverse().apply_range(Sched);
  isl::union_map Last = Times.lexmax().apply_range(Sched.reverse());
  return Last.is_null() ? Last : Last.reverse();
}

/// The dependences through one array, under the access-level schedule
/// \p Sched (a map alone for the reference computation, see
/// checkAgainstReference).
ArrayDeps arrayDependences(const Scop &S, const ArrayAccesses &Acc,
                           const FlowSchedule &Sched,
                           const isl::union_map &InstanceSched) {
  isl::ctx Ctx = Sched.Map.ctx();
  isl::union_map Writes =
      orEmpty(Acc.MustWrites, Ctx).unite(orEmpty(Acc.MayWrites, Ctx));
  isl::union_map SameInstance = S.getDomains().identity();
  ArrayDeps D;
  // An array the nest only reads: no dependence, every read live-in, no
  // dataflow analysis to ask isl for.
  if (orEmpty(Acc.MustWrites, Ctx).unite(orEmpty(Acc.MayWrites, Ctx))
          .is_empty()
          .is_true()) {
    D.Flow = D.Anti = D.Output = D.LastWrite = isl::union_map::empty(Ctx);
    D.LiveIn = restoreTuples(orEmpty(Acc.Reads, Ctx), S, false);
    return D;
  }
  isl::union_map NoSource;
  D.Flow = restoreTuples(mayDependences(Acc.Reads, Acc.MustWrites,
                                        Acc.MayWrites, Sched, &NoSource),
                         S, false);
  D.LiveIn = NoSource.is_null() ? NoSource
                                : restoreTuples(NoSource, S, false);
  D.Output = mayDependences(Writes, Acc.MustWrites, Acc.MayWrites, Sched);
  // Anti dependences start at reads only: an array the nest never reads
  // has none (the analysis would find the writes' own sources, all of
  // which restoreTuples drops).
  if (orEmpty(Acc.Reads, Ctx).is_empty().is_true()) {
    D.Anti = isl::union_map::empty(Ctx);
  } else {
    isl::union_map ReadsOrMay =
        orEmpty(Acc.Reads, Ctx).unite(orEmpty(Acc.MayWrites, Ctx));
    D.Anti = restoreTuples(
        mayDependences(Writes, Acc.MustWrites, ReadsOrMay, Sched), S, true);
  }
  if (D.Output.is_null() || D.Anti.is_null() || D.Flow.is_null() ||
      D.LiveIn.is_null())
    return {};
  // Null when isl fails: the backends that need them refuse the nest.
  D.LastWrite = lastWrites(Acc, InstanceSched);
  D.Output = D.Output.subtract(SameInstance);
  D.Anti = D.Anti.subtract(SameInstance);
  return D;
}

} // namespace

namespace {

/// { [d] : d = sink - source } over the first \p Depth dimensions of \p Rel.
isl::set distanceSet(isl::map Rel, unsigned Depth) {
  isl_size In = Rel.domain_tuple_dim().release();
  isl_size Out = Rel.range_tuple_dim().release();
  if (In < static_cast<isl_size>(Depth) || Out < static_cast<isl_size>(Depth))
    return {};
  Rel = Rel.project_out(isl::dim::in, Depth, In - Depth)
            .project_out(isl::dim::out, Depth, Out - Depth);
  return analysis::dropTupleIds(Rel).deltas().coalesce();
}

/// The points of \p Distances when it is a small finite set whatever the
/// parameters; nothing when it is infinite, parametric or too large.
std::optional<std::vector<std::vector<long>>>
uniformDistances(const isl::set &Distances) {
  if (Distances.is_null())
    return std::nullopt;
  isl::set Points = Distances.project_out_all_params().coalesce();
  if (!Points.is_bounded().is_true())
    return std::nullopt;
  isl_size Dims = Points.tuple_dim().release();
  std::vector<std::vector<long>> Result;
  isl::stat Status = Points.foreach_point([&](isl::point P) -> isl::stat {
    if (Result.size() == MaxUniformDistances)
      return isl::stat::error();
    std::vector<long> Vec;
    for (isl_size I = 0; I < Dims; ++I)
      Vec.push_back(P.coordinate_val(isl::dim::set, I).num_si());
    Result.push_back(std::move(Vec));
    return isl::stat::ok();
  });
  if (Status.is_error())
    return std::nullopt;
  std::sort(Result.begin(), Result.end());
  return Result;
}

/// \p Rel restricted to the pairs at distance \p Dist in the leading dims.
isl::map atDistance(isl::map Rel, const std::vector<long> &Dist) {
  isl::local_space Space(Rel.space());
  for (unsigned I = 0; I < Dist.size(); ++I) {
    isl::constraint C = isl::constraint::alloc_equality(Space)
                            .set_coefficient_si(isl::dim::out, I, 1)
                            .set_coefficient_si(isl::dim::in, I, -1)
                            .set_constant_si(-Dist[I]);
    Rel = Rel.add_constraint(C);
  }
  return Rel;
}

/// Appends the edges of one (kind, array) dependence relation to \p Edges.
void appendEdges(const Scop &S, DepKind Kind, const std::string &Array,
                 const isl::union_map &Deps,
                 std::vector<DependenceEdge> &Edges) {
  for (isl::map Rel : analysis::toMaps(Deps)) {
    if (Rel.is_empty().is_true())
      continue;
    const ScopStmt *Src = findStmt(S, Rel.domain_tuple_id().name());
    const ScopStmt *Snk = findStmt(S, Rel.range_tuple_id().name());
    if (!Src || !Snk)
      continue;
    DependenceEdge Edge;
    Edge.Kind = Kind;
    Edge.Source = Src->Name;
    Edge.Sink = Snk->Name;
    Edge.Array = Array;
    Edge.Relation = Rel;
    Edge.CommonDepth = commonLoopDepth(*Src, *Snk);
    // Statements of equal depth (siblings under a time loop, as in jacobi)
    // are compared position by position, as the papers write their vectors.
    Edge.DistanceDepth = Src->Iterators.size() == Snk->Iterators.size()
                             ? Src->Iterators.size()
                             : Edge.CommonDepth;
    Edge.DistanceSet = distanceSet(Rel, Edge.DistanceDepth);
    auto Points = uniformDistances(Edge.DistanceSet);
    if (!Points) {
      Edges.push_back(std::move(Edge));
      continue;
    }
    for (const std::vector<long> &Dist : *Points) {
      DependenceEdge Uniform = Edge;
      Uniform.Relation = atDistance(Rel, Dist);
      Uniform.Distance = Dist;
      Edges.push_back(std::move(Uniform));
    }
  }
}

/// Sorts edges by kind, source and sink position in the Scop, array, then
/// uniform distances before polyhedra. Keys are unique: a union map has one
/// map per (source, sink) pair, and uniform points are distinct.
void sortEdges(const Scop &S, std::vector<DependenceEdge> &Edges) {
  auto Key = [&S](const DependenceEdge &E) {
    return std::make_tuple(E.Kind, analysis::stmtIndex(S, E.Source),
                           analysis::stmtIndex(S, E.Sink), E.Array,
                           !E.Distance.has_value(),
                           E.Distance.value_or(std::vector<long>()));
  };
  std::sort(Edges.begin(), Edges.end(),
            [&](const DependenceEdge &A, const DependenceEdge &B) {
              return Key(A) < Key(B);
            });
}

bool isZero(const std::vector<long> &V) {
  return std::all_of(V.begin(), V.end(), [](long X) { return X == 0; });
}

/// The uniform dependence matrix D (see Dependences::UniformMatrix):
/// loop-independent (all-zero) vectors are edges but not columns of D.
std::optional<std::vector<std::vector<long>>>
uniformMatrix(const Scop &S, const std::vector<DependenceEdge> &Edges) {
  if (S.Stmts.empty())
    return std::nullopt;
  for (const ScopStmt &Stmt : S.Stmts)
    if (Stmt.LoopIds != S.Stmts.front().LoopIds)
      return std::nullopt;
  std::vector<std::vector<long>> D;
  for (const DependenceEdge &E : Edges) {
    if (!E.Distance)
      return std::nullopt;
    if (!isZero(*E.Distance))
      D.push_back(*E.Distance);
  }
  std::sort(D.begin(), D.end());
  D.erase(std::unique(D.begin(), D.end()), D.end());
  return D;
}

} // namespace

std::string formatDistance(const std::vector<long> &V) {
  std::string S = "(";
  for (size_t I = 0; I < V.size(); ++I)
    S += (I ? ", " : "") + std::to_string(V[I]);
  return S + ")";
}

namespace {

/// \p D with the parameters restricted to the Scop's context.
void restrictToContext(const Scop &S, ArrayDeps &D) {
  if (S.Context.is_null())
    return;
  for (isl::union_map *M :
       {&D.Flow, &D.Anti, &D.Output, &D.LiveIn, &D.LastWrite})
    if (!M->is_null())
      *M = M->intersect_params(S.Context);
}

/// HETILE_CHECK_DEPENDENCES: computes the relations of \p Array the
/// reference way (the flat schedule map instead of the tree) and
/// prints on stderr, for each kind, whether \p D holds the same relation
/// (isl_union_map_is_equal):
///   hetile: dependences check: S0..S3 A: flow=equal anti=equal ...
/// or "reference-failed" when isl could not finish the reference, and
/// "unknown" for a comparison that isl could not finish.
void checkAgainstReference(const Scop &S, const std::string &Array,
                           const ArrayAccesses &Acc, const ArrayDeps &D,
                           const isl::union_map &Sched,
                           const isl::union_map &InstanceSched) {
  ArrayDeps R = arrayDependences(
      S, Acc, flowSchedule(Sched, /*Reference=*/true), InstanceSched);
  llvm::errs() << "hetile: dependences check: " << S.Stmts.front().Name
               << ".." << S.Stmts.back().Name << " " << Array << ":";
  if (R.Flow.is_null()) {
    llvm::errs() << " reference-failed\n";
    return;
  }
  restrictToContext(S, R);
  auto Compare = [](const isl::union_map &New, const isl::union_map &Ref) {
    if (New.is_null() && Ref.is_null())
      return "equal";
    if (New.is_null() || Ref.is_null())
      return "DIFFER";
    isl::boolean Equal = New.is_equal(Ref);
    if (Equal.is_error()) // the nest's bound ran out during the comparison
      return "unknown";
    return Equal.is_true() ? "equal" : "DIFFER";
  };
  llvm::errs() << " flow=" << Compare(D.Flow, R.Flow)
               << " anti=" << Compare(D.Anti, R.Anti)
               << " output=" << Compare(D.Output, R.Output)
               << " live-in=" << Compare(D.LiveIn, R.LiveIn)
               << " last-write=" << Compare(D.LastWrite, R.LastWrite) << "\n";
}

} // namespace

DataflowFormScope::DataflowFormScope(DataflowForm Form) : Saved(CurrentForm) {
  CurrentForm = Form;
}

DataflowFormScope::~DataflowFormScope() { CurrentForm = Saved; }

Dependences computeDependences(const Scop &S) {
  Dependences Result;
  if (S.Stmts.empty())
    return Result;
  isl::ctx Ctx = S.Stmts.front().Domain.ctx();
  Result.Flow = Result.Anti = Result.Output = isl::union_map::empty(Ctx);
  isl::union_map Sched = accessSchedule(S);
  isl::union_map InstanceSched = analysis::paddedSchedule(S);
  if (Sched.is_null() || InstanceSched.is_null())
    return Result;
  std::vector<DependenceEdge> Edges;
  static const bool Check = std::getenv("HETILE_CHECK_DEPENDENCES") != nullptr;
  // One tree for every array's analysis.
  FlowSchedule Flow = flowSchedule(Sched, /*Reference=*/false);
  for (const auto &[Array, Acc] : collectAccesses(S)) {
    ArrayDeps D = arrayDependences(S, Acc, Flow, InstanceSched);
    if (D.Flow.is_null())
      continue;
    restrictToContext(S, D);
    if (Check)
      checkAgainstReference(S, Array, Acc, D, Sched, InstanceSched);
    Result.FlowByArray[Array] = D.Flow;
    Result.OutputByArray[Array] = D.Output;
    Result.AntiByArray[Array] = D.Anti;
    Result.LiveInByArray[Array] = D.LiveIn;
    Result.LastWriteByArray[Array] = D.LastWrite;
    Result.Flow = Result.Flow.unite(D.Flow);
    Result.Anti = Result.Anti.unite(D.Anti);
    Result.Output = Result.Output.unite(D.Output);
    appendEdges(S, DepKind::Flow, Array, D.Flow.coalesce(), Edges);
    appendEdges(S, DepKind::Anti, Array, D.Anti.coalesce(), Edges);
    appendEdges(S, DepKind::Output, Array, D.Output.coalesce(), Edges);
  }
  sortEdges(S, Edges);
  Result.UniformMatrix = uniformMatrix(S, Edges);
  Result.Edges = std::move(Edges);
  return Result;
}

std::map<std::string, isl::union_map> computeFlowElements(const Scop &S) {
  std::map<std::string, isl::union_map> Result;
  if (S.Stmts.empty())
    return Result;
  isl::union_map Sched = accessSchedule(S);
  if (Sched.is_null())
    return Result;
  static const bool Check = std::getenv("HETILE_CHECK_DEPENDENCES") != nullptr;
  for (const auto &[Array, Acc] : collectAccesses(S)) {
    if (!Acc.SeveralWritesInOneStmt)
      continue;
    isl::union_map Elements = flowElements(S, Acc, Sched, /*Reference=*/false);
    if (!Elements.is_null() && !S.Context.is_null())
      Elements = Elements.intersect_params(S.Context);
    Result[Array] = Elements;
    if (!Check)
      continue;
    isl::union_map Ref = flowElements(S, Acc, Sched, /*Reference=*/true);
    if (!Ref.is_null() && !S.Context.is_null())
      Ref = Ref.intersect_params(S.Context);
    const char *Verdict = "DIFFER";
    if (Ref.is_null())
      Verdict = "reference-failed";
    else if (!Elements.is_null()) {
      isl::boolean Equal = Elements.is_equal(Ref);
      Verdict = Equal.is_error() ? "unknown"
                                 : Equal.is_true() ? "equal" : "DIFFER";
    }
    llvm::errs() << "hetile: dependences check: " << S.Stmts.front().Name
                 << ".." << S.Stmts.back().Name << " " << Array
                 << ": flow-elements=" << Verdict << "\n";
  }
  return Result;
}

} // namespace hetile
