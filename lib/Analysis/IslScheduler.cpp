//===- IslScheduler.cpp - isl's scheduler, bounded and configured ----------===//
//
// The raw isl C calls of the Analysis stage live here: options have no C++
// binding. The options follow Polly's ScheduleOptimizer defaults for tiling:
// no outer coincidence (we want permutable bands, not parallel loops),
// maximal band depth, neither whole-component scheduling nor serialized
// SCCs, so that statements in sibling loops can be fused into one band, and
// schedule coefficients and constant terms of at most 20.
//
//===----------------------------------------------------------------------===//

#include "IslScheduler.h"

#include <isl/options.h>
#include <isl/schedule.h>

namespace hetile {
namespace analysis {

namespace {

/// The largest coefficient and constant term of a schedule row (Polly's
/// defaults): they bound the scheduler's integer programs, whose pivots on
/// large numbers otherwise cost seconds each, and no band we tile needs a
/// larger skew or shift.
constexpr int ScheduleMaxCoefficient = 20;

/// Sets the scheduler options and the operation quota on construction and
/// restores the previous values on destruction.
class SchedulerOptionsScope {
public:
  explicit SchedulerOptionsScope(isl_ctx *Ctx)
      : Ctx(Ctx), OnError(isl_options_get_on_error(Ctx)),
        OuterCoincidence(isl_options_get_schedule_outer_coincidence(Ctx)),
        MaximizeBandDepth(isl_options_get_schedule_maximize_band_depth(Ctx)),
        WholeComponent(isl_options_get_schedule_whole_component(Ctx)),
        SerializeSccs(isl_options_get_schedule_serialize_sccs(Ctx)),
        MaxCoefficient(isl_options_get_schedule_max_coefficient(Ctx)),
        MaxConstantTerm(isl_options_get_schedule_max_constant_term(Ctx)),
        MaxOperations(isl_ctx_get_max_operations(Ctx)) {
    isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
    isl_options_set_schedule_outer_coincidence(Ctx, 0);
    isl_options_set_schedule_maximize_band_depth(Ctx, 1);
    isl_options_set_schedule_whole_component(Ctx, 0);
    isl_options_set_schedule_serialize_sccs(Ctx, 0);
    isl_options_set_schedule_max_coefficient(Ctx, ScheduleMaxCoefficient);
    isl_options_set_schedule_max_constant_term(Ctx, ScheduleMaxCoefficient);
    isl_ctx_reset_error(Ctx); // so that a quota error below is ours
    isl_ctx_reset_operations(Ctx);
    isl_ctx_set_max_operations(Ctx, SchedulerMaxOperations);
  }

  ~SchedulerOptionsScope() {
    isl_ctx_set_max_operations(Ctx, MaxOperations);
    isl_ctx_reset_operations(Ctx);
    isl_options_set_schedule_max_constant_term(Ctx, MaxConstantTerm);
    isl_options_set_schedule_max_coefficient(Ctx, MaxCoefficient);
    isl_options_set_schedule_serialize_sccs(Ctx, SerializeSccs);
    isl_options_set_schedule_whole_component(Ctx, WholeComponent);
    isl_options_set_schedule_maximize_band_depth(Ctx, MaximizeBandDepth);
    isl_options_set_schedule_outer_coincidence(Ctx, OuterCoincidence);
    isl_options_set_on_error(Ctx, OnError);
  }

  SchedulerOptionsScope(const SchedulerOptionsScope &) = delete;
  SchedulerOptionsScope &operator=(const SchedulerOptionsScope &) = delete;

private:
  isl_ctx *Ctx;
  int OnError, OuterCoincidence, MaximizeBandDepth, WholeComponent,
      SerializeSccs, MaxCoefficient, MaxConstantTerm;
  unsigned long MaxOperations;
};

} // namespace

isl::schedule computeTilingSchedule(const isl::union_set &Domains,
                                    const isl::union_map &Deps,
                                    const isl::set &Context,
                                    const isl::union_map &Proximity) {
  if (Domains.is_null() || Deps.is_null())
    return {};
  isl_ctx *Ctx = Domains.ctx().get();
  isl::schedule Result;
  {
    SchedulerOptionsScope Scope(Ctx);
    isl::union_map Near = Deps;
    if (!Proximity.is_null())
      Near = Near.unite(Proximity);
    if (Near.is_null()) {
      isl_ctx_reset_error(Ctx);
      return {};
    }
    isl::schedule_constraints SC =
        isl::schedule_constraints::on_domain(Domains)
            .set_validity(Deps)
            .set_proximity(Near)
            .set_coincidence(isl::union_map::empty(Domains.ctx()));
    if (!Context.is_null())
      SC = SC.set_context(Context);
    Result = SC.compute_schedule();
    if (isl_ctx_last_error(Ctx) == isl_error_quota)
      Result = isl::schedule();
  }
  if (Result.is_null())
    isl_ctx_reset_error(Ctx);
  return Result;
}

} // namespace analysis
} // namespace hetile
