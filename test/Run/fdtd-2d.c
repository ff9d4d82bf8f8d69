// Differential execution: PolyBench fdtd-2d (four statements per time step,
// 1D boundary and three 2D updates of different extents; fused, shifted and
// skewed to a band of depth 3), C89 iterators whose final values are printed.
// The kernel and its sizes: test/Inputs.
// RUN: %differential %S/../Inputs/fdtd-2d.c --work %t
