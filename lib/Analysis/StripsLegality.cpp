//===- StripsLegality.cpp - Where redundant-task strips apply -------------===//
//
// [RD02] Rastello & Dauxois, "Efficient tiling for an ODE discrete
// integration program: redundant tasks instead of trapezoidal shaped-tiles",
// IPDPS 2002, sections 3.2-3.3 (strips, redundant triangles).
//
//===----------------------------------------------------------------------===//

#include "hetile/Analysis/StripsLegality.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <climits>

namespace hetile {

namespace {

/// A lowest and highest value; Known false when unbounded (or empty).
struct Range {
  bool Known = false;
  long Min = 0, Max = 0;
};

/// The range of dimension \p Pos of \p Set over every value of the
/// parameters.
Range rangeOf(isl::set Set, unsigned Pos) {
  Range R;
  if (Set.is_null() || !Set.is_empty().is_false())
    return R;
  Set = Set.project_out_all_params();
  isl::val Lo = Set.dim_min_val(Pos), Hi = Set.dim_max_val(Pos);
  if (Lo.is_null() || Hi.is_null() || !Lo.is_int() || !Hi.is_int())
    return R;
  R.Known = true;
  R.Min = Lo.num_si();
  R.Max = Hi.num_si();
  return R;
}

isl::map anonymousRange(isl::map M) {
  return isl::manage(isl_map_reset_tuple_id(M.release(), isl_dim_out));
}

/// { S[x] -> [e0] }: the first subscript of access \p A, on \p Domain.
isl::map firstSubscript(const MemoryAccess &A, const isl::set &Domain) {
  isl::map M = A.Relation.intersect_domain(Domain);
  unsigned N = unsigned(M.range_tuple_dim().release());
  return anonymousRange(M.project_out(isl::dim::out, 1, N - 1));
}

/// { S[x] -> [x0] } on the domain of \p Stmt.
isl::map timeOf(const ScopStmt &Stmt) {
  isl::map Id = isl::map::identity(Stmt.Domain.space().map_from_set())
                    .intersect_domain(Stmt.Domain);
  unsigned N = unsigned(Stmt.Domain.tuple_dim().release());
  return anonymousRange(Id.project_out(isl::dim::out, 1, N - 1));
}

RejectReason reject(RejectKind K, const SourceLoc &Loc, std::string Msg) {
  return {K, Loc, std::move(Msg)};
}

/// Every statement inside the outermost loop, which counts up by one.
std::optional<RejectReason> checkTimeLoop(const Scop &S, const SourceLoc &Loc) {
  if (S.Depth < 2 || S.Loops.empty())
    return reject(RejectKind::StripsNoTimeLoop, Loc,
                  "strips need a time loop around loops over space");
  if (S.Loops.front().Step != 1)
    return reject(RejectKind::StripsNoTimeLoop, S.Loops.front().Loc,
                  "the time loop '" + S.Loops.front().Iterator +
                      "' does not count up by one");
  for (const ScopStmt &Stmt : S.Stmts)
    if (Stmt.LoopIds.empty() || Stmt.LoopIds.front() != 0)
      return reject(RejectKind::StripsNoTimeLoop, Stmt.Span.Begin,
                    "a statement lies outside the time loop '" +
                        S.Loops.front().Iterator + "'");
  // Arrays that may overlap are checked at run time (AliasChecks.h): the
  // strips, which compute on copies of the written arrays, run where they
  // are distinct, the original nest elsewhere (StripsCodeGen.h).
  return std::nullopt;
}

/// The written arrays: each must be an array of known row size written by
/// must-writes only.
std::optional<RejectReason> findWritten(const Scop &S, StripsPlan &P) {
  for (const ScopStmt &Stmt : S.Stmts)
    for (const MemoryAccess &A : Stmt.Accesses) {
      if (!A.isWrite())
        continue;
      const ScopArray *Arr = S.findArray(A.Array);
      if (!Arr || Arr->Extents.empty())
        return reject(RejectKind::StripsUnsupportedAccess, A.Loc,
                      "'" + A.Text + "' writes a scalar");
      if (A.Kind == MemoryAccess::AccessKind::MayWrite)
        return reject(RejectKind::StripsUnsupportedAccess, A.Loc,
                      "'" + A.Text + "' may or may not be written");
      if (Arr->Members)
        return reject(RejectKind::StripsUnsupportedAccess, A.Loc,
                      "'" + A.Array + "' is an array of structs (strips copy "
                      "arrays of numbers)");
      // A flat array read as one with rows (Frontend/Delinearize.h) is
      // copied by rows of its recovered lengths; its C type must be a
      // pointer to, or a one-dimensional array of, its elements.
      if (!Arr->RowExtents.empty() && Arr->Extents.size() != 1)
        return reject(RejectKind::StripsUnsupportedAccess, A.Loc,
                      "'" + A.Array + "' is a flat array of rows read as "
                      "one with more dimensions (strips copy rows of one "
                      "type)");
      // The copies shadow the written arrays by name; an array the
      // statements reach through a member, `g->next`, by a copy of *g
      // (StripsPlan::Shadows); a std::vector member of `this` that they
      // subscript by its bare name, by a pointer of that name
      // (StripsPlan::Bares). Nothing shadows a table of rows, a member of a
      // member, or a member of `this` named otherwise.
      auto Load = llvm::find_if(S.Loads, [&](const InvariantLoad &L) {
        return L.Name == A.Array;
      });
      if (Load != S.Loads.end() && !Load->BareMember.empty()) {
        if (llvm::none_of(P.Bares, [&](const StripsPlan::Bare &B) {
              return B.Array == A.Array;
            }))
          P.Bares.push_back({A.Array, Load->BareMember, Load->Type});
      } else if (Load != S.Loads.end()) {
        if (Load->ThroughPointer.empty())
          return reject(RejectKind::StripsUnsupportedAccess, A.Loc,
                        "'" + Load->describe() + "' is reached through a table of rows, a member "
                            "of a member or 'this' (strips copy the arrays "
                            "the statements name, the struct a pointer "
                            "reaches, or a vector member of 'this' named "
                            "bare)");
        auto Sh = llvm::find_if(P.Shadows, [&](const StripsPlan::Shadow &X) {
          return X.Pointer == Load->ThroughPointer;
        });
        if (Sh == P.Shadows.end())
          Sh = P.Shadows.insert(P.Shadows.end(),
                                StripsPlan::Shadow{Load->ThroughPointer, {}});
        std::pair<std::string, std::string> M(A.Array, Load->Member);
        if (!llvm::is_contained(Sh->Members, M))
          Sh->Members.push_back(M);
      }
      for (size_t K = 1; K < Arr->Extents.size(); ++K)
        if (Arr->Extents[K].empty())
          return reject(RejectKind::StripsUnsupportedAccess, A.Loc,
                        "the rows of '" + A.Array + "' have no known size");
      if (!llvm::is_contained(P.Written, A.Array))
        P.Written.push_back(A.Array);
    }
  std::sort(P.Written.begin(), P.Written.end());
  return std::nullopt;
}

/// The row of each statement and how far from it its accesses to written
/// arrays reach.
std::optional<RejectReason> findRows(const Scop &S, StripsPlan &P) {
  for (const ScopStmt &Stmt : S.Stmts) {
    StripsStmt SS;
    SS.Time = timeOf(Stmt);
    for (const MemoryAccess &A : Stmt.Accesses) {
      if (!A.isWrite())
        continue;
      isl::map Row = firstSubscript(A, Stmt.Domain);
      if (Row.is_single_valued().is_false())
        return reject(RejectKind::StripsUnsupportedAccess, A.Loc,
                      "the row '" + A.Text + "' writes is not one value");
      if (!SS.Row.is_null() && !SS.Row.is_equal(Row).is_true())
        return reject(RejectKind::StripsUnsupportedAccess, A.Loc,
                      "'" + A.Text + "' writes another row than the "
                      "statement's other writes");
      SS.Row = Row;
    }
    if (SS.Row.is_null())
      return reject(RejectKind::StripsUnsupportedAccess, Stmt.Span.Begin,
                    "a statement writes no array");
    for (const MemoryAccess &A : Stmt.Accesses) {
      if (!llvm::is_contained(P.Written, A.Array))
        continue;
      // { [r] -> [r'] } of each instance, the offset r' - r.
      isl::set Offsets =
          SS.Row.reverse().apply_range(firstSubscript(A, Stmt.Domain)).deltas();
      Range R = rangeOf(Offsets, 0);
      if (!R.Known)
        return reject(RejectKind::StripsUnsupportedAccess, A.Loc,
                      "'" + A.Text + "' is not at a constant row distance "
                      "from the row the statement writes");
      SS.ReachLow = std::min(SS.ReachLow, R.Min);
      SS.ReachHigh = std::max(SS.ReachHigh, R.Max);
      // Copies are indexed from row 0: a row below it cannot be copied.
      isl::set Touched =
          firstSubscript(A, Stmt.Domain).range().intersect_params(S.Context);
      isl::val Lowest = Touched.project_out_all_params().dim_min_val(0);
      if (!Touched.is_empty().is_true() &&
          (Lowest.is_null() || !Lowest.is_int() || Lowest.is_neg()))
        return reject(RejectKind::StripsUnsupportedAccess, A.Loc,
                      "'" + A.Text + "' may reach a row below 0");
    }
    P.Stmts.push_back(std::move(SS));
  }
  return std::nullopt;
}

unsigned indexOf(const Scop &S, const std::string &Name) {
  for (unsigned K = 0; K < S.Stmts.size(); ++K)
    if (S.Stmts[K].Name == Name)
      return K;
  return ~0u;
}

/// Adds \p Edge to \p Edges: uniform dependences come one distance at a
/// time, so one edge per pair of statements and time range, its rows the
/// union.
void addEdge(std::vector<StripsEdge> &Edges, const StripsEdge &Edge) {
  auto Same = llvm::find_if(Edges, [&](const StripsEdge &X) {
    return X.Source == Edge.Source && X.Sink == Edge.Sink &&
           X.TimeMin == Edge.TimeMin && X.TimeMax == Edge.TimeMax;
  });
  if (Same == Edges.end()) {
    Edges.push_back(Edge);
    return;
  }
  Same->RowMin = std::min(Same->RowMin, Edge.RowMin);
  Same->RowMax = std::max(Same->RowMax, Edge.RowMax);
}

/// { [dt, dr] }: the time and row distances of dependence \p E.
isl::set timeRowDeltas(const StripsPlan &P, const DependenceEdge &E,
                       unsigned Src, unsigned Snk) {
  auto TimeRow = [&](unsigned K) {
    return P.Stmts[K].Time.flat_range_product(P.Stmts[K].Row);
  };
  return E.Relation.apply_domain(TimeRow(Src)).apply_range(TimeRow(Snk))
      .deltas();
}

/// The anti and output dependences as edges of P.OrderEdges (the flow
/// ones are there already); SubTiles false where a distance is unbounded.
void findOrderEdges(const Scop &S, const Dependences &D, StripsPlan &P) {
  for (const DependenceEdge &E : D.Edges) {
    if (E.Kind == DepKind::Flow || !P.SubTiles)
      continue;
    unsigned Src = indexOf(S, E.Source), Snk = indexOf(S, E.Sink);
    isl::set Deltas;
    if (Src != ~0u && Snk != ~0u)
      Deltas = timeRowDeltas(P, E, Src, Snk);
    if (Deltas.is_null()) {
      P.SubTiles = false;
      P.NoSubTiles = "the distances of a dependence could not be computed";
      break;
    }
    if (Deltas.is_empty().is_true())
      continue;
    Range Rows = rangeOf(Deltas, 1);
    isl::set Times = Deltas.project_out_all_params();
    isl::val TMin = Times.dim_min_val(0), TMax = Times.dim_max_val(0);
    if (!Rows.Known || TMin.is_null() || !TMin.is_int() || TMax.is_null() ||
        TMin.is_neg()) {
      P.SubTiles = false;
      P.NoSubTiles = "the distances of the " + std::string(getDepKindName(E.Kind)) +
                     " dependence " + E.Source + " -> " + E.Sink + " on '" +
                     E.Array + "' are not bounded";
      break;
    }
    StripsEdge Edge;
    Edge.Source = Src;
    Edge.Sink = Snk;
    Edge.RowMin = Rows.Min;
    Edge.RowMax = Rows.Max;
    Edge.TimeMin = TMin.num_si();
    Edge.TimeMax = TMax.is_int() ? TMax.num_si() : -1;
    addEdge(P.OrderEdges, Edge);
  }
  // Sub-tiles walk the rows of a statement upwards within a step.
  for (const StripsEdge &E : P.OrderEdges)
    if (P.SubTiles && E.TimeMin == 0 && E.Source == E.Sink && E.RowMin < 0) {
      P.SubTiles = false;
      P.NoSubTiles = "a dependence of S" + std::to_string(E.Source) +
                     " runs down the rows within a time step";
    }
  if (!P.SubTiles)
    P.OrderEdges.clear();
}

/// The time and row distances of each flow dependence.
std::optional<RejectReason> findEdges(const Scop &S, const Dependences &D,
                                      const SourceLoc &Loc, StripsPlan &P) {
  for (const DependenceEdge &E : D.Edges) {
    if (E.Kind != DepKind::Flow)
      continue;
    unsigned Src = indexOf(S, E.Source), Snk = indexOf(S, E.Sink);
    if (Src == ~0u || Snk == ~0u)
      return reject(RejectKind::StripsUnsupportedAccess, Loc,
                    "a dependence names an unknown statement");
    isl::set Deltas = timeRowDeltas(P, E, Src, Snk);
    if (Deltas.is_null())
      return reject(RejectKind::StripsUnsupportedAccess, Loc,
                    "the distances of a dependence could not be computed");
    if (Deltas.is_empty().is_true())
      continue;
    std::string What = std::string("flow dependence ") + E.Source + " -> " +
                       E.Sink + " on '" + E.Array + "'";
    StripsEdge Edge;
    Edge.Source = Src;
    Edge.Sink = Snk;
    // The sink reads the source's row at a constant offset from its own
    // (findRows): the distance is bounded; a failure here is isl's.
    Range Rows = rangeOf(Deltas, 1);
    if (!Rows.Known)
      return reject(RejectKind::StripsUnsupportedAccess, Loc,
                    "the " + What + " has row distances " +
                        toString(Deltas) + ", not bounded by constants");
    Edge.RowMin = Rows.Min;
    Edge.RowMax = Rows.Max;
    isl::set Times = Deltas.project_out_all_params();
    isl::val TMin = Times.dim_min_val(0), TMax = Times.dim_max_val(0);
    if (TMin.is_null() || !TMin.is_int() || TMax.is_null())
      return reject(RejectKind::StripsUnsupportedAccess, Loc,
                    "the time distances of the " + What + " are unknown");
    Edge.TimeMin = TMin.num_si();
    Edge.TimeMax = TMax.is_int() ? TMax.num_si() : -1;
    if ((Edge.TimeMax < 0 || Edge.TimeMax >= 1) &&
        !llvm::is_contained(P.Carried, E.Array))
      P.Carried.push_back(E.Array);
    // Within one step, a dependence must run to a later statement: onto
    // the same one or back, it chains along the rows without bound.
    if (Edge.TimeMin < 1 && Snk <= Src)
      return reject(RejectKind::StripsSpaceRecurrence, Loc,
                    "the " + What + " runs within one time step along the "
                    "rows (a recurrence in space: no bounded halo)");
    addEdge(P.Edges, Edge);
    addEdge(P.OrderEdges, Edge);
  }
  return std::nullopt;
}

/// The halo widths per space loop, from the flow distances in each loop.
void findHalos(const Scop &S, const Dependences &D, StripsPlan &P) {
  const ScopStmt *Deepest = &S.Stmts.front();
  for (const ScopStmt &Stmt : S.Stmts)
    if (Stmt.Iterators.size() > Deepest->Iterators.size())
      Deepest = &Stmt;
  for (unsigned K = 1; K < Deepest->Iterators.size(); ++K)
    P.Halos.push_back({Deepest->Iterators[K], 0, 0});
  for (const DependenceEdge &E : D.Edges) {
    if (E.Kind != DepKind::Flow)
      continue;
    for (unsigned K = 1; K < E.DistanceDepth && K <= P.Halos.size(); ++K) {
      Range R = rangeOf(E.DistanceSet, K);
      if (!R.Known)
        continue;
      P.Halos[K - 1].Below = std::max(P.Halos[K - 1].Below, R.Max);
      P.Halos[K - 1].Above = std::max(P.Halos[K - 1].Above, -R.Min);
    }
  }
}

} // namespace

StripsAnalysis analyzeStrips(const Scop &S, const Dependences &D,
                             const SourceLoc &Loc) {
  StripsAnalysis Result;
  StripsPlan P;
  std::optional<RejectReason> Why = checkTimeLoop(S, Loc);
  if (!Why)
    Why = findWritten(S, P);
  if (!Why)
    Why = findRows(S, P);
  if (!Why)
    Why = findEdges(S, D, Loc, P);
  if (Why) {
    Result.Reject = std::move(Why);
    return Result;
  }
  findHalos(S, D, P);
  findOrderEdges(S, D, P);
  Result.Plan = std::move(P);
  return Result;
}

} // namespace hetile
