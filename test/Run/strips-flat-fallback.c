// Strips of flat arrays under their run-time checks: a time-stepped Jacobi
// on `a[i * n + j]` with rows of n elements and m - 2 computed columns, its
// arrays passed as pointers (jacobi) or as members of a struct (members), runs
// as strips where every column subscript stays in its row (m <= n) and the
// arrays are distinct (the strips' HETILE_STATS line), and as the original
// nest where a subscript leaves its row (m > n: the delinearization's
// check) or where the arrays overlap (the alias check), on OpenMP threads
// and MPI ranks, printing bitwise what the original prints. The passing
// case is compiled with -DHETILE_FALLBACK_ABORT too: the original never
// runs there instead of the strips.
// REQUIRES: openmp, mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -std=c99 -O1 -Wno-unknown-pragmas %s -o %t/orig
// RUN: %t/orig 12 12 30 0 > %t/expected
// RUN: %t/orig 12 14 30 0 > %t/expected-wide
// RUN: %t/orig 12 12 30 1 > %t/expected-overlap
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s --check-prefix=ANALYZE
// RUN: %hetile rewrite %s --backend=omp --omp-schedule=strips -o %t/omp.c -- -std=c11
// RUN: %gcc -std=c99 -O1 -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags %t/omp.c -o %t/omp-abort %rt_libs
// RUN: %gcc -std=c99 -O1 -fopenmp %rt_cflags %t/omp.c -o %t/omp %rt_libs
// RUN: env OMP_NUM_THREADS=2 HETILE_STATS=1 HETILE_PROFIT=0 HETILE_STRIP_WIDTH=3 %t/omp-abort 12 12 30 0 > %t/omp.out 2>%t/omp.stats
// RUN: diff %t/expected %t/omp.out
// RUN: FileCheck %s --check-prefix=STRIPS < %t/omp.stats
// RUN: env OMP_NUM_THREADS=2 HETILE_STATS=1 HETILE_PROFIT=0 %t/omp 12 14 30 0 > %t/omp-wide.out 2>%t/omp-wide.stats
// RUN: diff %t/expected-wide %t/omp-wide.out
// RUN: FileCheck %s --check-prefix=WIDE < %t/omp-wide.stats
// RUN: env OMP_NUM_THREADS=3 HETILE_STATS=1 HETILE_PROFIT=0 %t/omp 12 12 30 1 > %t/omp-overlap.out 2>%t/omp-overlap.stats
// RUN: diff %t/expected-overlap %t/omp-overlap.out
// RUN: FileCheck %s --check-prefix=OVERLAP < %t/omp-overlap.stats
// RUN: %hetile rewrite %s --backend=mpi --omp-schedule=strips -o %t/mpi.c -- -std=c11
// RUN: %mpicc -std=c99 -O1 %rt_cflags %t/mpi.c -o %t/mpi %rt_mpi_libs
// RUN: env HETILE_STATS=1 HETILE_STRIP_WIDTH=2 %mpirun -np 2 sh -c '%t/mpi 12 12 30 0 > %t/mpi.out.$OMPI_COMM_WORLD_RANK' 2>%t/mpi.stats </dev/null
// RUN: diff %t/expected %t/mpi.out.0
// RUN: diff %t/expected %t/mpi.out.1
// RUN: FileCheck %s --check-prefix=STRIPS < %t/mpi.stats
// RUN: env HETILE_STATS=1 %mpirun -np 2 sh -c '%t/mpi 12 14 30 0 > %t/mpi-wide.out.$OMPI_COMM_WORLD_RANK' 2>%t/mpi-wide.stats </dev/null
// RUN: diff %t/expected-wide %t/mpi-wide.out.0
// RUN: diff %t/expected-wide %t/mpi-wide.out.1
// RUN: FileCheck %s --check-prefix=WIDE < %t/mpi-wide.stats

// ANALYZE: delinearized: a as a[][n], subscripts but the first in [0, n)
// ANALYZE: strips: yes
// ANALYZE: delinearized: hetile_g_a as hetile_g_a[][hetile_g_n]
// ANALYZE: strips: yes
// STRIPS-COUNT-2: hetile: strips: 2 processors
// STRIPS-NOT: the original nest ran
// WIDE: strips-flat-fallback.c:{{[0-9]+}} (jacobi): {{.*}}the original nest ran
// WIDE: strips-flat-fallback.c:{{[0-9]+}} (members): {{.*}}the original nest ran
// WIDE-NOT: hetile: strips:
// OVERLAP: strips-flat-fallback.c:{{[0-9]+}} (jacobi): arrays may overlap: the original nest ran
// OVERLAP: strips-flat-fallback.c:{{[0-9]+}} (members): arrays may overlap, or a write may reach g->n, g->m, g->b, g->a: the original nest ran
// OVERLAP-NOT: hetile: strips:

#include <stdio.h>
#include <stdlib.h>

static void jacobi(int n, int m, int T, double *a, double *b) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        b[i * n + j] = 0.2 * (a[i * n + j] + a[(i - 1) * n + j] +
                              a[(i + 1) * n + j] + a[i * n + j - 1] +
                              a[i * n + j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        a[i * n + j] = b[i * n + j];
  }
}

struct grid {
  int n, m;
  double *a, *b;
};

static void members(int T, const struct grid *g) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < g->n - 1; i++)
      for (int j = 1; j < g->m - 1; j++)
        g->b[i * g->n + j] = 0.2 * (g->a[i * g->n + j] + g->a[(i - 1) * g->n + j] +
                                    g->a[(i + 1) * g->n + j] +
                                    g->a[i * g->n + j - 1] + g->a[i * g->n + j + 1]);
    for (int i = 1; i < g->n - 1; i++)
      for (int j = 1; j < g->m - 1; j++)
        g->a[i * g->n + j] = g->b[i * g->n + j];
  }
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), m = atoi(argv[2]), T = atoi(argv[3]);
  int overlap = atoi(argv[4]);
  long len = (long)n * (n + m);
  double *a = malloc(sizeof(double) * (size_t)len * 2);
  double *b = overlap ? a + n : a + len;
  for (long k = 0; k < 2 * len; k++)
    a[k] = (double)((k * 7 + 3) % 10);
  double *c = malloc(sizeof(double) * (size_t)len * 2);
  for (long k = 0; k < 2 * len; k++)
    c[k] = a[k] + 1;
  jacobi(n, m, T, a, b);
  struct grid g = {n, m, c, overlap ? c + n : c + len};
  members(T, &g);
  for (long k = 0; k < 2 * len; k += 5)
    printf("%ld %a %a\n", k, a[k], c[k]);
  free(a);
  free(c);
  return 0;
}
