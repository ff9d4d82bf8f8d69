//===- ExitValue.cpp - What a loop leaves in its iterator -----------------===//

#include "hetile/CodeGen/ExitValue.h"

#include <sstream>

namespace hetile {

namespace {

llvm::Error makeError(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// { [o_1..o_n] -> [o'_1..o'_n] } negating the dimensions of downward loops:
/// the lexicographic maximum of the image is the last iteration executed.
isl::map executionOrder(isl::ctx Ctx, unsigned N,
                        const std::vector<long> &Steps) {
  std::ostringstream OS;
  OS << "{ [";
  for (unsigned J = 0; J < N; ++J)
    OS << (J ? ", " : "") << "o" << J;
  OS << "] -> [";
  for (unsigned J = 0; J < N; ++J)
    OS << (J ? ", " : "") << (J < Steps.size() && Steps[J] < 0 ? "-o" : "o")
       << J;
  OS << "] }";
  return isl::map(Ctx, OS.str());
}

} // namespace

llvm::Expected<isl::pw_aff> computeExitValue(const LoopExit &L, long Step) {
  if (Step == 0)
    return makeError("loop step is 0");
  if (L.EntryDomain.is_null() || L.Iterations.is_null() || L.Init.is_null())
    return makeError("incomplete loop exit information");
  unsigned N = unsigned(L.EntryDomain.tuple_dim().release());
  if (unsigned(L.Iterations.tuple_dim().release()) != N + 1)
    return makeError("loop iterations must have one more dimension than the "
                     "entry domain");

  // p*: the last outer iteration (in execution order) reaching the header.
  isl::map Order = executionOrder(L.EntryDomain.ctx(), N, L.OuterSteps);
  isl::set Last = L.EntryDomain.apply(Order).lexmax().apply(Order);

  // Ran at least once at p*: the last value plus the step.
  isl::set AtLast = L.Iterations.intersect(Last.add_dims(isl::dim::set, 1))
                        .project_out(isl::dim::set, 0, N);
  isl::pw_aff LastV = Step > 0 ? AtLast.dim_max(0) : AtLast.dim_min(0);
  isl::pw_aff Ran = LastV.add_constant(Step);

  // Did not run at p*: the initial value at p*.
  isl::set InitAtLast = L.Init.intersect_domain(Last).range();
  isl::pw_aff Skipped = InitAtLast.dim_max(0).subtract_domain(Ran.domain());

  isl::pw_aff Result = Ran.union_add(Skipped).coalesce();
  if (Result.is_null())
    return makeError("isl failed to compute the exit value");
  if (!Result.domain().is_equal(L.EntryDomain.params()).is_true())
    return makeError("the initial value is not defined wherever the loop "
                     "header runs");
  // A shared iterator holds this loop's value only where its header ran
  // after those of the other loops of the iterator.
  if (!L.LastOfShared.is_null())
    Result = Result.intersect_params(L.LastOfShared).coalesce();
  if (Result.is_null())
    return makeError("isl failed to compute the exit value");
  return Result;
}

} // namespace hetile
