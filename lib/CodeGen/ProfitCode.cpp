//===- ProfitCode.cpp - The run-time decision of a nest as C text ---------===//

#include "ProfitCode.h"

#include "AliasCheckCode.h"

#include "llvm/Support/Path.h"

#include <isl/set.h>

namespace hetile {

std::string pointsOfCall(const NestEmitter &E, const Scop &S,
                         const isl::set &Context) {
  isl::ast_build Build = E.buildInside(0);
  std::string Out;
  for (const ScopStmt &Stmt : S.Stmts) {
    isl::set D = Stmt.Domain.intersect_params(Context);
    isl_size N = D.tuple_dim().release();
    if (D.is_null() || N < 0)
      return "";
    std::string Term = "1.0";
    for (isl_size K = 0; K < N; ++K) {
      isl::pw_aff Ext = D.dim_max(K).sub(D.dim_min(K)).add_constant(1);
      if (Ext.is_null())
        return "";
      // Total over the parameters (0 where the statement does not run).
      isl::set Params = Context.is_null()
                            ? D.params().universe(D.params().get_space())
                            : Context;
      isl::pw_aff Zero(Params, isl::val::zero(Ext.ctx()));
      Ext = isl::manage(isl_pw_aff_union_max(Ext.release(), Zero.release()))
                .coalesce();
      auto Text = E.print(Build, Ext, "the extent of a loop", true);
      if (!Text) {
        llvm::consumeError(Text.takeError());
        return "";
      }
      Term += " * (double)" + *Text;
    }
    Out += (Out.empty() ? "" : " + ") + Term;
  }
  return Out;
}

llvm::Expected<std::string> printProfitDecision(const NestEmitter &E,
                                                bool Threads,
                                                const std::string &What,
                                                bool OneThread, bool Parts,
                                                const std::string &Given,
                                                bool Agreed) {
  const Scop &S = E.S;
  isl::ast_build Build = E.buildInside(0);
  std::string Points = Given;
  // The statements' own extents: the band's box is not the work of a call
  // where the band is skewed (a time-stepped stencil's (t, t + i) box
  // counts (2T + n)^2 T points for the T n^2 of its statements, nine times
  // them at T = n) or where a statement lies in loops below the band
  // (doitgen's sums under a band (r, q)); the band's extents where isl
  // cannot give the statements'.
  if (Points.empty())
    Points = pointsOfCall(E, S, E.N.Context);
  bool BandPoints = Points.empty();
  if (BandPoints)
    Points = "1.0";
  for (unsigned M = 0; BandPoints && M < E.N.Dims.size(); ++M) {
    isl::pw_aff Ext = E.N.Dims[M].Extent.intersect_params(E.N.Context);
    auto Text = E.print(Build, Ext,
                        "the extent of band dimension " + std::to_string(M),
                        /*Comparand=*/true);
    if (!Text)
      return Text.takeError();
    Points += " * (double)" + *Text;
  }
  std::string Where = llvm::sys::path::filename(S.Span.Begin.File).str() +
                      ":" + std::to_string(S.Span.Begin.Line) + " (" +
                      S.Function + ")";
  std::string Out =
      "  /* hetile: the original nest, or the " + What +
      (Agreed      ? " on the ranks (every rank\n     choosing alike)"
       : OneThread ? " on one thread or on every\n     thread"
                   : " on every thread") +
      ", whichever has been fastest at this size (hetile_profit_begin) */\n";
  bool Slot = S.StaticLocalsAllowed;
  if (Slot)
    Out += "  static hetile_profit_slot hetile_site;\n";
  // The omp code asks OpenMP for its threads only where the runtime is
  // entered (hetile_profit_fast_original): the first OpenMP call starts
  // LLVM's OpenMP runtime.
  bool Lazy = Threads && Slot && !Agreed;
  const char *MaxProcs = "omp_in_parallel() ? 1 : omp_get_max_threads()";
  if (Lazy)
    Out += "  int hetile_maxprocs = 1;\n";
  else if (Threads)
    Out += ompQuery(2, "const int hetile_maxprocs", MaxProcs, "1");
  else
    Out += "  const int hetile_maxprocs = 1;\n";
  std::string Begin = std::string("hetile_profit_begin(\n") +
                      "      hetile_profit_" +
                      (Agreed      ? "agreed_"
                       : OneThread ? ""
                                   : "parallel_") +
                      "site_get(" + (Slot ? "&hetile_site" : "0") + ", " +
                      quoted(Where) +
                      "),\n"
                      "      hetile_points, hetile_maxprocs, &hetile_pc);\n";
  Out += "  hetile_profit_call hetile_pc;\n"
         "  const double hetile_points = " + Points + ";\n";
  if (Lazy)
    // The calls that run the original inline, then OpenMP's threads and
    // most calls of a settled size class (hetile_profit_fast_agreed).
    Out += "  int hetile_run = hetile_profit_fast_original(&hetile_site, "
           "hetile_points,\n"
           "                                              &hetile_pc);\n"
           "  if (hetile_run == HETILE_PROFIT_SLOW) {\n" +
           ompQuery(4, "hetile_maxprocs", MaxProcs, "1") +
           "    hetile_run = hetile_profit_fast_agreed(&hetile_site, "
           "hetile_points,\n"
           "                                           hetile_maxprocs, "
           "&hetile_pc);\n"
           "    if (hetile_run == HETILE_PROFIT_SLOW)\n"
           "      hetile_run = " + indentBy(Begin, 4).substr(4) + "  }\n";
  else if (Slot)
    // Most calls of a settled size class: inline (hetile_profit_fast).
    Out += std::string("  int hetile_run = hetile_profit_fast") +
           (Agreed ? "_agreed" : "") +
           "(&hetile_site, hetile_points, hetile_maxprocs,\n"
           "                                     &hetile_pc);\n"
           "  if (hetile_run == HETILE_PROFIT_SLOW)\n"
           "    hetile_run = " + Begin;
  else
    Out += "  int hetile_run = " + Begin;
  Out += "  int hetile_ran = 0;\n";
  if (Parts)
    Out += "  long hetile_part[2];\n";
  return Out;
}

namespace {

/// Whether each statement's loops other than the outermost have bounds
/// that do not depend on its iterator: the domain is the product of its
/// projections on dimension 0 and on the others.
bool rectangularAlongFirst(const ScopStmt &Stmt) {
  isl::set D = Stmt.Domain;
  unsigned N = unsigned(D.tuple_dim().release());
  if (N < 1)
    return false;
  if (N == 1)
    return true;
  isl::set First = D.project_out(isl::dim::set, 1, N - 1)
                       .add_dims(isl::dim::set, N - 1);
  isl::set Rest =
      D.project_out(isl::dim::set, 0, 1).insert_dims(isl::dim::set, 0, 1);
  isl::id Id = D.get_tuple_id();
  isl::set Box = First.set_tuple_id(Id).intersect(Rest.set_tuple_id(Id));
  return !Box.is_null() && D.is_equal(Box).is_true();
}

/// The offset of the `)` that ends the header of the `for` at the start of
/// \p Text (after blanks), or npos: parentheses counted outside comments,
/// string and character literals; a directive in the header gives npos.
size_t endOfForHeader(llvm::StringRef Text) {
  size_t I = Text.find_first_not_of(" \t\r\n");
  if (I == llvm::StringRef::npos || !Text.substr(I).starts_with("for"))
    return llvm::StringRef::npos;
  I += 3;
  int Depth = 0;
  for (; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '*') {
      I = Text.find("*/", I + 2);
      if (I == llvm::StringRef::npos)
        return I;
      ++I;
    } else if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '/') {
      I = Text.find('\n', I);
      if (I == llvm::StringRef::npos)
        return I;
    } else if (C == '"' || C == '\'') {
      for (++I; I < Text.size() && Text[I] != C; ++I)
        if (Text[I] == '\\')
          ++I;
      if (I >= Text.size())
        return llvm::StringRef::npos;
    } else if (C == '#') {
      return llvm::StringRef::npos;
    } else if (C == '(') {
      ++Depth;
    } else if (C == ')') {
      if (--Depth == 0)
        return I;
      if (Depth < 0)
        return llvm::StringRef::npos;
    } else if (Depth == 0 && C != ' ' && C != '\t' && C != '\r' &&
               C != '\n') {
      return llvm::StringRef::npos;
    }
  }
  return llvm::StringRef::npos;
}

} // namespace

std::optional<std::string> originalInParts(const NestEmitter &E,
                                           llvm::StringRef Original,
                                           bool Sequential) {
  const Scop &S = E.S;
  if (S.Loops.empty() || E.N.Dims.empty() || S.Loops[0].Step < 1)
    return std::nullopt;
  const std::string &I = S.Loops[0].Iterator;
  if (E.N.Dims[0].Origin != "hetile_t" + I)
    return std::nullopt;
  // Not a skewed band: its pipeline's ramp would weigh on a part far more
  // than on the call. One thread has no pipeline: its inner dimensions
  // may be skewed (their tile loops' bounds follow the part's origin).
  for (const TileDim &D : E.N.Dims)
    if (isSkewedDim(D) && !Sequential)
      return std::nullopt;
  for (const ScopStmt &Stmt : S.Stmts)
    if (Stmt.LoopIds.empty() || Stmt.LoopIds[0] != 0 ||
        Stmt.Iterators.empty() || Stmt.Iterators[0] != I ||
        !rectangularAlongFirst(Stmt))
      return std::nullopt;
  size_t Header = endOfForHeader(Original);
  if (Header == llvm::StringRef::npos)
    return std::nullopt;
  std::string Guard = " if ((long)(" + I + ") < hetile_part[0] || (long)(" +
                      I + ") > hetile_part[1]) continue;";
  llvm::StringRef Body = Original.drop_front(Header + 1);
  size_t Start = Body.find_first_not_of(" \t\r\n");
  if (Start == llvm::StringRef::npos)
    return std::nullopt;
  std::string Head = Original.take_front(Header + 1).str();
  if (Body[Start] == '{')
    return Head + Body.take_front(Start + 1).str() + Guard +
           Body.drop_front(Start + 1).str();
  // An unbraced body: braced, the guard first.
  if (Body.substr(Start).starts_with("/") || Body.substr(Start).starts_with("#"))
    return std::nullopt;
  return Head + Body.take_front(Start).str() + "{" + Guard + " " +
         Body.drop_front(Start).str() + " }";
}

llvm::Expected<std::string> printPartsLoop(const NestEmitter &E,
                                           const std::string &TiledOk) {
  isl::ast_build Build = E.buildInside(0);
  auto Lo = E.print(Build, E.N.Dims[0].GlobalLower,
                    "the lower bound of band dimension 0");
  if (!Lo)
    return Lo.takeError();
  auto Ext = E.print(Build,
                     E.N.Dims[0].Extent.intersect_params(E.N.Context),
                     "the extent of band dimension 0", /*Comparand=*/true);
  if (!Ext)
    return Ext.takeError();
  // The last value: the lower bound plus the extent (>= 1) less one.
  std::string Hi = "(" + *Lo + ") + " + *Ext + " - 1";
  return "  /* hetile: the call in parts of its outermost loop: a first call "
         "tries each\n     way on a part (hetile_profit_parts) */\n"
         "  hetile_profit_parts(&hetile_pc, " + *Lo + ", " + Hi + ", " +
         TiledOk + ");\n"
         "  while (hetile_profit_part(&hetile_pc, &hetile_run, hetile_part)) "
         "{\n";
}

const char *const ProfitError =
    "  if (hetile_run < 0) {\n"
    "    fprintf(stderr, \"hetile: error: %s\\n\", hetile_last_error());\n"
    "    exit(1);\n"
    "  }\n";

const char *const ProfitRuns = "hetile_run > 0";

const char *const ProfitRan = "    hetile_ran = hetile_run;\n";

std::string printProfitEnd(bool Agreed) {
  if (Agreed)
    return "  {\n"
           "    /* hetile: a timed call records the slowest rank's time */\n"
           "    const int hetile_changed = hetile_mpi_profit_end(&hetile_pc, "
           "hetile_ran);\n"
           "    if (hetile_changed < 0) {\n"
           "      fprintf(stderr, \"hetile: error: %s\\n\", "
           "hetile_last_error());\n"
           "      hetile_mpi_abort(NULL, 1);\n"
           "    }\n"
           "    if (hetile_changed > 0 && hetile_env_stats() && "
           "hetile_mpi_world_rank() == 0)\n"
           "      fprintf(stderr, \"%s\\n\", "
           "hetile_profit_describe(&hetile_pc));\n"
           "  }\n";
  return "  if (hetile_profit_end(&hetile_pc, hetile_ran) && "
         "hetile_env_stats())\n"
         "    fprintf(stderr, \"%s\\n\", hetile_profit_describe(&hetile_pc));\n";
}

} // namespace hetile
