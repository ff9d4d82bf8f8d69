//===- ProfitCode.cpp - The run-time decision of a nest as C text ---------===//

#include "ProfitCode.h"

#include "AliasCheckCode.h"

#include "llvm/Support/Path.h"

namespace hetile {

llvm::Expected<std::string> printProfitDecision(const NestEmitter &E,
                                                bool Threads,
                                                const std::string &What,
                                                bool OneThread) {
  const Scop &S = E.S;
  isl::ast_build Build = E.buildInside(0);
  std::string Points = "1.0";
  for (unsigned M = 0; M < E.N.Dims.size(); ++M) {
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
      (OneThread ? " on one thread or on every\n     thread"
                 : " on every thread") +
      ", whichever has been fastest at this size (hetile_profit_begin) */\n";
  std::string Slot = "0";
  if (S.StaticLocalsAllowed) {
    Out += "  static hetile_profit_site *hetile_site;\n";
    Slot = "&hetile_site";
  }
  if (Threads)
    Out += ompQuery(2, "const int hetile_maxprocs",
                    "omp_in_parallel() ? 1 : omp_get_max_threads()", "1");
  else
    Out += "  const int hetile_maxprocs = 1;\n";
  Out += std::string("  hetile_profit_call hetile_pc;\n"
                     "  const int hetile_run = hetile_profit_begin(\n"
                     "      hetile_profit_") +
         (OneThread ? "" : "parallel_") +
         "site_get(" + Slot + ", " + quoted(Where) + "),\n"
         "      " + Points + ",\n"
         "      hetile_maxprocs, &hetile_pc);\n"
         "  int hetile_ran = 0;\n";
  return Out;
}

const char *const ProfitError =
    "  if (hetile_run < 0) {\n"
    "    fprintf(stderr, \"hetile: error: %s\\n\", hetile_last_error());\n"
    "    exit(1);\n"
    "  }\n";

const char *const ProfitRuns = "hetile_run > 0";

const char *const ProfitRan = "    hetile_ran = hetile_run;\n";

std::string printProfitEnd() {
  return "  if (hetile_profit_end(&hetile_pc, hetile_ran) && "
         "hetile_env_stats())\n"
         "    fprintf(stderr, \"%s\\n\", hetile_profit_describe(&hetile_pc));\n";
}

} // namespace hetile
