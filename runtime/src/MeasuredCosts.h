//===- MeasuredCosts.h - tau_a of [AY98], measured or given -----*- C++ -*-===//
//
// What the measurement of the schedule's costs (SchedCosts.cpp, above the
// thread schedule) takes from the measurement layer.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_RUNTIME_MEASUREDCOSTS_H
#define HETILE_RUNTIME_MEASUREDCOSTS_H

namespace hetile::rt {

/// A 5-point Gauss-Seidel sweep on 64 x 64 doubles, in place: a stand-in for
/// the body of a stencil nest. Seconds of thread CPU time per point, best of
/// 3 runs of 16 sweeps.
double stencilPointSeconds();

/// HETILE_ITERATION_SECONDS when set: Seconds, and true.
bool iterationSeconds(double &Seconds);

} // namespace hetile::rt

#endif
