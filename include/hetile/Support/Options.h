//===- Options.h - The one options struct of hetile -------------*- C++ -*-===//
//
// One options struct travels through the library (STYLE.md habit 6): the
// standalone tool, the Clang plugin and the tests all fill it, nothing reads
// globals or hidden files.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_SUPPORT_OPTIONS_H
#define HETILE_SUPPORT_OPTIONS_H

#include <string>
#include <vector>

namespace hetile {

enum class Backend { Seq, Omp, Mpi, MpiOmp };
/// "seq", "omp", "mpi", "mpi+omp": the spelling of --backend.
const char *getBackendName(Backend B);
/// Whether \p B is mpi or mpi+omp.
inline bool isMpi(Backend B) {
  return B == Backend::Mpi || B == Backend::MpiOmp;
}
/// How the omp backend orders tiles: the pipelined columnwise schedule of
/// Boulet et al. (point-to-point waits), or a barrier per tile wavefront;
/// or, where they apply, Rastello & Dauxois's strips with redundant tasks
/// (Analysis/StripsLegality.h; the pipeline elsewhere); or, with Auto, the
/// strips where they apply and the model says they win
/// (Analysis/StripsChoice.h), the pipeline elsewhere.
enum class OmpSchedule { Pipeline, Wavefront, Strips, Auto };
/// Whether backend \p B can run schedule \p K when it is asked for: every
/// schedule on omp; all but the wavefronts on mpi and mpi+omp (the tool's
/// --omp-schedule and the plugin's omp-schedule= check it alike).
bool isScheduleForBackend(OmpSchedule K, Backend B);
/// The schedule of backend \p B when none is asked for (the tool and the
/// plugin): Auto on omp (time-stepping stencils run as strips where the
/// model prefers them), the pipeline on mpi and mpi+omp.
OmpSchedule getDefaultSchedule(Backend B);
enum class OutputFormat { Text, Json };

struct Options {
  /// Tile every maximal loop nest that qualifies, not only those marked with
  /// `#pragma hetile`.
  bool Auto = false;
  /// Try a legal affine transformation (skewing, shifting, fusion) when the
  /// nest as written is not fully permutable.
  bool AllowSkew = true;
  OutputFormat Format = OutputFormat::Text;
  /// The isl operations each stage of a nest may spend (Support/IslBudget.h);
  /// 0 = unbounded. A nest past it is left as it is (too-complex).
  unsigned long IslMaxOperations = 20000000;
  /// The CPU seconds all the stages of a nest together (analysis,
  /// transformation, code generation) may take; 0 = unbounded.
  double NestTimeBudgetSeconds = 30;
  /// The bytes of C the block replacing one nest may have; 0 = unbounded.
  /// A nest past it is left as it is (codegen-too-large).
  unsigned long MaxNestCodeBytes = 500000;
  /// Run each nest's isl work in a child process first, so that a crash of
  /// isl leaves the nest as it is (isl-crashed) instead of ending the
  /// compiler (Support/Isolation.h). Off: everything in this process (for a
  /// debugger).
  bool IsolateIsl = true;

  // Rewrite options (used by later stages).
  Backend TargetBackend = Backend::Seq;
  OmpSchedule OmpSchedKind = OmpSchedule::Pipeline;
  /// Whether the schedule was asked for (--omp-schedule): then a nest that
  /// strips do not apply to gets a remark saying why.
  bool OmpScheduleGiven = false;
  /// mpi backend: after the nest, the final values reach rank 0 only
  /// (--gather=root) instead of every rank.
  bool GatherRoot = false;
  /// Tile sizes fixed at rewrite time; empty = chosen at run time.
  std::vector<long> TileSizes;
  /// Put `#line` directives in the rewritten file so that compiler messages
  /// and debug info refer to the original lines (the Clang plugin sets it;
  /// `hetile rewrite --line-directives`).
  bool EmitLineDirectives = false;
};

} // namespace hetile

#endif
