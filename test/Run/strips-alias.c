// Strips under the run-time alias check: a time-stepped Jacobi written
// without `restrict` (A and B may overlap) runs as strips where the arrays
// are distinct (the strips' HETILE_STATS line) and as the original nest
// where they overlap (the alias check's line), on OpenMP threads and MPI
// ranks, printing bitwise what the original prints in both cases. The
// distinct case is compiled with -DHETILE_FALLBACK_ABORT: the original
// never runs there instead of the strips.
// REQUIRES: openmp, mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -std=c99 -O1 -Wno-unknown-pragmas %s -o %t/orig
// RUN: %t/orig 40 9 0 > %t/expected
// RUN: %t/orig 40 9 1 > %t/expected-overlap
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s --check-prefix=ANALYZE
// RUN: %hetile rewrite %s --backend=omp --omp-schedule=strips -o %t/omp.c -- -std=c11
// RUN: %strip-directives %t/omp.c | FileCheck %s --check-prefix=CODE
// RUN: %gcc -std=c99 -O1 -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags %t/omp.c -o %t/omp-abort %rt_libs
// RUN: %gcc -std=c99 -O1 -fopenmp %rt_cflags %t/omp.c -o %t/omp %rt_libs
// RUN: env OMP_NUM_THREADS=2 HETILE_STATS=1 HETILE_STRIP_WIDTH=3 %t/omp-abort 40 9 0 > %t/omp.out 2>%t/omp.stats
// RUN: diff %t/expected %t/omp.out
// RUN: FileCheck %s --check-prefix=STRIPS < %t/omp.stats
// RUN: env OMP_NUM_THREADS=3 HETILE_STATS=1 %t/omp 40 9 1 > %t/omp-overlap.out 2>%t/omp-overlap.stats
// RUN: diff %t/expected-overlap %t/omp-overlap.out
// RUN: FileCheck %s --check-prefix=OVERLAP < %t/omp-overlap.stats
// RUN: %hetile rewrite %s --backend=mpi --omp-schedule=strips -o %t/mpi.c -- -std=c11
// RUN: %mpicc -std=c99 -O1 %rt_cflags %t/mpi.c -o %t/mpi %rt_mpi_libs
// RUN: env HETILE_STATS=1 HETILE_STRIP_WIDTH=2 %mpirun -np 2 sh -c '%t/mpi 40 9 0 > %t/mpi.out.$OMPI_COMM_WORLD_RANK' 2>%t/mpi.stats </dev/null
// RUN: diff %t/expected %t/mpi.out.0
// RUN: diff %t/expected %t/mpi.out.1
// RUN: FileCheck %s --check-prefix=STRIPS < %t/mpi.stats
// RUN: env HETILE_STATS=1 %mpirun -np 2 sh -c '%t/mpi 40 9 1 > %t/mpi-overlap.out.$OMPI_COMM_WORLD_RANK' 2>%t/mpi-overlap.stats </dev/null
// RUN: diff %t/expected-overlap %t/mpi-overlap.out.0
// RUN: diff %t/expected-overlap %t/mpi-overlap.out.1
// RUN: FileCheck %s --check-prefix=OVERLAP < %t/mpi-overlap.stats

// ANALYZE: strips: yes
// CODE: /* hetile: run-time alias check: {{A and B|B and A}} do not overlap */
// CODE: if (hetile_run > 0 && hetile_noalias) {
// CODE: /* hetile: strips with redundant tasks ([RD02])
// CODE: } else {
// STRIPS: hetile: strips: 2 processors
// STRIPS-NOT: arrays may overlap
// OVERLAP: strips-alias.c:{{[0-9]+}} (jacobi): arrays may overlap: the original nest ran
// OVERLAP-NOT: hetile: strips:

#include <stdio.h>
#include <stdlib.h>

static void jacobi(int T, int N, double A[N][N], double B[N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                         A[i][j + 1]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = B[i][j];
  }
}

int main(int argc, char **argv) {
  int N = atoi(argv[1]), T = atoi(argv[2]), overlap = atoi(argv[3]);
  double(*A)[N] = malloc(sizeof(double) * N * N * 2);
  double(*B)[N] = overlap ? A + N / 2 : A + N;
  for (int i = 0; i < 2 * N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i * 7 + j * 3) % 10;
  jacobi(T, N, A, B);
  for (int i = 0; i < 2 * N; i += 7)
    printf("%d %a %a\n", i, A[i][N / 2], A[i][N / 3]);
  free(A);
  return 0;
}
