// A program built with clang -fopenmp, whose nest runs the original, never
// starts LLVM's OpenMP runtime (OMP_DISPLAY_ENV prints the runtime's
// settings when it starts, about 1.7 ms on the project's machine): the
// generated code asks OpenMP for its threads only where a call enters the
// runtime (hetile_profit_fast_original), and sets the threads of its
// parallel region with omp_set_num_threads, since a num_threads clause
// makes clang ask the runtime for the thread's number at the entry of the
// function that holds it (docs/profitability.md, "OpenMP's start"). Where
// the tiled nest runs (HETILE_PROFIT=0, built with -DHETILE_FALLBACK_ABORT),
// it runs on the threads the program set, and the program's thread count
// is as it was after the nest. Every run prints the original's output.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -std=c99 -O2 %s -o %t/orig
// RUN: %hetile rewrite %s --backend=omp -o %t/omp.c -- -std=c99
// RUN: %clang -std=c99 -O2 -fopenmp %rt_cflags %t/omp.c -o %t/omp %rt_libs
// RUN: %clang -std=c99 -O2 -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags %t/omp.c -o %t/omp-tiled %rt_libs
// RUN: %t/orig 8 > %t/want-8
// RUN: env -u HETILE_PROFIT -u HETILE_STATS OMP_DISPLAY_ENV=true %t/omp 8 > %t/got-8 2> %t/err-8
// RUN: diff %t/want-8 %t/got-8
// RUN: FileCheck %s --check-prefix=QUIET --input-file=%t/err-8 --allow-empty
// RUN: %t/orig 300 3 > %t/want-300
// RUN: env HETILE_PROFIT=0 HETILE_STATS=1 OMP_DISPLAY_ENV=true %t/omp-tiled 300 3 > %t/got-300 2> %t/err-300
// RUN: sed '/^threads after/d' %t/got-300 | diff %t/want-300 -
// RUN: FileCheck %s --check-prefix=TILED --input-file=%t/err-300
// RUN: FileCheck %s --check-prefix=AFTER --input-file=%t/got-300

// QUIET-NOT: OPENMP DISPLAY ENVIRONMENT
// TILED: OPENMP DISPLAY ENVIRONMENT BEGIN
// TILED: hetile: 3 processors,
// AFTER: threads after the nest: 3

#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static void sweep(int n, double A[n][n]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = 0.5 * (A[i - 1][j] + A[i][j - 1]) + 0.001 * j;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  int threads = argc > 2 ? atoi(argv[2]) : 0;
  double(*A)[n] = malloc(sizeof(double) * (size_t)n * (size_t)n);
  if (!A)
    return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (double)((i * 7 + j * 3) % 11);
#ifdef _OPENMP
  if (threads > 0)
    omp_set_num_threads(threads);
#endif
  sweep(n, A);
  double sum = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      sum += A[i][j] * (1 + (i + j) % 3);
  printf("n=%d sum=%a last=%a\n", n, sum, A[n - 1][n - 1]);
#ifdef _OPENMP
  if (threads > 0)
    printf("threads after the nest: %d\n", omp_get_max_threads());
#endif
  free(A);
  return 0;
}
