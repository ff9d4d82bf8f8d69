// hetile rewrite of nests tiled below sequential outer loops: the outer
// loops are printed once, in the direction they run (a negative step counts
// upwards in a long and declares the iterator), with each backend's tiled
// band inside: the omp backend opens its parallel region, the mpi backend
// runs the runtime's nest (begin .. final exchange), in every outer
// iteration. The seq and omp builds print bitwise what the original prints
// (the differential kernels of test/Run run every backend).
// RUN: %hetile rewrite %s -o %t.c -- -std=c99
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=SEQ
// RUN: %hetile rewrite %s --backend=omp -o %t.omp.c -- -std=c99
// RUN: %strip-directives %t.omp.c | FileCheck %s --check-prefix=OMP
// RUN: %hetile rewrite %s --backend=mpi -o %t.mpi.c -- -std=c99
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=MPI
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig
// RUN: %gcc -std=c99 -O2 -Wall -Werror %rt_cflags %t.c -o %t.seq %rt_libs
// RUN: %gcc -std=c99 -O2 -Wall -Werror -fopenmp %rt_cflags %t.omp.c -o %t.omp %rt_libs
// RUN: %clang -std=c99 -O2 -Wall -Werror -fopenmp %rt_cflags %t.omp.c -o %t.omp.clang %rt_libs
// RUN: %t.orig 0 0 1 1 2 2 3 5 4 9 5 17 > %t.expected
// RUN: env HETILE_TILE_SIZES=1 %t.seq 0 0 1 1 2 2 3 5 4 9 5 17 | diff %t.expected -
// RUN: env HETILE_TILE_SIZES=2,3 %t.seq 0 0 1 1 2 2 3 5 4 9 5 17 | diff %t.expected -
// RUN: %t.seq 0 0 1 1 2 2 3 5 4 9 5 17 | diff %t.expected -
// RUN: env OMP_NUM_THREADS=3 HETILE_TILE_SIZES=2 %t.omp 0 0 1 1 2 2 3 5 4 9 5 17 | diff %t.expected -
// RUN: env OMP_NUM_THREADS=2 HETILE_TILE_SIZES=3 %t.omp.clang 0 0 1 1 2 2 3 5 4 9 5 17 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static void rev(int n, int path[restrict n][n]) {
  int i = -1, j = -2, k = -3;
#pragma hetile
  for (k = n - 1; k >= 0; k--)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
  printf("i=%d j=%d k=%d\n", i, j, k);
}
static void two(int p, int n, double A[restrict p][p][n][n]) {
  int t = -1, s = -2, i = -3, j = -4;
#pragma hetile
  for (t = 1; t < p; t++)
    for (s = 1; s < p; s++)
      for (i = 1; i < n; i++)
        for (j = 1; j < n; j++)
          A[t][s][i][j] = (A[t - 1][p - 1 - s][n - 1 - i][n - 1 - j] +
                           A[t][s - 1][n - 1 - i][n - 1 - j] +
                           A[t][s][i - 1][j] + A[t][s][i][j - 1]) * 0.25;
  printf("t=%d s=%d i=%d j=%d\n", t, s, i, j);
}
int main(int argc, char **argv) {
  int a, x, n = 0, p = 0;
  for (a = 1; a + 1 < argc; a += 2) {
    p = atoi(argv[a]); n = atoi(argv[a + 1]);
    int *path = malloc(sizeof(int) * (size_t)(n * n + 1));
    double *A = malloc(sizeof(double) * (size_t)(p * p * n * n + 1));
    for (x = 0; x < n * n; x++)
      path[x] = (x * 7919) % 101 + (x % (n + 1) == 0 ? -50 : 0);
    for (x = 0; x < p * p * n * n; x++)
      A[x] = (double)((x * 104729) % 1009) / 1009.0;
    rev(n, (int (*)[n])path);
    two(p, n, (double (*)[p][n][n])A);
    unsigned long h = 0;
    for (x = 0; x < n * n; x++) h = h * 31 + (unsigned)path[x];
    for (x = 0; x < p * p * n * n; x++) { unsigned long long b; memcpy(&b, &A[x], 8); h = h * 31 + b; }
    printf("p=%d n=%d hash=%lx\n", p, n, h);
    free(path); free(A);
  }
  return 0;
}

// SEQ-LABEL: static void rev(
// SEQ:         /* hetile: sequential outer loop (k); 1 tiled band inside */
// SEQ-NEXT:    for (long hetile_o0 = -((long)n) + 1; hetile_o0 <= 0; hetile_o0++) {
// SEQ-NEXT:      const int k = -hetile_o0;
// SEQ:           /* hetile: tile loops */
// SEQ:           /* hetile: point loops */
// SEQ:           path[i][j] = path[i][j] < path[i][k] + path[k][j]
// SEQ:         k = (long)n >= 1 ? -1 : (long)n - 1;
// SEQ-LABEL: static void two(
// SEQ:         /* hetile: sequential outer loops (t, s); 1 tiled band inside */
// SEQ-NEXT:    if ((long)n >= 2) {
// SEQ-NEXT:      for (int t = 1; t < (long)p; t++) {
// SEQ-NEXT:        for (int s = 1; s < (long)p; s++) {
// SEQ:               /* hetile: tile loops */
// SEQ-NOT:           for (int t
// SEQ:               for (int i = hetile_max(1, hetile_ti);

// OMP-LABEL: static void rev(
// OMP:         for (long hetile_o0 = -((long)n) + 1; hetile_o0 <= 0; hetile_o0++) {
// OMP:         #pragma omp parallel firstprivate(n, k, path)
// OMP-LABEL: static void two(
// OMP:         for (int s = 1; s < (long)p; s++) {
// OMP:         #pragma omp parallel firstprivate(p, n, t, s, A)

// MPI-LABEL: static void rev(
// MPI:         for (long hetile_o0 = -((long)n) + 1; hetile_o0 <= 0; hetile_o0++) {
// MPI:           if (hetile_mpi_begin(hetile_ncols, &hetile_m) < 0) {
// MPI:           /* hetile: final values of the arrays written, to every rank
// MPI:         k = (long)n >= 1 ? -1 : (long)n - 1;
