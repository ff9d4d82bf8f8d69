//===- Timer.h - one-time costs of the process, for timing calls -*- C++ -*-===//
//
// The runtime pays some costs once per process, inside the first call that
// needs them: the calibration of the processors (hetile_sched_calibrate)
// and the measurement of the machine's costs (hetile_costs_shared). A part
// of a nest timed to choose how the nest runs (Profit.cpp) leaves them out:
// the nest's later calls will not pay them.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_RUNTIME_TIMER_H
#define HETILE_RUNTIME_TIMER_H

namespace hetile::rt {

/// Adds \p Seconds of wall time spent on a one-time cost.
void addOneTimeSeconds(double Seconds);

/// The wall time spent on one-time costs so far in the process.
double oneTimeSeconds();

} // namespace hetile::rt

#endif
