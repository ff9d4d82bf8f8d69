//===- Report.cpp - What `hetile analyze` prints ---------------------------===//

#include "hetile/Driver/Report.h"
#include "hetile/Transform/Communication.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace hetile {

std::string formatAccessTarget(const isl::map &Relation) {
  std::string Text = toString(Relation);
  llvm::StringRef S(Text);
  size_t Brace = S.find('{');
  size_t Arrow = S.find(" -> ", Brace == llvm::StringRef::npos ? 0 : Brace);
  if (Arrow == llvm::StringRef::npos)
    return Text;
  llvm::StringRef Rest = S.drop_front(Arrow + 4);
  int Level = 0;
  for (size_t I = 0; I < Rest.size(); ++I) {
    if (Rest[I] == '[')
      ++Level;
    else if (Rest[I] == ']' && --Level == 0)
      return Rest.take_front(I + 1).str();
  }
  return Text;
}

namespace {

std::string formatLoc(const SourceLoc &L) {
  return L.File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
}

/// Statement text on one line: runs of whitespace become one space.
std::string oneLine(const std::string &Text) {
  std::string Out;
  bool Space = false;
  for (char C : Text) {
    if (C == ' ' || C == '\n' || C == '\t' || C == '\r') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

const char *accessKindName(MemoryAccess::AccessKind K) {
  switch (K) {
  case MemoryAccess::AccessKind::Read:
    return "read";
  case MemoryAccess::AccessKind::MustWrite:
    return "write";
  case MemoryAccess::AccessKind::MayWrite:
    return "may-write";
  }
  return "?";
}

std::string joined(const std::vector<std::string> &Items) {
  std::string S;
  for (size_t I = 0; I < Items.size(); ++I)
    S += (I ? ", " : "") + Items[I];
  return S;
}

void printStatementsText(llvm::raw_ostream &OS, const Scop &S) {
  for (const ScopStmt &Stmt : S.Stmts) {
    OS << "  statement " << Stmt.Name << " at " << formatLoc(Stmt.Span.Begin)
       << ": " << oneLine(Stmt.Text) << "\n";
    OS << "    domain: " << toString(Stmt.Domain) << "\n";
    for (const MemoryAccess &A : Stmt.Accesses)
      OS << "    " << accessKindName(A.Kind) << " "
         << formatAccessTarget(A.Relation) << "\n";
  }
}

void printDependencesText(llvm::raw_ostream &OS, const Dependences &D) {
  OS << "  dependences:" << (D.Edges.empty() ? " none" : "") << "\n";
  for (const DependenceEdge &E : D.Edges) {
    OS << "    " << getDepKindName(E.Kind) << " " << E.Source << " -> "
       << E.Sink << " on " << E.Array << ": ";
    if (E.Distance)
      OS << "distance " << formatDistance(*E.Distance) << "\n";
    else
      OS << "distances " << toString(E.DistanceSet) << "\n";
  }
  OS << "  dependence matrix D:";
  if (!D.UniformMatrix) {
    OS << " none (dependences not uniform over one loop nest)\n";
    return;
  }
  for (const std::vector<long> &V : *D.UniformMatrix)
    OS << " " << formatDistance(V);
  OS << (D.UniformMatrix->empty() ? " empty\n" : "\n");
}

void printBandText(llvm::raw_ostream &OS, const PermutableBand &B) {
  OS << "  permutable band: depth " << B.Depth
     << (B.Transformed ? ", after transformation" : ", as written") << "\n";
  if (!B.Note.empty())
    OS << "    transformation: " << B.Note << "\n";
  for (const std::string &Line : B.Description)
    OS << "    " << Line << "\n";
  for (const PrivateCopy &P : B.Private)
    OS << "    privatized: " << P.Array << " (a copy per tile; its final value "
       << "from band point " << toString(P.LastPoint) << ")\n";
}

/// "  sequential outer loops: k" and each band below them.
void printInnerBandsText(llvm::raw_ostream &OS, const InnerBands &IB) {
  if (IB.Outer == 0)
    OS << "  distributed: the outermost loop, into " << IB.Bands.size()
       << " bands\n";
  else
    OS << "  sequential outer loops: " << joined(IB.Iterators) << "\n";
  for (size_t I = 0; I < IB.Bands.size(); ++I) {
    const InnerBand &B = IB.Bands[I];
    std::vector<std::string> Names;
    for (const ScopStmt &Stmt : B.S.Stmts)
      Names.push_back(Stmt.Name);
    OS << "  inner band " << I + 1 << " of " << IB.Bands.size() << " ("
       << joined(Names) << "): depth " << B.Band.Depth
       << (B.Band.Transformed ? ", after transformation" : ", as written")
       << "\n";
    if (!B.Band.Note.empty())
      OS << "    transformation: " << B.Band.Note << "\n";
    for (const std::string &Line : B.Band.Description)
      OS << "    " << Line << "\n";
  }
}

} // namespace

/// "[0, n) x [0, m)": the ranges of the subscripts of array \p A but the
/// first.
static std::string rowRanges(const ScopArray &A) {
  std::string Out;
  for (const std::string &E : A.rowLengths())
    Out += (Out.empty() ? "" : " x ") + std::string("[0, ") + E + ")";
  return Out;
}

/// "A and B do not overlap; the subscripts of a stay in [0, n)", or "none".
std::string aliasChecksText(const Scop &S) {
  std::string Out;
  for (const AliasCheck &C : S.AliasChecks)
    Out += (Out.empty() ? "" : "; ") + S.Bounds[C.First].Array + " and " +
           S.Bounds[C.Second].Array + " do not overlap";
  for (const RowCheck &C : S.RowChecks)
    if (const ScopArray *A = S.findArray(C.Array)) {
      std::string Rows = rowRanges(*A);
      if (A->Members)
        Rows += (Rows.empty() ? "" : " and ") +
                std::string("the member arrays of its structs");
      Out += (Out.empty() ? "" : "; ") + std::string("the subscripts of ") +
             C.Array + " stay in " + Rows;
    }
  for (const ValueCheck &C : S.ValueChecks)
    Out += (Out.empty() ? "" : "; ") + C.Text;
  std::vector<std::string> Written, Loads;
  for (const LoadCheck &C : S.LoadChecks)
    if (!llvm::is_contained(Written, S.Bounds[C.Bound].Array))
      Written.push_back(S.Bounds[C.Bound].Array);
  for (const InvariantLoad &L : S.Loads)
    Loads.push_back(L.Text);
  if (!Written.empty())
    Out += (Out.empty() ? "" : "; ") + std::string("the writes to ") +
           llvm::join(Written, ", ") + " miss " + llvm::join(Loads, ", ");
  return Out.empty() ? "none" : Out;
}

namespace {

/// `strips: yes (halo ...)` or `strips: no: why [hetile-reject-...]`.
void printStripsText(llvm::raw_ostream &OS, const StripsAnalysis &A) {
  if (!A.Plan) {
    OS << "  strips: no: " << A.Reject->Message << " [hetile-reject-"
       << getRejectName(A.Reject->Kind) << "]\n";
    return;
  }
  OS << "  strips: yes, rows split (halo per time step:";
  const char *Sep = " ";
  for (const StripsPlan::Halo &H : A.Plan->Halos) {
    OS << Sep << H.Iterator << " -" << H.Below << " +" << H.Above;
    Sep = ", ";
  }
  OS << "; " << A.Plan->Edges.size() << " flow dependences), "
     << (A.Plan->SubTiles
             ? "sub-tiles ordered by " +
                   std::to_string(A.Plan->OrderEdges.size()) + " dependences"
             : "no sub-tiles (" + A.Plan->NoSubTiles + ")")
     << "\n";
  for (const StripsEdge &E : A.Plan->Edges)
    OS << "    S" << E.Source << " -> S" << E.Sink << ": time "
       << E.TimeMin << ".." << (E.TimeMax < 0 ? "inf" : std::to_string(E.TimeMax))
       << ", rows " << E.RowMin << ".." << E.RowMax << "\n";
}

/// The schedules a tiled nest can run and what --omp-schedule=auto takes.
void printSchedulesText(llvm::raw_ostream &OS, const AnalyzedNest &N) {
  if (N.Reject)
    return;
  bool Strips = !N.Inner && N.Strips && N.Strips->Plan;
  OS << "  schedules: pipeline, wavefront (omp)" << (Strips ? ", strips" : "")
     << "\n  auto schedule: "
     << (N.Choice && Strips ? N.Choice->describe()
                            : std::string(N.Inner ? "pipeline (inner bands)"
                                                  : "pipeline (strips do not "
                                                    "apply)"))
     << "\n";
}

Value choiceToJson(const StripsChoice &C) {
  auto OrNull = [](long X) {
    return X < 0 ? Value(nullptr) : Value(static_cast<int64_t>(X));
  };
  // The costs and the width are figures only where the rows are known.
  auto Known = [&](Value V) { return C.Rows < 0 ? Value(nullptr) : V; };
  return Object{{"choice", C.Strips ? "strips" : "pipeline"},
                {"skewed_band", C.Skewed},
                {"rows", OrNull(C.Rows)},
                {"steps", OrNull(C.Steps)},
                {"width", Known(static_cast<int64_t>(C.Width))},
                {"strips_cost", Known(C.StripsCost)},
                {"pipeline_cost", Known(C.PipelineCost)}};
}

} // namespace

void printNestText(llvm::raw_ostream &OS, const AnalyzedNest &N) {
  OS << "nest at " << formatLoc(N.Loc) << " in function '" << N.Function << "'";
  if (N.Reject && !N.S) {
    OS << ": not tiled [hetile-reject-" << getRejectName(N.Reject->Kind) << "]\n";
    return;
  }
  OS << "\n";
  const Scop &S = *N.S;
  OS << "  depth: " << S.Depth << "\n";
  OS << "  parameters: " << (S.Params.empty() ? "none" : joined(S.Params)) << "\n";
  OS << "  context: " << toString(S.Context) << "\n";
  for (const InvariantLoad &L : S.Loads)
    OS << "  read once: "
       << L.describe()
       << (L.Stride.empty() ? ""
                            : ", where equally spaced, as the array " + L.Name +
                                  " in rows of " + L.Stride)
       << (L.Declared && L.Stride.empty() ? " as " + L.Name : "")
       << (L.Read.is_null() ? ""
                            : ", where " + toString(L.Read) +
                                  " (the original reads it there)")
       << "\n";
  OS << "  run-time checks: " << aliasChecksText(S) << "\n";
  for (const ScopArray &A : S.Arrays)
    if (A.Members)
      OS << "  members: " << A.Name << " holds '" << A.ElementType << "' ("
         << A.ElementBytes << " bytes), its last subscript a member's byte "
            "offset: "
         << A.MemberLayout << "\n";
  for (const ScopArray &A : S.Arrays)
    if (!A.RowExtents.empty())
      OS << "  delinearized: " << A.Name << " as " << A.Name << "[]["
         << llvm::join(A.RowExtents, "][") << "], subscripts but the first in "
         << rowRanges(A) << "\n";
  printStatementsText(OS, S);
  printDependencesText(OS, *N.Deps);
  printBandText(OS, *N.Band);
  if (N.Inner)
    printInnerBandsText(OS, *N.Inner);
  if (N.Reject)
    OS << "  tilable: no [hetile-reject-" << getRejectName(N.Reject->Kind) << "]\n";
  else
    OS << "  tilable: yes\n";
  if (N.Strips)
    printStripsText(OS, *N.Strips);
  printSchedulesText(OS, N);
  if (!N.Reject && !N.Inner) {
    if (std::optional<std::string> Why = mpiUnsupported(S)) {
      OS << "  final exchange (mpi backends): none, the nest stays as it is: "
         << *Why << " [hetile-reject-" << getRejectName(RejectKind::MpiStructArray)
         << "]\n";
      return;
    }
    std::string Bytes = finalValuesBytes(S);
    std::string Owned = readAfterArrays(S);
    if (!Owned.empty())
      Owned = " (of " + Owned + ", which the function owns, only what it "
              "reads after the nest)";
    if (!Bytes.empty())
      OS << "  final exchange (mpi backends): " << Bytes
         << " bytes of final values" << Owned
         << "; each rank receives those of the other ranks' tile columns "
         << (S.EveryRank.empty()
                 ? "(rank 0 only with --gather=root)"
                 : "(every rank even with --gather=root: " + S.EveryRank +
                       ")")
         << "\n";
    if (!S.DeferTo.empty())
      OS << "  final values (mpi backends): left on the ranks that computed "
            "them where they lie in runs; "
         << S.DeferTo
         << ", which runs next, takes what its blocks read (docs/mpi-exchange.md)\n";
  }
}

namespace {

Value locToJson(const SourceLoc &L) {
  return Object{{"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}

Value statementsToJson(const Scop &S) {
  Array Stmts;
  for (const ScopStmt &Stmt : S.Stmts) {
    Array Accesses;
    for (const MemoryAccess &A : Stmt.Accesses)
      Accesses.push_back(Object{{"kind", accessKindName(A.Kind)},
                                {"array", A.Array},
                                {"target", formatAccessTarget(A.Relation)},
                                {"text", A.Text},
                                {"relation", toString(A.Relation)}});
    Array Iters;
    for (const std::string &I : Stmt.Iterators)
      Iters.push_back(I);
    Stmts.push_back(Object{{"name", Stmt.Name},
                           {"location", locToJson(Stmt.Span.Begin)},
                           {"text", Stmt.Text},
                           {"iterators", std::move(Iters)},
                           {"domain", toString(Stmt.Domain)},
                           {"schedule", toString(Stmt.Schedule)},
                           {"accesses", std::move(Accesses)}});
  }
  return Stmts;
}

Value vectorToJson(const std::vector<long> &V) {
  Array A;
  for (long X : V)
    A.push_back(static_cast<int64_t>(X));
  return A;
}

Value dependencesToJson(const Dependences &D) {
  Array Edges;
  for (const DependenceEdge &E : D.Edges) {
    Object O{{"kind", getDepKindName(E.Kind)}, {"source", E.Source},
             {"sink", E.Sink}, {"array", E.Array},
             {"common_depth", E.CommonDepth},
             {"relation", toString(E.Relation)}};
    if (E.Distance)
      O["distance"] = vectorToJson(*E.Distance);
    else
      O["distance_set"] = toString(E.DistanceSet);
    Edges.push_back(std::move(O));
  }
  return Edges;
}

Value matrixToJson(const Dependences &D) {
  if (!D.UniformMatrix)
    return nullptr;
  Array M;
  for (const std::vector<long> &V : *D.UniformMatrix)
    M.push_back(vectorToJson(V));
  return M;
}

Value bandToJson(const PermutableBand &B) {
  Array Desc;
  for (const std::string &Line : B.Description)
    Desc.push_back(Line);
  Array Private;
  for (const PrivateCopy &P : B.Private)
    Private.push_back(Object{{"array", P.Array},
                             {"last_point", toString(P.LastPoint)}});
  return Object{{"depth", B.Depth},
                {"transformed", B.Transformed},
                {"privatized", std::move(Private)},
                {"note", B.Note},
                {"schedule", toString(B.BandSchedule)},
                {"statements", std::move(Desc)}};
}

Value innerBandsToJson(const InnerBands &IB) {
  Array Iters, Bands;
  for (const std::string &I : IB.Iterators)
    Iters.push_back(I);
  for (const InnerBand &B : IB.Bands) {
    Array Names;
    for (const ScopStmt &Stmt : B.S.Stmts)
      Names.push_back(Stmt.Name);
    Value Band = bandToJson(B.Band);
    Object O = std::move(*Band.getAsObject());
    O["statement_names"] = std::move(Names);
    Bands.push_back(std::move(O));
  }
  return Object{{"sequential_loops", std::move(Iters)},
                {"distributed", IB.Outer == 0},
                {"bands", std::move(Bands)}};
}

Value stripsToJson(const StripsAnalysis &A) {
  if (!A.Plan)
    return Object{{"applies", false},
                  {"why", Object{{"kind", getRejectName(A.Reject->Kind)},
                                    {"message", A.Reject->Message},
                                    {"location", locToJson(A.Reject->Loc)}}}};
  Array Halos, Edges, Written;
  for (const StripsPlan::Halo &H : A.Plan->Halos)
    Halos.push_back(Object{{"iterator", H.Iterator},
                           {"below", static_cast<int64_t>(H.Below)},
                           {"above", static_cast<int64_t>(H.Above)}});
  for (const StripsEdge &E : A.Plan->Edges)
    Edges.push_back(Object{{"source", "S" + std::to_string(E.Source)},
                           {"sink", "S" + std::to_string(E.Sink)},
                           {"time_min", static_cast<int64_t>(E.TimeMin)},
                           {"time_max", E.TimeMax < 0 ? Value(nullptr)
                                                      : Value(static_cast<int64_t>(E.TimeMax))},
                           {"row_min", static_cast<int64_t>(E.RowMin)},
                           {"row_max", static_cast<int64_t>(E.RowMax)}});
  for (const std::string &W : A.Plan->Written)
    Written.push_back(W);
  return Object{{"applies", true},
                {"halo", std::move(Halos)},
                {"flow_dependences", std::move(Edges)},
                {"sub_tiles", A.Plan->SubTiles},
                {"written_arrays", std::move(Written)}};
}

} // namespace

Value nestToJson(const AnalyzedNest &N) {
  Object O{{"function", N.Function},
           {"location", locToJson(N.Loc)},
           {"marked", N.Marked},
           {"tilable", N.isTilable()}};
  if (N.Reject)
    O["reject"] = Object{{"kind", getRejectName(N.Reject->Kind)},
                         {"message", N.Reject->Message},
                         {"location", locToJson(N.Reject->Loc)}};
  if (!N.S)
    return O;
  Array Params;
  for (const std::string &P : N.S->Params)
    Params.push_back(P);
  O["depth"] = N.S->Depth;
  O["parameters"] = std::move(Params);
  O["context"] = toString(N.S->Context);
  Array Checks;
  for (const AliasCheck &C : N.S->AliasChecks)
    Checks.push_back(Object{{"kind", "no-overlap"},
                            {"arrays", Array{N.S->Bounds[C.First].Array,
                                             N.S->Bounds[C.Second].Array}}});
  for (const RowCheck &C : N.S->RowChecks) {
    Array Extents;
    if (const ScopArray *A = N.S->findArray(C.Array))
      for (const std::string &E : A->rowLengths())
        Extents.push_back(E);
    Checks.push_back(Object{{"kind", "in-rows"},
                            {"array", C.Array},
                            {"extents", std::move(Extents)}});
  }
  for (const ValueCheck &C : N.S->ValueChecks)
    Checks.push_back(Object{{"kind", "integer-value"}, {"fact", C.Text}});
  O["runtime_checks"] = std::move(Checks);
  O["statements"] = statementsToJson(*N.S);
  O["dependences"] = dependencesToJson(*N.Deps);
  O["dependence_matrix"] = matrixToJson(*N.Deps);
  O["band"] = bandToJson(*N.Band);
  if (N.Inner)
    O["inner_bands"] = innerBandsToJson(*N.Inner);
  else if (!N.Reject) {
    O["final_exchange_bytes"] = finalValuesBytes(*N.S);
    if (!N.S->EveryRank.empty())
      O["final_exchange_every_rank"] = N.S->EveryRank;
    if (!N.S->DeferTo.empty())
      O["final_values_left_for"] = N.S->DeferTo;
  }
  if (N.Strips)
    O["strips"] = stripsToJson(*N.Strips);
  if (!N.Reject)
    O["auto_schedule"] = N.Choice && !N.Inner && N.Strips && N.Strips->Plan
                             ? choiceToJson(*N.Choice)
                             : Value(Object{{"choice", "pipeline"}});
  return O;
}

} // namespace hetile
