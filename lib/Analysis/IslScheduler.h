//===- IslScheduler.h - isl's scheduler, bounded and configured -*- C++ -*-===//
//
// Private to lib/Analysis. Runs isl's Pluto-style scheduler with the options
// hetile wants for tiling and a bound on its work, restoring the context's
// options afterwards.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_LIB_ANALYSIS_ISLSCHEDULER_H
#define HETILE_LIB_ANALYSIS_ISLSCHEDULER_H

#include "hetile/Support/IslUtils.h"

namespace hetile {
namespace analysis {

/// How many isl operations one scheduler run may take before it gives up.
constexpr unsigned long SchedulerMaxOperations = 2000000;

/// A schedule of \p Domains that respects every dependence of \p Deps
/// (validity) and keeps them short (proximity), with outermost bands as deep
/// as isl can make them. Returns a null schedule when isl fails or runs out
/// of its operation quota: "no transformation found", never an abort.
/// \p Proximity, where given, joins the dependences as relations to keep
/// short (not to respect).
isl::schedule computeTilingSchedule(const isl::union_set &Domains,
                                    const isl::union_map &Deps,
                                    const isl::set &Context,
                                    const isl::union_map &Proximity = {});

} // namespace analysis
} // namespace hetile

#endif
