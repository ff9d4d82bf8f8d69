// The omp backend through the plugin: -fopenmp and backend=omp give an
// object with OpenMP code that prints bitwise what the plain build prints,
// on 1 and 3 threads, with default and given tile sizes.
// REQUIRES: openmp
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -std=c11 -O2 -fopenmp -fplugin=%{plugin} -fplugin-arg-hetile-backend=omp -fplugin-arg-hetile-emit=%t/tiled.c -c %s -o %t/omp.o
// RUN: %strip-directives %t/tiled.c | FileCheck %s
// RUN: %clang -fopenmp %t/omp.o -o %t/omp %rt_libs
// RUN: %clang -std=c11 -O2 -Wno-unknown-pragmas %s -o %t/plain
// RUN: %t/plain 41 > %t/expected
// RUN: env OMP_NUM_THREADS=1 %t/omp 41 | diff %t/expected -
// RUN: env OMP_NUM_THREADS=3 %t/omp 41 | diff %t/expected -
// RUN: env OMP_NUM_THREADS=3 HETILE_TILE_SIZES=2,3,4 %t/omp 41 | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 HETILE_TILE_SIZES=1 %t/omp 41 | diff %t/expected -
#include <stdio.h>
#include <stdlib.h>

static void heat(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (A[i - 1][j] + A[i][j - 1] + A[i][j] + A[i][j + 1] +
                         A[i + 1][j]);
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10;
  double (*A)[N] = malloc(sizeof(double[N][N]));
  if (!A)
    return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 5 + j * 3) % 13) / 13.0;
  heat(7, N, A);
  for (int i = 0; i < N; i += 5)
    printf("%a %a\n", A[i][i], A[i][N - 1 - i]);
  free(A);
  return 0;
}

// CHECK: #pragma omp
