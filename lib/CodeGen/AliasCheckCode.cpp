//===- AliasCheckCode.cpp - The run-time alias checks as C text -----------===//

#include "AliasCheckCode.h"

#include "hetile/Frontend/AliasChecks.h"
#include "hetile/Support/LineTags.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace hetile {

const char *const NoAliasFlag = "hetile_noalias";
const char *const InRowsFlag = "hetile_inrows";
const char *const ValuesFlag = "hetile_values";
const char *const LoadedFlag = "hetile_loaded";

namespace {

/// "A[0]...[0]" with \p Zeros subscripts.
std::string elementAt(const std::string &Array, unsigned Zeros) {
  std::string Out = Array;
  for (unsigned I = 0; I < Zeros; ++I)
    Out += "[0]";
  return Out;
}

/// The bytes between consecutive values of subscript \p K of \p Array
/// (its last subscript: one element): sizeof of its element at that depth,
/// or for a delinearized array (ScopArray::RowExtents) the row lengths
/// inside it times the size of an element; 1 for the member offset of an
/// array of structs (ScopArray::Members).
std::string stride(const Scop &S, const std::string &Array, unsigned K,
                   unsigned Dims) {
  const ScopArray *A = S.findArray(Array);
  if (A && A->Members) {
    if (K + 1 == Dims)
      return "1";
    --Dims; // the struct is the element
  }
  if (!A || A->RowExtents.empty())
    return "(long)sizeof(" + elementAt(Array, std::min(K + 1, Dims)) + ")";
  std::string Out;
  for (unsigned J = K; J < A->RowExtents.size(); ++J)
    Out += "(long)(" + A->RowExtents[J] + ") * ";
  return Out + "(long)sizeof(" + Array + "[0])";
}

/// The bytes from the highest corner of box \p B to the end of what the
/// nest may touch there: one element, or for an array of structs one whole
/// struct (the member at the highest offset is no larger).
std::string lastBytes(const Scop &S, const ArrayBounds &B) {
  const ScopArray *A = S.findArray(B.Array);
  unsigned Dims = B.Min.size();
  if (A && A->Members)
    return "(long)sizeof(" + elementAt(B.Array, A->Extents.size()) + ")";
  return stride(S, B.Array, Dims - 1, Dims);
}

/// The address of the corner \p Corner of the box of \p B, plus \p Extra
/// bytes, as an integer.
llvm::Expected<std::string>
address(const NestEmitter &E, const isl::ast_build &Build, const ArrayBounds &B,
        const std::vector<isl::pw_aff> &Corner, const std::string &Extra) {
  std::string Offset;
  for (unsigned K = 0; K < Corner.size(); ++K) {
    auto Sub = E.print(Build, Corner[K], "a bound of '" + B.Array + "'");
    if (!Sub)
      return Sub.takeError();
    if (*Sub == "0")
      continue;
    std::string Size = stride(E.S, B.Array, K, Corner.size());
    Offset += (Offset.empty() ? "" : " + ") +
              (*Sub == "1" ? Size : "(long)(" + *Sub + ") * " + Size);
  }
  if (!Extra.empty())
    Offset += (Offset.empty() ? "" : " + ") + Extra;
  if (Offset.empty())
    return "(uintptr_t)" + B.Array;
  return "(uintptr_t)" + B.Array + " + (uintptr_t)(" + Offset + ")";
}

} // namespace

/// The C string literal of \p Text.
std::string quoted(const std::string &Text) {
  std::string Out = "\"";
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (C == '\n')
      continue;
    Out += C;
  }
  return Out + "\"";
}

namespace {

/// Appends to the conjunction \p Cond the C text of \p Holds, unless the
/// context implies it.
void andHolds(std::string &Cond, const NestEmitter &E,
              const isl::ast_build &Build, const isl::set &Holds) {
  isl::set H = Holds.gist(E.S.Context);
  if (H.is_equal(H.universe(H.get_space())).is_true())
    return;
  Cond += (Cond.empty() ? "" : " &&\n      ") + std::string("(") +
          E.Exprs.print(Build.expr_from(H)) + ")";
}

/// The code that sets InRowsFlag (Scop::RowChecks), "" when there is none.
std::string printRowChecks(const NestEmitter &E, const isl::ast_build &Build) {
  const Scop &S = E.S;
  if (S.RowChecks.empty())
    return "";
  std::string Names, Cond;
  for (const RowCheck &C : S.RowChecks) {
    Names += (Names.empty() ? "" : ", ") + C.Array;
    andHolds(Cond, E, Build, C.Holds);
  }
  return "  /* hetile: run-time check: the subscripts of " + Names +
         " stay in their rows */\n  int " + InRowsFlag + " = " +
         (Cond.empty() ? "1" : Cond) + ";\n";
}

/// The code that sets ValuesFlag (Scop::ValueChecks), "" when there is none.
std::string printValueChecks(const NestEmitter &E,
                             const isl::ast_build &Build) {
  const Scop &S = E.S;
  if (S.ValueChecks.empty())
    return "";
  std::string Names, Cond;
  for (const ValueCheck &C : S.ValueChecks) {
    Names += (Names.empty() ? "" : "; ") + C.Text;
    andHolds(Cond, E, Build, C.Holds);
  }
  // A comment must not end early: the facts are the program's text.
  std::string Safe = Names;
  for (size_t P = Safe.find("*/"); P != std::string::npos;
       P = Safe.find("*/", P))
    Safe.replace(P, 2, "* /");
  return "  /* hetile: run-time check: " + Safe + " */\n  int " + ValuesFlag +
         " = " + (Cond.empty() ? "1" : Cond) + ";\n";
}

/// With mpi and mpi+omp, the ranks' agreement on \p Flag; with
/// \p Decided, only where the run-time decision runs the tiled nest.
std::string agree(const char *Flag, bool Decided) {
  std::string F = Flag;
  std::string Code = F + " = hetile_mpi_agree(" + F + ");\n  if (" + F +
                     " < 0) {\n"
                     "    fprintf(stderr, \"hetile: error: %s\\n\", "
                     "hetile_last_error());\n"
                     "    hetile_mpi_abort(NULL, 1);\n  }\n";
  if (!Decided)
    return "  /* hetile: every rank takes the same branch */\n  " + Code;
  return "  /* hetile: every rank takes the same branch (the original runs "
         "on every rank\n     where the decision says so) */\n"
         "  if (hetile_run > 0) {\n  " +
         indentBy(Code, 2) + "  }\n";
}

} // namespace

namespace {
/// The code that reads the row table \p L (InvariantLoad::Stride): the
/// rows the nest touches, lo to hi, must be equally spaced, by a positive
/// number of elements; the array of rows starts where row 0 would.
llvm::Expected<std::string> printRowTable(const NestEmitter &E,
                                          const isl::ast_build &Build,
                                          const InvariantLoad &L) {
  const Scop &S = E.S;
  const ScopArray *A = S.findArray(L.Name);
  std::string Why;
  std::optional<ArrayBounds> B =
      A ? boundArray(S, *A, Why) : std::optional<ArrayBounds>();
  if (!B)
    return makeCodeGenError("the rows of '" + L.Text +
                            "' the nest touches cannot be bounded (" + Why +
                            ")");
  if (B->Touched.intersect(S.Context).is_empty().is_true())
    // Every access to the table lies under a guard that never holds (the
    // fuzzer's `if (i <= j - 1)` inside `j <= i`): no row to check, and the
    // statements that name the rows never run.
    return "  /* hetile: the nest touches no row of " + L.Text + " */\n"
           "  " + L.Declaration +
           " = 0;\n"
           "  const long " + L.Stride + " = 1, " + L.Name + "_lo = 0, " +
           L.Name + "_hi = -1;\n"
           "  (void)" + L.Name + ";\n  (void)" + L.Stride + ";\n  (void)" +
           L.Name + "_lo;\n  (void)" + L.Name + "_hi;\n";
  isl::ast_build In = Build.restrict(B->Touched.intersect(S.Context));
  auto Lo = E.print(In, B->Min[0], "the lowest row of '" + L.Text + "'");
  if (!Lo)
    return Lo.takeError();
  auto Hi = E.print(In, B->Max[0], "the highest row of '" + L.Text + "'");
  if (!Hi)
    return Hi.takeError();
  std::string Touched = "1";
  if (!S.Context.is_subset(B->Touched).is_true())
    Touched = E.Exprs.print(Build.expr_from(B->Touched));
  const std::string &R = L.Text, Lo0 = L.Name + "_lo", Hi0 = L.Name + "_hi";
  const std::string Elem = "sizeof(" + R + "[0][0])";
  return "  /* hetile: the rows of " + R + " the nest touches, equally spaced: "
         "an array in rows of " + L.Stride + " elements */\n"
         "  " + L.Declaration +
         " = 0;\n"
         "  long " + L.Stride + " = 0, " + Lo0 + " = 0, " + Hi0 + " = -1;\n"
         "  if (" + LoadedFlag + " && (" + Touched + ")) {\n"
         "    " + Lo0 + " = " + *Lo + ";\n"
         "    " + Hi0 + " = " + *Hi + ";\n"
         "  }\n"
         "  if (" + Hi0 + " > " + Lo0 + ") {\n"
         "    uintptr_t hetile_d = (uintptr_t)" + R + "[" + Lo0 + " + 1] - "
         "(uintptr_t)" + R + "[" + Lo0 + "];\n"
         "    if ((intptr_t)hetile_d > 0 && hetile_d % " + Elem + " == 0) {\n"
         "      " + L.Stride + " = (long)(hetile_d / " + Elem + ");\n"
         "      " + L.Name + " = (" + L.Type + ")((uintptr_t)" + R + "[" + Lo0 +
         "] - (uintptr_t)" + Lo0 + " * hetile_d);\n"
         "      for (long hetile_k = " + Lo0 + " + 2; hetile_k <= " + Hi0 +
         "; hetile_k++)\n"
         "        if ((uintptr_t)" + R + "[hetile_k] != (uintptr_t)" + R + "[" +
         Lo0 + "] + (uintptr_t)(hetile_k - " + Lo0 + ") * hetile_d)\n"
         "          " + L.Stride + " = 0;\n"
         "    }\n"
         "  }\n"
         "  if (" + L.Stride + " <= 0)\n"
         "    " + LoadedFlag + " = 0;\n";
}
} // namespace

llvm::Expected<std::string> printLoads(const NestEmitter &E, bool TakeLeft) {
  const Scop &S = E.S;
  std::string Names, Code, Tables;
  isl::ast_build Build = E.buildInside(0);
  for (const InvariantLoad &L : S.Loads) {
    Names += (Names.empty() ? "" : ", ") + L.describe();
    // Row tables last: their rows are bounded by any other load.
    if (!L.Stride.empty()) {
      auto T = printRowTable(E, Build, L);
      if (!T)
        return T.takeError();
      Tables += *T;
      continue;
    }
    std::string Cond;
    if (!L.Read.is_null())
      andHolds(Cond, E, Build, L.Read);
    if (!Cond.empty())
      Code += "  if (!" + Cond + ")\n    " + LoadedFlag + " = 0;\n";
    if (TakeLeft && L.Declared)
      Code += "  if (" + std::string(LoadedFlag) + " && hetile_mpi_take("
              "(const void *)&(" + L.Object + "), (const void *)(&(" +
              L.Object + ") + 1)) < 0) {\n"
              "    fprintf(stderr, \"hetile: error: rank %d: %s\\n\", "
              "hetile_mpi_world_rank(), hetile_last_error());\n"
              "    hetile_mpi_abort(NULL, 1);\n"
              "  }\n";
    if (L.Declared)
      Code += "  " + L.Declaration +
              " = " + LoadedFlag + " ? " + L.Text + " : 0;\n";
  }
  if (S.Loads.empty())
    return "";
  return "  /* hetile: read once: " + Names + ", which the nest never writes "
         "*/\n  int " + LoadedFlag + " = 1;\n" + Code + Tables;
}

llvm::Expected<std::string> printResidentNotes(const NestEmitter &E,
                                               unsigned Indent) {
  return printArrayBoxes(
      E, Indent, /*WrittenOnly=*/true,
      [](const std::string &Name, const std::string &Begin,
         const std::string &End) {
        return "hetile_mpi_resident(hetile_m, " + quoted(Name) +
               ", (const void *)(" + Begin + "), (const void *)(" + End +
               "));";
      });
}

llvm::Expected<std::string> printArrayBoxes(
    const NestEmitter &E, unsigned Indent, bool WrittenOnly,
    const std::function<std::string(const std::string &, const std::string &,
                                    const std::string &)> &Call,
    bool *Bounded) {
  const Scop &S = E.S;
  isl::ast_build Build = E.buildInside(0);
  std::string In(Indent, ' '), Code;
  if (Bounded)
    *Bounded = true;
  for (const ScopArray &A : S.Arrays) {
    if (WrittenOnly && !A.Written)
      continue;
    // The alias checks' box where it has one, else bounded here.
    auto Known = llvm::find_if(
        S.Bounds, [&](const ArrayBounds &X) { return X.Array == A.Name; });
    std::string Why;
    std::optional<ArrayBounds> B =
        Known != S.Bounds.end() ? std::optional<ArrayBounds>(*Known)
                                : boundArray(S, A, Why);
    if (!B) {
      if (Bounded)
        *Bounded = false;
      continue;
    }
    isl::set Where = B->Touched.intersect(S.Context);
    if (Where.is_empty().is_true())
      continue;
    isl::ast_build Inside = Build.restrict(Where);
    auto Begin = address(E, Inside, *B, B->Min, "");
    auto End = address(E, Inside, *B, B->Max, lastBytes(S, *B));
    for (auto *X : {&Begin, &End})
      if (!*X)
        return X->takeError();
    std::string Cond;
    if (!S.Context.is_subset(Where).is_true())
      Cond = "if (" + E.Exprs.print(Build.expr_from(Where)) + ")\n" + In +
             "  ";
    Code += In + Cond + Call(A.Name, *Begin, *End) + "\n";
  }
  return Code;
}

std::string runtimeCheckFlags(const Scop &S) {
  std::string Out;
  if (!S.Loads.empty())
    Out = LoadedFlag;
  if (!S.AliasChecks.empty() || !S.LoadChecks.empty())
    Out += (Out.empty() ? "" : " && ") + std::string(NoAliasFlag);
  if (!S.RowChecks.empty())
    Out += (Out.empty() ? "" : " && ") + std::string(InRowsFlag);
  if (!S.ValueChecks.empty())
    Out += (Out.empty() ? "" : " && ") + std::string(ValuesFlag);
  return Out;
}

llvm::Expected<std::string> printRuntimeChecks(const NestEmitter &E,
                                               const Options &O) {
  const Scop &S = E.S;
  isl::ast_build Build = E.buildInside(0);
  bool Mpi = isMpi(O.TargetBackend);
  std::string Rows = printRowChecks(E, Build);
  if (!Rows.empty() && Mpi)
    Rows += agree(InRowsFlag, E.Agreed);
  std::string Values = printValueChecks(E, Build);
  if (!Values.empty() && Mpi)
    Values += agree(ValuesFlag, E.Agreed);
  Rows += Values;
  if (S.AliasChecks.empty() && S.LoadChecks.empty())
    return Rows;
  std::string Names, Code;
  for (const AliasCheck &C : S.AliasChecks) {
    const ArrayBounds &A = S.Bounds[C.First], &B = S.Bounds[C.Second];
    isl::set Both = A.Touched.intersect(B.Touched).intersect(S.Context);
    // No parameters where both are touched (a write whose guard never
    // holds): nothing to compare, and no box to print.
    if (Both.is_empty().is_true())
      continue;
    Names +=
        std::string(Names.empty() ? "" : ", ") + A.Array + " and " + B.Array;
    isl::ast_build In = Build.restrict(Both);
    std::string Size = lastBytes(S, A);
    auto BeginA = address(E, In, A, A.Min, "");
    auto EndA = address(E, In, A, A.Max, Size);
    Size = lastBytes(S, B);
    auto BeginB = address(E, In, B, B.Min, "");
    auto EndB = address(E, In, B, B.Max, Size);
    for (auto *X : {&BeginA, &EndA, &BeginB, &EndB})
      if (!*X)
        return X->takeError();
    std::string Cond;
    if (!S.Context.is_subset(Both).is_true())
      Cond = "(" + E.Exprs.print(Build.expr_from(Both)) + ") &&\n      ";
    Code += "  if (" + Cond + "!(" + *EndA + " <=\n        " + *BeginB +
            " ||\n        " + *EndB + " <=\n        " + *BeginA + "))\n    " +
            NoAliasFlag + " = 0;\n";
  }
  // Per written array, its box once, then each load it must miss.
  std::vector<std::string> Written;
  for (unsigned Bound = 0; Bound < S.Bounds.size(); ++Bound) {
    if (llvm::none_of(S.LoadChecks,
                      [&](const LoadCheck &C) { return C.Bound == Bound; }))
      continue;
    const ArrayBounds &A = S.Bounds[Bound];
    isl::set Touched = A.Touched.intersect(S.Context);
    if (Touched.is_empty().is_true())
      continue;
    Written.push_back(A.Array);
    isl::ast_build In = Build.restrict(Touched);
    std::string Size = lastBytes(S, A);
    auto Begin = address(E, In, A, A.Min, "");
    auto End = address(E, In, A, A.Max, Size);
    for (auto *X : {&Begin, &End})
      if (!*X)
        return X->takeError();
    std::string Cond = std::string(LoadedFlag) + " &&\n      ";
    if (!S.Context.is_subset(A.Touched).is_true())
      Cond += "(" + E.Exprs.print(Build.expr_from(A.Touched)) + ") &&\n      ";
    for (const LoadCheck &C : S.LoadChecks) {
      if (C.Bound != Bound)
        continue;
      const InvariantLoad &L = S.Loads[C.Load];
      // A row table's bytes: its entries of the rows touched.
      std::string At = "(uintptr_t)&(" + L.Object + ")",
                  Bytes = "sizeof(" + L.Object + ")";
      if (!L.Stride.empty()) {
        At = "(uintptr_t)&" + L.Text + "[" + L.Name + "_lo]";
        Bytes = "(uintptr_t)(" + L.Name + "_hi - " + L.Name +
                "_lo + 1) * sizeof(" + L.Text + "[0])";
      }
      Code += "  if (" + Cond + "!(" + *End + " <=\n        " + At +
              " ||\n        " + At + " + " + Bytes + " <=\n        " +
              *Begin + "))\n    " + NoAliasFlag + " = 0;\n";
    }
  }
  std::string Loads;
  if (!Written.empty()) {
    std::vector<std::string> LoadNames;
    for (const InvariantLoad &L : S.Loads)
      LoadNames.push_back(L.Text);
    Loads = "the writes to " + llvm::join(Written, ", ") + " miss " +
            llvm::join(LoadNames, ", ");
  }
  if (!Names.empty())
    Names += " do not overlap";
  if (!Loads.empty())
    Names += (Names.empty() ? "" : "; ") + Loads;
  if (Names.empty())
    Names = "none (the writes it would compare never run)";
  std::string Out = "  /* hetile: run-time alias check: " + Names +
                    " */\n  int " + NoAliasFlag + " = 1;\n" + Code;
  if (Mpi)
    Out += agree(NoAliasFlag, E.Agreed);
  return Out + Rows;
}

std::string aliasFallbackReport(const Scop &S) {
  std::string Where = S.Span.Begin.File + ":" +
                      std::to_string(S.Span.Begin.Line) + " (" + S.Function +
                      ")";
  std::string Out, LoadNames;
  bool Tables = false;
  for (const InvariantLoad &L : S.Loads) {
    LoadNames += (LoadNames.empty() ? "" : ", ") + L.describe();
    Tables |= !L.Stride.empty();
  }
  if (!S.Loads.empty())
    Out += "if (!" + std::string(LoadedFlag) +
           " && hetile_env_stats())\n"
           "      fprintf(stderr, \"hetile: %s: %s not read before the nest" +
           (Tables ? " (or the rows not equally spaced)" : "") +
           ": the original nest ran\\n\", " +
           quoted(Where) + ", " + quoted(LoadNames) + ");\n";
  if (!S.AliasChecks.empty() || !S.LoadChecks.empty())
    Out += std::string(Out.empty() ? "" : "    ") + "if (!" + NoAliasFlag +
           " && hetile_env_stats())\n"
           "      fprintf(stderr, \"hetile: %s: " +
           (S.AliasChecks.empty() ? "a write may reach " + LoadNames
            : S.LoadChecks.empty()
                ? std::string("arrays may overlap")
                : "arrays may overlap, or a write may reach " + LoadNames) +
           ": the original nest ran\\n\", " + quoted(Where) + ");\n";
  if (!S.RowChecks.empty())
    Out += std::string(Out.empty() ? "" : "    ") + "if (!" + InRowsFlag +
           " && hetile_env_stats())\n"
           "      fprintf(stderr, \"hetile: %s: subscripts may leave their "
           "rows: the original nest ran\\n\", " +
           quoted(Where) + ");\n";
  if (!S.ValueChecks.empty()) {
    std::string Facts;
    for (const ValueCheck &C : S.ValueChecks)
      Facts += (Facts.empty() ? "" : "; ") + C.Text;
    Out += std::string(Out.empty() ? "" : "    ") + "if (!" + ValuesFlag +
           " && hetile_env_stats())\n"
           "      fprintf(stderr, \"hetile: %s: %s does not hold: the "
           "original nest ran\\n\", " +
           quoted(Where) + ", " + quoted(Facts) + ");\n";
  }
  return Out;
}

std::string printFallbackGuard(const Scop &S, const std::string &Checks,
                               const std::string &Note,
                               const std::string &Cond,
                               const std::string &Tiled,
                               llvm::StringRef Original,
                               const std::string &AfterChecks,
                               const std::string &Loop,
                               llvm::StringRef InPart,
                               const std::string &BeforeOriginal) {
  std::string Out = Checks + AfterChecks + Note + Loop + "  if (" + Cond +
                    ") {\n" +
                    Tiled +
                    "  } else {\n"
                    "#ifdef HETILE_FALLBACK_ABORT\n    abort();\n#endif\n";
  if (!Checks.empty())
    Out += "    " + aliasFallbackReport(S);
  Out += BeforeOriginal;
  // The original text keeps its lines under #line directives.
  auto Copy = [&](llvm::StringRef Text) {
    return S.Span.Begin.Offset == ~0u ? Text.str()
                                      : tagLines(Text, S.Span.Begin.Offset);
  };
  if (!InPart.empty())
    Out += "    if (hetile_profit_whole(hetile_part)) {\n    " +
           Copy(Original) + "\n    } else {\n    " + Copy(InPart) +
           "\n    }";
  else
    Out += "    " + Copy(Original);
  return Out + "\n  }\n" + (Loop.empty() ? "" : "  }\n");
}

} // namespace hetile
