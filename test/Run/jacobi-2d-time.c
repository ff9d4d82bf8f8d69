// Differential execution: time-iterated Jacobi 2D (PolyBench jacobi-2d),
// A -> B then B -> A each step, C99 iterators; a band of depth 3 after
// shifting and skewing. The kernel and its sizes: test/Inputs.
// RUN: %differential %S/../Inputs/jacobi-2d-time.c --work %t
