//===- StripsCodeGen.cpp - code of the strips schedule ---------------------===//
//
// [RD02] Rastello & Dauxois, IPDPS 2002, sections 3.2-3.3 and 5: the rows
// split into one strip per thread, time into bands; within a band every
// thread computes its strip and the halo its strip needs. The shape of the
// generated block (docs/strips.md says why it is race-free):
//
//   plan = hetile_strips_create(...)          rows, steps, dependences
//   parallel:
//     calibrate; single: hetile_strips_prepare (width, heights)
//     each thread: a private copy of every written array, indexed from row 0
//     loop: single: next band (or leave)       -- barrier
//           copy in the rows the band touches, shared -> private, but
//             those the thread owned in the band before
//           for each step of the band:
//             the original statements on the private copies, each statement
//             over the rows of its window (strip and halo at that step)
//           barrier
//           copy out the thread's own rows, private -> shared: those
//             others may copy in next, all of them after the last band
//
// Each statement instance computed by a thread reads the values the
// original reads (the halo closes the flow dependences backward over the
// band), so the results are bit-identical.
//
// On MPI ranks (--backend=mpi, mpi+omp) the same block runs on every rank,
// its threads being processors rank * T + thread of one plan over all the
// ranks' threads (mpi: T = 1, no OpenMP), on the rank's own arrays:
//
//   hetile_mpi_begin (no tile columns: the communicator, the cycle times)
//   plan = hetile_strips_mpi_create(...); each written array registered
//   parallel (mpi+omp):
//     loop: single: next band                  -- barrier
//           single: hetile_strips_mpi_exchange: the rows other ranks owned
//             in the band before that this rank reads, sent and received
//             (every thread has copied its rows out by then)
//           the band as above, in a compute bracket (emulated speeds)
//   hetile_strips_mpi_final: each rank's last strip to every rank (or 0)
//
//===----------------------------------------------------------------------===//

#include "AliasCheckCode.h"
#include "NestEmitter.h"
#include "PointLoopPrinter.h"
#include "ProfitCode.h"

#include "hetile/CodeGen/StripsCodeGen.h"

#include <isl/ast.h>

namespace hetile {

namespace {

const char *const ReportError =
    "fprintf(stderr, \"hetile: error: %s\\n\", hetile_last_error());";

/// { [r] : Lo <= r <= Hi } over the parameters \p Lo and \p Hi.
isl::set window(isl::ctx Ctx, const std::string &Lo, const std::string &Hi) {
  isl::space Space = makeSetSpace(makeParamSpace(Ctx, {Lo, Hi}), "", {""});
  isl::local_space LS(Space);
  isl::set W = isl::set::universe(Space);
  W = W.add_constraint(isl::constraint::alloc_inequality(LS)
                           .set_coefficient_si(isl::dim::set, 0, 1)
                           .set_coefficient_si(isl::dim::param, 0, -1));
  return W.add_constraint(isl::constraint::alloc_inequality(LS)
                              .set_coefficient_si(isl::dim::set, 0, -1)
                              .set_coefficient_si(isl::dim::param, 1, 1));
}

/// { [t] : t = Now } over the parameter \p Now.
isl::set fixedTo(isl::ctx Ctx, const std::string &Now) {
  isl::space Space = makeSetSpace(makeParamSpace(Ctx, {Now}), "", {""});
  return isl::set::universe(Space).add_constraint(
      isl::constraint::alloc_equality(isl::local_space(Space))
          .set_coefficient_si(isl::dim::set, 0, 1)
          .set_coefficient_si(isl::dim::param, 0, -1));
}

std::string windowLo(unsigned K) { return "hetile_a" + std::to_string(K); }
std::string windowHi(unsigned K) { return "hetile_b" + std::to_string(K); }

/// The statements of one time step `hetile_t`, each over the rows of its
/// window: their original schedule, restricted.
isl::union_map stepSchedule(const Scop &S, const StripsPlan &P) {
  isl::ctx Ctx = S.Context.ctx();
  isl::union_map Result = isl::union_map::empty(Ctx);
  isl::set Now = fixedTo(Ctx, "hetile_t");
  for (unsigned K = 0; K < S.Stmts.size(); ++K) {
    const ScopStmt &Stmt = S.Stmts[K];
    isl::set Dom = Stmt.Domain
                       .intersect(Now.apply(P.Stmts[K].Time.reverse()))
                       .intersect(window(Ctx, windowLo(K), windowHi(K))
                                      .apply(P.Stmts[K].Row.reverse()));
    Result = Result.unite(isl::union_map(Stmt.Schedule.intersect_domain(Dom)));
  }
  return Result;
}

/// The union over the statements of \p F(k) (sets of one anonymous
/// dimension).
template <typename Fn> isl::set unionOf(const Scop &S, Fn F) {
  isl::set U;
  for (unsigned K = 0; K < S.Stmts.size(); ++K) {
    isl::set X = F(K);
    U = U.is_null() ? X : U.unite(X);
  }
  return U;
}

/// `const long Name = <lowest or highest of Set>;`, or \p Empty where Set
/// is empty.
llvm::Expected<std::string> bound(NestEmitter &E, const isl::ast_build &Build,
                                  const isl::set &Set, bool Max,
                                  const std::string &Name, long Empty) {
  isl::pw_aff PA = Max ? Set.dim_max(0) : Set.dim_min(0);
  isl::set Where = PA.domain();
  auto Value = E.print(Build, PA, Name);
  if (!Value)
    return Value.takeError();
  std::string Decl = "  const long " + Name + " = ";
  if (Where.is_equal(E.Params.params()).is_true() ||
      E.Params.is_subset(Where).is_true())
    return Decl + *Value + ";\n";
  isl::ast_expr Cond = Build.expr_from(Where);
  if (Cond.is_null())
    return makeCodeGenError("cannot test where " + Name + " is defined");
  return Decl + "(" + E.Exprs.print(Cond) + ") ? " + *Value + " : " +
         std::to_string(Empty) + ";\n";
}

/// `double (*const A)[N]` (with \p Name) or, with an empty name, the cast
/// type `double (*)[N]`.
std::string rowPointer(const ScopArray &A, const std::string &Name) {
  std::string Rows;
  for (size_t K = 1; K < A.Extents.size(); ++K)
    Rows += "[" + A.Extents[K] + "]";
  if (Rows.empty())
    return A.ElementType + (Name.empty() ? " *" : " *const " + Name);
  return A.ElementType + " (*" + (Name.empty() ? "" : "const " + Name) + ")" +
         Rows;
}

/// The bytes of one row of \p Array, as C: `sizeof(A[0])`, or for a flat
/// array read as one with rows (ScopArray::RowExtents), the recovered
/// lengths times its element's size, `(size_t)(n) * sizeof(a[0])`.
std::string rowBytes(const Scop &S, const std::string &Array) {
  std::string Bytes = "sizeof(" + Array + "[0])";
  if (const ScopArray *A = S.findArray(Array))
    for (auto L = A->RowExtents.rbegin(); L != A->RowExtents.rend(); ++L)
      Bytes = "(size_t)(" + *L + ") * " + Bytes;
  return Bytes;
}

std::string copyName(const std::string &Array) {
  return "hetile_copy_" + Array;
}

std::string shadowName(const StripsPlan::Shadow &Sh) {
  return "hetile_shadow_" + Sh.Pointer;
}

/// Whether the statements reach \p Array through a member (a Shadow's).
bool reachedThroughMember(const StripsPlan &P, const std::string &Array) {
  return llvm::any_of(P.Shadows, [&](const StripsPlan::Shadow &Sh) {
    return llvm::any_of(Sh.Members,
                        [&](const auto &M) { return M.first == Array; });
  }) || llvm::any_of(P.Bares, [&](const StripsPlan::Bare &B) {
    return B.Array == Array;
  });
}

std::string valueName(const StripsPlan::Shadow &Sh) {
  return "hetile_value_" + Sh.Pointer;
}

std::string offsetName(const StripsPlan::Shadow &Sh, size_t K) {
  return "hetile_offset_" + Sh.Pointer + "_" + std::to_string(K);
}

/// `Decl = Alloc;` and, where the allocation fails, a message naming
/// \p What and exit(1); each line indented by \p Indent.
std::string allocateOrExit(const std::string &Indent, const std::string &Decl,
                           const std::string &Name, const std::string &Alloc,
                           const std::string &What) {
  return Indent + Decl + " = " + Alloc + ";\n" +
         Indent + "if (!" + Name + ") {\n" +
         Indent + "  fprintf(stderr, \"hetile: error: no memory for a copy "
                  "of '" + What + "'\\n\");\n" +
         Indent + "  exit(1);\n" +
         Indent + "}\n";
}

/// Per struct pointer g of StripsPlan::Shadows, before the parallel region:
/// a copy of *g's bytes and the offsets of the members the threads
/// replace. The region then never names g: a pointer the region captures
/// escapes into the OpenMP runtime, and the compiler, no longer knowing
/// what *g holds after any call, compiles the original nest of the other
/// branch without what it knew of g's members (GCC then neither turns its
/// copy loops into memcpy nor vectorizes them as in the original).
std::string shadowValues(const StripsPlan &P) {
  std::string Out;
  for (const StripsPlan::Shadow &Sh : P.Shadows) {
    const std::string &G = Sh.Pointer, Name = valueName(Sh);
    Out += "  /* *" + G + " and its members' offsets, read before the "
           "threads start: the region never names " + G + " */\n" +
           allocateOrExit("  ", "void *const " + Name, Name,
                          "malloc(sizeof(*" + G + "))", "*" + G) +
           "  memcpy(" + Name + ", " + G + ", sizeof(*" + G + "));\n";
    for (size_t K = 0; K < Sh.Members.size(); ++K)
      Out += "  const size_t " + offsetName(Sh, K) + " = (size_t)((const char *)&" +
             G + "->" + Sh.Members[K].second + " - (const char *)" + G + ");\n";
  }
  return Out;
}

/// Per struct pointer g of StripsPlan::Shadows, after the thread's copies
/// are allocated: a copy of *g (of shadowValues' bytes) whose members point
/// to them. The statements' text then runs on the copies under a `g` of
/// its own.
std::string shadowCode(const StripsPlan &P) {
  std::string Out;
  for (const StripsPlan::Shadow &Sh : P.Shadows) {
    const std::string &G = Sh.Pointer, Name = shadowName(Sh);
    Out += "      /* a copy of *" + G + " whose members point to this "
           "thread's copies */\n" +
           allocateOrExit("      ", "__typeof__(" + G + ") const " + Name, Name,
                          "(__typeof__(" + G + "))malloc(sizeof(*" + G + "))",
                          "*" + G) +
           "      memcpy((void *)" + Name + ", " + valueName(Sh) + ", sizeof(*" +
           G + "));\n";
    for (size_t K = 0; K < Sh.Members.size(); ++K) {
      const auto &[Array, Member] = Sh.Members[K];
      Out += "      {\n"
             "        __typeof__(" + G + "->" + Member + ") const hetile_m = "
             "(__typeof__(" + G + "->" + Member + "))" + copyName(Array) + ";\n"
             "        memcpy((char *)" + Name + " + " + offsetName(Sh, K) +
             ", &hetile_m, sizeof hetile_m);\n"
             "      }\n";
    }
  }
  return Out;
}

/// The lowest and highest row of each written array the nest touches.
llvm::Expected<std::string> arrayRows(NestEmitter &E, const isl::ast_build &B,
                                      const Scop &S, const StripsPlan &P) {
  std::string Out;
  for (const std::string &Array : P.Written) {
    isl::set Rows;
    for (const ScopStmt &Stmt : S.Stmts)
      for (const MemoryAccess &A : Stmt.Accesses) {
        if (A.Array != Array)
          continue;
        isl::map M = A.Relation.intersect_domain(Stmt.Domain);
        unsigned N = unsigned(M.range_tuple_dim().release());
        isl::set R = M.project_out(isl::dim::out, 1, N - 1).range();
        R = isl::manage(isl_set_reset_tuple_id(R.release()));
        Rows = Rows.is_null() ? R : Rows.unite(R);
      }
    for (bool Max : {false, true}) {
      auto D = bound(E, B, Rows, Max,
                     (Max ? "hetile_amax_" : "hetile_amin_") + Array,
                     Max ? -1 : 0);
      if (!D)
        return D.takeError();
      Out += *D;
    }
  }
  return Out;
}

const char *const MpiFail =
    "fprintf(stderr, \"hetile: error: rank %d: %s\\n\", hetile_rank, "
    "hetile_last_error());";

/// `if (Call < 0) { report; abort }` on MPI ranks, at \p Indent.
std::string mpiCheck(unsigned Indent, const std::string &Call) {
  std::string In = spaces(Indent);
  return In + "if (" + Call + " < 0) {\n" + In + "  " + MpiFail + "\n" + In +
         "  hetile_mpi_abort(hetile_m, 1);\n" + In + "}\n";
}

/// On MPI ranks: the nest's communicator and cycle times (hetile_mpi_begin,
/// no tile columns), the plan over the threads of every rank, and the
/// written arrays the ranks exchange.
std::string mpiPlanCode(const Scop &S, const StripsPlan &P,
                        const StripsTarget &Tg) {
  std::string Out =
      "  hetile_mpi *hetile_m = 0;\n"
      "  if (hetile_mpi_begin(0, &hetile_m) < 0) {\n"
      "    fprintf(stderr, \"hetile: error: rank %d: %s\\n\", "
      "hetile_mpi_world_rank(),\n"
      "            hetile_last_error());\n"
      "    hetile_mpi_abort(0, 1);\n"
      "  }\n"
      "  const int hetile_rank = hetile_mpi_rank(hetile_m);\n";
  Out += Tg.Threads ? ompQuery(2, "const int hetile_nth", "omp_get_max_threads()",
                               "1")
                    : "  const int hetile_nth = 1;\n";
  Out += "  hetile_strips_mpi *hetile_sm = 0;\n" +
         mpiCheck(2, "hetile_strips_mpi_create(hetile_m, hetile_nth, " +
                         std::to_string(S.Stmts.size()) + ", hetile_reach, " +
                         std::to_string(P.Edges.size()) +
                         ", hetile_edges,\n"
                         "      hetile_rlo, hetile_rhi, hetile_tlo, hetile_thi, "
                         "&hetile_sm)") +
         "  hetile_strips *const hetile_s = hetile_strips_mpi_plan(hetile_sm);\n"
         "  /* threads per rank: processor hetile_rank * hetile_p + thread */\n"
         "  const int hetile_p = hetile_strips_mpi_threads(hetile_sm);\n"
         "  int hetile_err = 0;\n";
  for (size_t K = 0; K < P.Written.size(); ++K) {
    const std::string &A = P.Written[K];
    // Whether a band reads the array's values of the band before.
    bool Carried = llvm::is_contained(P.Carried, A);
    Out += mpiCheck(2, "hetile_strips_mpi_array(hetile_sm, " +
                           std::to_string(K) + ", (void *)" + A + ", " +
                           rowBytes(S, A) + ", hetile_amin_" + A + ",\n" +
                           "                              hetile_amax_" + A +
                           ", " + (Carried ? "1" : "0") + ")");
  }
  return Out;
}

/// `static const long Name[] = {...};`: 6 longs per edge.
std::string edgeTable(const std::string &Name,
                      const std::vector<StripsEdge> &Edges) {
  std::string Out = "  static const long " + Name + "[] = {";
  for (unsigned K = 0; K < Edges.size(); ++K) {
    const StripsEdge &Ed = Edges[K];
    Out += std::string(K ? ",\n      " : "") + std::to_string(Ed.Source) +
           ", " + std::to_string(Ed.Sink) + ", " + std::to_string(Ed.TimeMin) +
           ", " + std::to_string(Ed.TimeMax) + ", " + std::to_string(Ed.RowMin) +
           ", " + std::to_string(Ed.RowMax);
  }
  if (Edges.empty())
    Out += "0";
  return Out + "};\n";
}

/// The sub-tiles' order (hetile_strips_order): every dependence and the
/// bytes of a row of the written arrays; nothing without sub-tiles.
std::string orderCode(const Scop &S, const StripsPlan &P,
                      const std::string &OnError) {
  if (!P.SubTiles)
    return "";
  std::string Bytes;
  for (const std::string &A : P.Written)
    Bytes += (Bytes.empty() ? "" : " + ") + rowBytes(S, A);
  return "  if (hetile_strips_order(hetile_s, " +
         std::to_string(P.OrderEdges.size()) + ", hetile_order, " + Bytes +
         ") < 0) {\n    " + OnError + "\n  }\n";
}

/// The nest's rows and steps and the plan's tables, then the runtime's plan.
/// \p Decided: the threads come from the run-time decision (hetile_run).
llvm::Expected<std::string> planCode(NestEmitter &E, const Scop &S,
                                     const StripsPlan &P,
                                     const StripsTarget &Tg, bool Decided) {
  isl::ast_build B = isl::ast_build::from_context(E.Params);
  isl::set Steps = unionOf(S, [&](unsigned K) {
    return S.Stmts[K].Domain.apply(P.Stmts[K].Time);
  });
  isl::set Rows = unionOf(S, [&](unsigned K) {
    return S.Stmts[K].Domain.apply(P.Stmts[K].Row);
  });
  std::string Out;
  for (auto [Set, Max, Name, Empty] :
       {std::tuple(Steps, false, "hetile_tlo", 0L),
        std::tuple(Steps, true, "hetile_thi", -1L),
        std::tuple(Rows, false, "hetile_rlo", 0L),
        std::tuple(Rows, true, "hetile_rhi", -1L)}) {
    auto D = bound(E, B, Set, Max, Name, Empty);
    if (!D)
      return D.takeError();
    Out += *D;
  }
  auto Arrays = arrayRows(E, B, S, P);
  if (!Arrays)
    return Arrays.takeError();
  Out += *Arrays;
  Out += "  static const long hetile_reach[] = {";
  for (unsigned K = 0; K < P.Stmts.size(); ++K)
    Out += (K ? ", " : "") + std::to_string(P.Stmts[K].ReachLow) + ", " +
           std::to_string(P.Stmts[K].ReachHigh);
  Out += "};\n" + edgeTable("hetile_edges", P.Edges);
  if (P.SubTiles)
    Out += edgeTable("hetile_order", P.OrderEdges);
  if (Tg.Mpi)
    return Out + mpiPlanCode(S, P, Tg) +
           orderCode(S, P, std::string(MpiFail) +
                            "\n    hetile_mpi_abort(hetile_m, 1);");
  Out += Decided ? "  const int hetile_p = hetile_run;\n"
                 : ompQuery(2, "const int hetile_p", "omp_get_max_threads()",
                            "1");
  Out += "  hetile_strips *hetile_s = 0;\n"
         "  int hetile_err = hetile_strips_create(hetile_p, " +
         std::to_string(S.Stmts.size()) + ", hetile_reach, " +
         std::to_string(P.Edges.size()) +
         ", hetile_edges,\n"
         "      hetile_rlo, hetile_rhi, hetile_tlo, hetile_thi, &hetile_s);\n"
         "  if (hetile_err < 0) {\n    " + ReportError +
         "\n    exit(1);\n  }\n";
  return Out + orderCode(S, P, std::string(ReportError) + "\n    exit(1);");
}

/// One time step of the band on the private copies.
llvm::Error stepCode(NestEmitter &E, const Scop &S, const StripsPlan &P,
                     std::string &Out) {
  const std::string In(12, ' ');
  Out += In + "const long hetile_t = hetile_t0 + hetile_step;\n";
  for (unsigned K = 0; K < S.Stmts.size(); ++K)
    Out += In + "long " + windowLo(K) + ", " + windowHi(K) + ";\n" + In +
           (P.SubTiles ? "hetile_strips_subwindow(" : "hetile_strips_window(") +
           "hetile_s, hetile_me, hetile_step, " + std::to_string(K) +
           (P.SubTiles ? ", hetile_sub" : "") + ", &" + windowLo(K) + ", &" +
           windowHi(K) + ");\n";
  Out += In + "{\n";
  for (const std::string &Array : P.Written) {
    if (reachedThroughMember(P, Array))
      continue;
    const ScopArray *A = S.findArray(Array);
    Out += In + "  " + rowPointer(*A, Array) + " = (" + rowPointer(*A, "") +
           ")" + copyName(Array) + ";\n";
  }
  for (const StripsPlan::Shadow &Sh : P.Shadows)
    Out += In + "  __typeof__(" + Sh.Pointer + ") const " + Sh.Pointer +
           " = " + shadowName(Sh) + ";\n";
  // A vector member of `this` named bare: a pointer of its name hides it.
  for (const StripsPlan::Bare &B : P.Bares)
    Out += In + "  " + B.Type + " const " + B.Member + " = (" + B.Type + ")" +
           copyName(B.Array) + ";\n";
  isl::ast_build Build = isl::ast_build::from_context(E.Params);
  isl::ast_node Node = Build.node_from_schedule_map(stepSchedule(S, P));
  if (Node.is_null())
    return makeCodeGenError("isl failed to generate the loops of a step");
  Out += In + "  /* hetile: tile loops */\n";
  std::set<std::string> Taken = E.takenNames();
  PointLoopPrinter Printer(S, E.Exprs, Taken);
  Printer.print(Node, 14, Out);
  Out += In + "}\n";
  return E.checkBudget();
}

/// Copies of each written array between shared and private rows: the two
/// ranges of \p Rows.
std::string copies(const Scop &S, const StripsPlan &P, bool In,
                   const std::string &Rows) {
  std::string Out;
  for (const std::string &A : P.Written) {
    std::string Shared = "(void *)" + A, Private = copyName(A);
    for (const char *Part : {"0", "2"}) {
      std::string Lo = Rows + "[" + Part + "]",
                  Hi = Rows + "[" + Part + " + 1]";
      Out += "        hetile_strips_copy(" + (In ? Private : Shared) + ", " +
             (In ? Shared : Private) + ", " + rowBytes(S, A) + ",\n" +
             "                           hetile_max(" + Lo + ", hetile_amin_" +
             A + "), hetile_min(" + Hi + ", hetile_amax_" + A + "));\n";
    }
  }
  return Out;
}

/// `#pragma omp X` where threads run the strips, else nothing.
std::string pragma(const StripsTarget &Tg, const std::string &X) {
  return Tg.Threads ? "#pragma omp " + X + "\n" : "";
}

llvm::Error regionCode(NestEmitter &E, const Scop &S, const StripsPlan &P,
                       const StripsTarget &Tg, std::string &Out) {
  const std::string Threads = Tg.Threads ? "hetile_p" : "";
  Out += shadowValues(P) + "  int hetile_more = 0;\n" +
         ompThreadsBegin(2, Threads) + pragma(Tg, "parallel") + "  {\n";
  if (!Tg.Mpi) {
    Out += ompQuery(4, "const int hetile_me", "omp_get_thread_num()", "0") +
           "    if (hetile_strips_needs_calibration(hetile_s))\n"
           "      (void)hetile_strips_calibrate(hetile_s, hetile_me);\n"
           "#pragma omp barrier\n";
  } else {
    Out += Tg.Threads
               ? ompQuery(4, "const int hetile_th", "omp_get_thread_num()", "0")
               : "    const int hetile_th = 0;\n";
    Out += "    const int hetile_me = hetile_rank * hetile_p + hetile_th;\n";
    if (Tg.Threads)
      Out += "#pragma omp single\n" +
             mpiCheck(4, "hetile_mpi_threads(hetile_m, hetile_p)");
  }
  Out += pragma(Tg, "single") +
         "    if ((hetile_err = hetile_strips_prepare(hetile_s)) < 0)\n"
         "      " + ReportError + "\n"
         "    if (hetile_err == 0) {\n";
  for (const std::string &A : P.Written)
    Out += allocateOrExit("      ", "void *const " + copyName(A), copyName(A),
                          "malloc((size_t)(hetile_amax_" + A + " + 1) * " +
                              rowBytes(S, A) + " + 1)",
                          A);
  Out += shadowCode(P);
  Out += "      for (;;) {\n" + pragma(Tg, "single") +
         "        hetile_more = hetile_strips_next_band(hetile_s);\n"
         "        if (!hetile_more)\n"
         "          break;\n";
  if (Tg.Mpi)
    Out += "        /* the rows other ranks owned in the band before that\n"
           "           this rank reads, once every thread published its "
           "own */\n" +
           pragma(Tg, "single") +
           mpiCheck(8, "hetile_strips_mpi_exchange(hetile_sm)");
  Out += "        /* what the band asks of this thread, read before the\n"
         "           next band replaces it */\n"
         "        long hetile_t0, hetile_n, hetile_in[4], hetile_out[4];\n"
         "        hetile_strips_band(hetile_s, &hetile_t0, &hetile_n);\n"
         "        hetile_strips_fetch(hetile_s, hetile_me, hetile_in);\n"
         "        hetile_strips_publish(hetile_s, hetile_me, hetile_out);\n" +
         copies(S, P, true, "hetile_in");
  std::string End;
  if (Tg.Mpi && Tg.Threads) {
    Out += "        (void)hetile_mpi_thread_compute_begin(hetile_m, hetile_th);\n";
    End = "        (void)hetile_mpi_thread_compute_end(hetile_m, hetile_th, 1);\n";
  } else if (Tg.Mpi) {
    Out += "        (void)hetile_mpi_compute_begin(hetile_m);\n";
    End = "        (void)hetile_mpi_compute_end(hetile_m, 1);\n";
  }
  if (P.SubTiles)
    Out += "        /* sub-tiles of the strip, from the bottom up, each over "
           "the band's steps */\n"
           "        const long hetile_nsub = hetile_strips_subtiles(hetile_s, "
           "hetile_me);\n"
           "        for (long hetile_sub = 0; hetile_sub < hetile_nsub; "
           "hetile_sub++)\n";
  Out += "        for (long hetile_step = 0; hetile_step < hetile_n; "
         "hetile_step++) {\n";
  if (auto Err = stepCode(E, S, P, Out))
    return Err;
  Out += "        }\n" + End + pragma(Tg, "barrier") +
         copies(S, P, false, "hetile_out") + "      }\n";
  for (const StripsPlan::Shadow &Sh : P.Shadows)
    Out += "      free((void *)" + shadowName(Sh) + ");\n";
  for (const std::string &A : P.Written)
    Out += "      free(" + copyName(A) + ");\n";
  Out += "    }\n"
         "  }\n" +
         ompThreadsEnd(2, Threads);
  for (const StripsPlan::Shadow &Sh : P.Shadows)
    Out += "  free(" + valueName(Sh) + ");\n";
  if (!Tg.Mpi) {
    Out += "  if (hetile_err < 0)\n"
           "    exit(1);\n"
           "  if (hetile_strips_verbose(hetile_s))\n"
           "    fprintf(stderr, \"%s\\n\", hetile_strips_describe(hetile_s));\n"
           "  hetile_strips_destroy(hetile_s);\n";
    return llvm::Error::success();
  }
  Out += "  if (hetile_err < 0)\n"
         "    hetile_mpi_abort(hetile_m, 1);\n"
         "  /* hetile: final values of the arrays written, to " +
         std::string(Tg.GatherRoot ? "rank 0" : "every rank") +
         ": each rank's last strip */\n" +
         mpiCheck(2, "hetile_strips_mpi_final(hetile_sm, " +
                         std::string(Tg.GatherRoot ? "1" : "0") + ")") +
         "  if (hetile_strips_verbose(hetile_s)) {\n"
         "    (void)hetile_mpi_final_to(hetile_m, \"" +
         finalValuesTo(Tg.GatherRoot, S) + "\");\n"
         "    if (hetile_rank == 0)\n"
         "      fprintf(stderr, \"%s\\n\", hetile_strips_describe(hetile_s));\n"
         "    fprintf(stderr, \"%s\\n%s\\n\", hetile_strips_mpi_describe(hetile_sm),\n"
         "            hetile_mpi_stats(hetile_m));\n"
         "  }\n"
         "  hetile_strips_mpi_destroy(hetile_sm);\n"
         "  if (hetile_mpi_end(hetile_m) < 0) {\n"
         "    " + MpiFail + "\n"
         "    hetile_mpi_abort(0, 1);\n"
         "  }\n";
  return llvm::Error::success();
}

} // namespace

llvm::Expected<std::string>
generateStripsNest(const Scop &S, const StripsPlan &P, const TiledNest &T,
                   llvm::ArrayRef<LoopExit> Exits, IslBudget *Budget,
                   const StripsTarget &Tg, llvm::StringRef Original) {
  NestEmitter E(S, T);
  E.Budget = Budget;
  for (const std::string &A : P.Written)
    if (!S.findArray(A))
      return makeCodeGenError("no declaration for '" + A + "'");
  std::string Strips =
      std::string("  /* hetile: strips with redundant tasks ([RD02]): rows "
                  "split among the ") +
      (Tg.Mpi ? std::string(Tg.Threads ? "threads of the MPI ranks"
                                       : "MPI ranks")
              : std::string("threads")) +
      ", bands of time steps */\n";
  // The run-time decision (hetile_profit_begin) runs the strips on every
  // thread or the original nest, whichever has been fastest at this call
  // site and size (never the strips on one thread of several: their
  // redundant halos pay only for a second processor); on MPI ranks, the
  // strips on the ranks or the original on every rank, every rank
  // choosing alike (E.Agreed).
  bool Decide = !Original.empty() && (Tg.Mpi || Tg.Threads);
  E.Agreed = Decide && Tg.Mpi;
  auto Plan = planCode(E, S, P, Tg, Decide && !Tg.Mpi);
  if (!Plan)
    return Plan.takeError();
  Strips += *Plan;
  if (auto Err = regionCode(E, S, P, Tg, Strips))
    return std::move(Err);
  auto Loads = printLoads(E);
  if (!Loads)
    return Loads.takeError();
  std::string Out = "{\n" + *Loads;
  if (runtimeCheckFlags(S).empty() && !Decide) {
    Out += Strips;
  } else {
    if (Original.empty())
      return makeCodeGenError("the nest's run-time checks need its original text");
    Options O;
    O.TargetBackend = Tg.Mpi ? (Tg.Threads ? Backend::MpiOmp : Backend::Mpi)
                             : Backend::Omp;
    auto Checks = printRuntimeChecks(E, O);
    if (!Checks)
      return Checks.takeError();
    std::string Cond, Tiled = indentBy(Strips, 2);
    if (Decide) {
      auto D = printProfitDecision(E, /*Threads=*/!Tg.Mpi, "strips",
                                   /*OneThread=*/false, false, "", E.Agreed);
      if (!D)
        return D.takeError();
      Out += *D;
      Cond = ProfitRuns;
      Tiled = ProfitRan + Tiled;
    }
    if (!runtimeCheckFlags(S).empty())
      Cond += (Cond.empty() ? "" : " && ") + runtimeCheckFlags(S);
    Out += printFallbackGuard(S, *Checks, "", Cond, Tiled, Original,
                              Decide ? ProfitError : "");
    if (Decide)
      Out += printProfitEnd(E.Agreed);
  }
  if (auto Err = E.exitValues(Exits, Out))
    return std::move(Err);
  if (auto Err = E.checkBudget())
    return std::move(Err);
  return Out + "}";
}

} // namespace hetile
