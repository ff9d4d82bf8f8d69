// The mpi+omp backend through the plugin: mpicc (driving clang) with
// -fopenmp and backend=mpi+omp gives an object with MPI and OpenMP code
// whose every rank prints bitwise what the plain build prints, on 1 and 2
// ranks of 1 to 3 threads, with default and given tile sizes and speeds.
// REQUIRES: mpi, openmp
// RUN: rm -rf %t && mkdir -p %t
// RUN: %mpicc -std=c11 -O2 -fopenmp -fplugin=%{plugin} -fplugin-arg-hetile-backend=mpi+omp -fplugin-arg-hetile-emit=%t/tiled.c -c %s -o %t/hybrid.o
// RUN: %strip-directives %t/tiled.c | FileCheck %s
// RUN: %mpicc -fopenmp %t/hybrid.o -o %t/hybrid %rt_mpi_libs
// RUN: %clang -std=c11 -O2 -Wno-unknown-pragmas %s -o %t/plain
// RUN: %t/plain 41 > %t/expected
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t/hybrid 41 | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 HETILE_CALIBRATE=0 %mpirun -np 2 %t/hybrid 41 > %t/two
// RUN: cat %t/expected %t/expected | diff - %t/two
// RUN: env OMP_NUM_THREADS=3 HETILE_SPEEDS=1,3 HETILE_TILE_SIZES=2,3,1 %mpirun -np 2 %t/hybrid 41 > %t/three
// RUN: cat %t/expected %t/expected | diff - %t/three
// CHECK: #include "hetile_rt_mpi.h"
// CHECK: #pragma omp parallel
// CHECK: /* hetile: tile loops */
// CHECK: for (long hetile_j = 0; hetile_mpi_part(
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
      A[i][j] = (double)((i * 31 + j * 17) % 23) / 7.0;
  heat(9, N, A);
  double Sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      Sum += A[i][j] * (i + 2 * j + 1);
  printf("%a\n", Sum);
  free(A);
  return 0;
}
