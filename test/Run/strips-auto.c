// Differential execution of a nest that --omp-schedule=auto runs as strips
// (test/Analyze/strips-auto.c checks the choice itself): jacobi-1d over a
// constant 2000 rows (test/Inputs/jacobi-1d-rows.c), whose pipelined band
// is skewed. The harness checks that the rewrite ran the nest as strips and
// that the strips ran (HETILE_STATS), under the strips' widths, threads and
// speeds.
// RUN: %differential %S/../Inputs/jacobi-1d-rows.c --work %t --backends=omp-auto-strips
