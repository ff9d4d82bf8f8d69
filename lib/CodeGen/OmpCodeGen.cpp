//===- OmpCodeGen.cpp - Tiles in parallel with OpenMP ---------------------===//
//
// Two schedules of the tiles of a fully permutable band (every tile-level
// dependence distance is >= 0 in every band dimension):
//
// Pipeline (the default), [BDRV98] section 3.2 with threads as processors:
// the tiles along the last band dimension are the columns; the runtime
// (hetile_sched_*) allocates them to threads in blocks sized to each
// thread's speed; every thread computes its blocks in column order, row by
// row inside a block (rows: the other band dimensions, lexicographically);
// before a row it waits until the column left of its block has finished
// that row, after it posts its last column (the skeleton of BlockSchedule.h,
// shared with the mpi backends); where no dependence crosses the columns
// (TiledNest::IndependentColumns) it neither waits nor posts. Rows scan the
// bounding box of the band, so that all threads number them alike:
//
//   #pragma omp parallel
//   {  ... create (single), calibrate (all), allocate (single) ...
//     for (b = 0; hetile_sched_block(s, me, b, &first, &last); b++) {
//       long row = 0;
//       for (long hetile_ti = <box>; ...)                   rows
//       { hetile_sched_wait(s, first - 1, row);
//         for (long hetile_tj = col0 + first * T1; ...)      columns
//           <point loops>
//         hetile_sched_post(s, last, row); row++; } } }
//
// Wavefront: tiles whose tile coordinates have the same sum form a
// wavefront; they are independent (a dependence increases the sum by at
// least 1), so each wavefront is an `omp for`, and its implicit barrier
// separates wavefronts.
//
// The point loops of a tile run in a function of their own, called per
// tile, where the statements can leave their function (OutlinedTile.h): in
// the parallel region gcc vectorizes none over a VLA of 3 dimensions.
//
// Without -fopenmp the code still compiles and runs on one thread.
//
//===----------------------------------------------------------------------===//

#include "BlockSchedule.h"
#include "NestEmitter.h"
#include "OutlinedTile.h"

namespace hetile {

std::string ompQuery(unsigned Indent, const std::string &Decl,
                     const std::string &Call, const std::string &Serial) {
  return "#ifdef _OPENMP\n" + spaces(Indent) + Decl + " = " + Call +
         ";\n#else\n" + spaces(Indent) + Decl + " = " + Serial +
         ";\n#endif\n";
}

std::string ompThreadsBegin(unsigned Indent, const std::string &Count) {
  if (Count.empty())
    return "";
  return "#ifdef _OPENMP\n" + spaces(Indent) +
         "const int hetile_omp_threads = omp_get_max_threads();\n" +
         spaces(Indent) + "omp_set_num_threads(" + Count + ");\n#endif\n";
}

std::string ompThreadsEnd(unsigned Indent, const std::string &Count) {
  if (Count.empty())
    return "";
  return "#ifdef _OPENMP\n" + spaces(Indent) +
         "omp_set_num_threads(hetile_omp_threads);\n#endif\n";
}

namespace {

struct BoxDim {
  std::string Lower, Upper; ///< C text, parameters only
};

llvm::Expected<std::vector<BoxDim>> boxBounds(const NestEmitter &E) {
  std::vector<BoxDim> Box;
  isl::ast_build Build = E.buildInside(0);
  for (const TileDim &D : E.N.Dims) {
    auto L = E.print(Build, D.GlobalLower, "the lower bound of " + D.Origin);
    if (!L)
      return L.takeError();
    auto U = E.print(Build, D.GlobalUpper, "the upper bound of " + D.Origin,
                     /*Comparand=*/true);
    if (!U)
      return U.takeError();
    Box.push_back({*L, *U});
  }
  return Box;
}

/// The first aligned origin of band dimension M of the box.
std::string boxStart(const NestEmitter &E, const BoxDim &B, unsigned M) {
  const std::string &T = E.N.Dims[M].Size;
  return "hetile_floord(" + B.Lower + ", " + T + ") * " + T;
}

/// The error report of the runtime call that set hetile_err.
const char *const ReportError =
    "fprintf(stderr, \"hetile: error: %s\\n\", hetile_last_error());";

/// Creation, calibration and allocation of the schedule inside the parallel
/// region; leaves hetile_err < 0 on every thread after a failure.
std::string pipelineSetup() {
  std::string S;
  S += ompQuery(6, "const int hetile_me", "omp_get_thread_num()", "0");
  S += "#pragma omp single\n"
       "      {\n";
  S += ompQuery(8, "const int hetile_p", "omp_get_num_threads()", "1");
  S += "        hetile_err = hetile_sched_create(hetile_p, hetile_ncols, "
       "&hetile_s);\n"
       "        if (hetile_err < 0)\n"
       "          " + std::string(ReportError) + "\n"
       "      }\n"
       "      if (hetile_err == 0 && hetile_sched_needs_calibration(hetile_s))\n"
       "        (void)hetile_sched_calibrate(hetile_s, hetile_me);\n"
       "#pragma omp barrier\n"
       "#pragma omp single\n"
       "      {\n"
       "        if (hetile_err == 0 && (hetile_err = "
       "hetile_sched_allocate(hetile_s)) < 0)\n"
       "          " + std::string(ReportError) + "\n"
       "      }\n";
  return S;
}

/// Prints the code of the tile whose origins are declared, at an indent.
using TileCode = llvm::function_ref<llvm::Error(unsigned, std::string &)>;

llvm::Error emitPipeline(NestEmitter &E, const std::vector<BoxDim> &Box,
                         TileCode Tile, std::string &Out) {
  const TiledNest &N = E.N;
  unsigned C = N.ColumnDim;
  const TileDim &Col = N.Dims[C];
  Out += "  /* hetile: tile columns along band dimension " + std::to_string(C) +
         ", allocated to threads in blocks by the runtime */\n"
         "  const long hetile_col0 = " + boxStart(E, Box[C], C) + ";\n"
         "  const long hetile_ncols = " + Box[C].Upper +
         " >= hetile_col0\n"
         "      ? (" + Box[C].Upper + " - hetile_col0) / " + Col.Size +
         " + 1 : 0;\n"
         "  if (hetile_ncols > 0) {\n"
         "    hetile_sched *hetile_s = 0;\n"
         "    int hetile_err = 0;\n" +
         ompThreadsBegin(4, E.Threads) +
         "#pragma omp parallel" + E.firstprivateClause() + "\n"
         "    {\n" +
         pipelineSetup() +
         "      if (hetile_err == 0) {\n"
         "        const int hetile_emul = hetile_sched_timing(hetile_s);\n"
         "        long hetile_b, hetile_first, hetile_last;\n";
  BlockSchedule P;
  P.BlockLoop = "for (hetile_b = 0; hetile_sched_block(hetile_s, hetile_me, "
                "hetile_b, &hetile_first,\n"
                "                                               &hetile_last); "
                "hetile_b++)";
  P.Marker = "/* hetile: tile loops */";
  // Rows scan the row dimensions with the tight bounds of the seq backend
  // when the columns are the last band dimension: a row dimension's bounds
  // then depend on the outer row origins only, so every thread numbers the
  // rows alike, and the rows where no point lies (most of a skewed band's
  // bounding box: 96% for heat-3d) are never visited.
  bool Tight = C + 1 == N.Dims.size();
  for (unsigned M = 0; M < N.Dims.size(); ++M) {
    P.RowStart.push_back(boxStart(E, Box[M], M));
    P.RowUpper.push_back(Box[M].Upper);
    if (!Tight || M == C)
      continue;
    const TileDim &D = N.Dims[M];
    auto L = E.print(E.buildInside(M), D.Lower, "the lower bound of " + D.Origin);
    auto U = E.print(E.buildInside(M), D.Upper, "the upper bound of " + D.Origin,
                     /*Comparand=*/true);
    if (!L)
      return L.takeError();
    if (!U)
      return U.takeError();
    P.RowStart[M] = "hetile_floord(" + *L + ", " + D.Size + ") * " + D.Size;
    P.RowUpper[M] = *U;
  }
  // The slab's tile rows along band dimensions 0 and 1 (hetile_refine_next:
  // its boundaries are multiples of the slab's sizes, so the aligned
  // origins inside them hold whole tiles).
  for (unsigned M = 0; E.Refine && M < 2 && M < N.Dims.size(); ++M) {
    if (M == C)
      continue;
    std::string I = std::to_string(M);
    P.RowStart[M] =
        "hetile_max(" + P.RowStart[M] + ", hetile_slab_lo[" + I + "])";
    P.RowUpper[M] =
        "hetile_min(" + P.RowUpper[M] + ", hetile_slab_hi[" + I + "])";
  }
  // Columns that no dependence crosses: the blocks run without waiting
  // for each other (doitgen's band, which carries no dependence at all).
  P.Wait = N.IndependentColumns
               ? "/* hetile: no dependence crosses the columns: no waiting */\n"
                 "(void)hetile_row;\n"
               : "hetile_sched_wait(hetile_s, hetile_first - 1, hetile_row);\n";
  P.Wait += "const double hetile_clock = hetile_emul ? hetile_timer_thread_cpu() : 0;\n";
  P.Post = "if (hetile_emul)\n"
           "  (void)hetile_sched_work_done(hetile_s, hetile_me,\n"
           "                               hetile_timer_thread_cpu() - hetile_clock);\n";
  if (!N.IndependentColumns)
    P.Post += "hetile_sched_post(hetile_s, hetile_last, hetile_row);\n";
  if (auto Err = printBlockSchedule(E, P, 8, Out, Tile))
    return Err;
  Out += "      }\n"
         "    }\n" +
         ompThreadsEnd(4, E.Threads) +
         "    if (hetile_err < 0)\n"
         "      exit(1);\n"
         "    if (hetile_sched_verbose(hetile_s))\n"
         "      fprintf(stderr, \"%s\\n\", hetile_sched_describe(hetile_s));\n"
         "    hetile_sched_destroy(hetile_s);\n"
         "  }\n";
  return llvm::Error::success();
}

llvm::Error emitWavefront(NestEmitter &E, const std::vector<BoxDim> &Box,
                          TileCode Tile, std::string &Out) {
  const TiledNest &N = E.N;
  unsigned K = N.Dims.size();
  auto Idx = [](const char *Name, unsigned M) {
    return std::string(Name) + std::to_string(M);
  };
  Out += "  /* hetile: tile wavefronts (tiles of equal coordinate sum run in "
         "parallel) */\n";
  std::string Count = "1", NonEmpty, Sum;
  for (unsigned M = 0; M < K; ++M) {
    Out += "  const long " + Idx("hetile_start", M) + " = " +
           boxStart(E, Box[M], M) + ";\n"
           "  const long " + Idx("hetile_n", M) + " = " + Box[M].Upper +
           " >= " + Idx("hetile_start", M) + "\n      ? (" + Box[M].Upper +
           " - " + Idx("hetile_start", M) + ") / " + N.Dims[M].Size +
           " + 1 : 0;\n";
    NonEmpty += (M ? " && " : "") + Idx("hetile_n", M) + " > 0";
    Sum += (M ? " + " : "") + Idx("hetile_n", M);
    if (M + 1 < K)
      Count += " * " + Idx("hetile_n", M);
  }
  Out += "  if (" + NonEmpty + ") {\n"
         "    const long hetile_nw = " + Sum + " - " + std::to_string(K - 1) +
         ";\n" +
         ompThreadsBegin(4, E.Threads) +
         "#pragma omp parallel" + E.firstprivateClause() + "\n"
         "    for (long hetile_w = 0; hetile_w < hetile_nw; hetile_w++) {\n"
         "      long hetile_k;\n"
         "#pragma omp for schedule(dynamic)\n"
         "      for (hetile_k = 0; hetile_k < " + Count + "; hetile_k++) {\n";
  if (K > 1)
    Out += "        long hetile_r = hetile_k;\n";
  for (unsigned M = K - 1; M-- > 0;) {
    if (M == 0) {
      Out += "        const long hetile_x0 = hetile_r;\n";
      break;
    }
    Out += "        const long " + Idx("hetile_x", M) + " = hetile_r % " +
           Idx("hetile_n", M) + ";\n"
           "        hetile_r /= " + Idx("hetile_n", M) + ";\n";
  }
  std::string Last = Idx("hetile_x", K - 1);
  Out += "        const long " + Last + " = hetile_w";
  for (unsigned M = 0; M + 1 < K; ++M)
    Out += " - " + Idx("hetile_x", M);
  Out += ";\n"
         "        if (" + Last + " < 0 || " + Last + " >= " +
         Idx("hetile_n", K - 1) + ")\n"
         "          continue;\n"
         "        /* hetile: tile loops */\n";
  // (void): the point loops of a band that is constant over its domain
  // (one point) do not read the origins.
  for (unsigned M = 0; M < K; ++M)
    Out += "        const long " + N.Dims[M].Origin + " = " +
           Idx("hetile_start", M) + " + " + Idx("hetile_x", M) + " * " +
           N.Dims[M].Size + ";\n        (void)" + N.Dims[M].Origin + ";\n";
  if (auto Err = Tile(8, Out))
    return Err;
  Out += "      }\n"
         "    }\n" +
         ompThreadsEnd(4, E.Threads) + "  }\n";
  return llvm::Error::success();
}

} // namespace

std::string ompNumProcs() {
  return ompQuery(2, "const int hetile_nprocs", "omp_get_max_threads()", "1");
}

llvm::Error emitOmpLoops(NestEmitter &E, const Options &O, std::string &Out) {
  auto Box = boxBounds(E);
  if (!Box)
    return Box.takeError();
  OutlinedTile Outlined;
  std::string WhyNot;
  auto IsOutlined = outlineTile(E, Outlined, WhyNot);
  if (!IsOutlined)
    return IsOutlined.takeError();
  if (*IsOutlined)
    E.Outlined += Outlined.Function;
  auto Tile = [&](unsigned Indent, std::string &Out) -> llvm::Error {
    if (!*IsOutlined) {
      Out += spaces(Indent) + "/* hetile: point loops inline: " + WhyNot +
             " */\n";
      return E.pointLoops(E.buildInBox(), Indent, Out);
    }
    Out += indentBy(Outlined.Call, Indent) + "\n";
    return llvm::Error::success();
  };
  if (O.OmpSchedKind == OmpSchedule::Wavefront)
    return emitWavefront(E, *Box, Tile, Out);
  return emitPipeline(E, *Box, Tile, Out);
}

} // namespace hetile
