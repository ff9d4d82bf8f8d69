// The schedule through the plugin, as `hetile rewrite --omp-schedule`:
// omp-schedule=strips runs the jacobi nest as strips (the program prints
// bitwise what the plain build prints, and says under HETILE_STATS that the
// strips ran, with the width given) and keeps the pipeline, with the
// strips' remark, for the Gauss-Seidel nest; omp-schedule=auto says what
// it chose; omp-schedule=wavefront gives wavefronts.
// REQUIRES: openmp
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -std=c11 -O2 -fopenmp -fplugin=%{plugin} -fplugin-arg-hetile-backend=omp -fplugin-arg-hetile-omp-schedule=strips -fplugin-arg-hetile-emit=%t/strips.c -c %s -o %t/strips.o 2>%t/strips.err
// RUN: FileCheck %s --check-prefix=REMARK < %t/strips.err
// RUN: %strip-directives %t/strips.c | FileCheck %s --check-prefix=STRIPS
// RUN: %clang -fopenmp %t/strips.o -o %t/strips %rt_libs
// RUN: %clang -std=c11 -O2 -Wno-unknown-pragmas %s -o %t/plain
// RUN: %t/plain 300 17 > %t/expected
// RUN: env OMP_NUM_THREADS=3 HETILE_STATS=1 HETILE_STRIP_WIDTH=4 %t/strips 300 17 > %t/out 2>%t/stats
// RUN: diff %t/expected %t/out
// RUN: FileCheck %s --check-prefix=STATS < %t/stats
// RUN: env OMP_NUM_THREADS=2 HETILE_SPEEDS=1,3 %t/strips 300 17 | diff %t/expected -
// RUN: %clang -std=c11 -O2 -fopenmp -fplugin=%{plugin} -fplugin-arg-hetile-backend=omp -fplugin-arg-hetile-omp-schedule=auto -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: %clang -std=c11 -O2 -fopenmp -fplugin=%{plugin} -fplugin-arg-hetile-backend=omp -fplugin-arg-hetile-omp-schedule=wavefront -fplugin-arg-hetile-emit=%t/wave.c -fsyntax-only %s
// RUN: %strip-directives %t/wave.c | FileCheck %s --check-prefix=WAVE
#include <stdio.h>
#include <stdlib.h>

static void jacobi(int T, int N, double A[restrict N], double B[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

static void seidel(int T, int N, double A[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      A[i] = 0.5 * (A[i - 1] + A[i + 1]);
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10, T = argc > 2 ? atoi(argv[2]) : 3;
  double *A = malloc(sizeof(double) * N), *B = malloc(sizeof(double) * N);
  if (!A || !B)
    return 1;
  for (int i = 0; i < N; i++)
    A[i] = (double)(i * 7 % 11) / 11.0, B[i] = 0;
  jacobi(T, N, A, B);
  seidel(T, N, B);
  for (int i = 0; i < N; i += 7)
    printf("%a %a\n", A[i], B[i]);
  free(A);
  free(B);
  return 0;
}

// REMARK-NOT: omp-schedule.c:27:3: remark
// REMARK:     omp-schedule.c:37:3: remark: strips do not apply: the flow dependence S0 -> S0 on 'A' runs within one time step {{.*}} [hetile-reject-strips-space-recurrence]
// STRIPS-COUNT-1: /* hetile: strips with redundant tasks
// STRIPS-NOT:     /* hetile: strips with redundant tasks
// STRIPS:         /* hetile: tile columns
// STATS:      hetile: strips: 3 processors, {{.*}}, steps 0..16, width 4 (HETILE_STRIP_WIDTH), 5 bands
// STATS-NOT:  hetile: strips:
// AUTO: omp-schedule.c:27:3: remark: --omp-schedule=auto chose strips
// AUTO: omp-schedule.c:37:3: remark: strips do not apply
// WAVE-NOT: hetile: strips with
// WAVE:     hetile: tile wavefronts
