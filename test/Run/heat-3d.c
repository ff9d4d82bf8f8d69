// Differential execution: PolyBench heat-3d (two 3D 7-point stencils per time
// step, A -> B -> A; shifted and skewed to a band of depth 4), C89 iterators
// whose final values are printed. The kernel and its sizes: test/Inputs.
// RUN: %differential %S/../Inputs/heat-3d.c --work %t
