// Differential execution of tile sizes refined in the running nest
// (hetile_refine, docs/tile-sizes.md): with HETILE_REFINE=always the
// pipelined omp schedule runs each nest in slabs of band dimension 0 (or 1
// where 0 is too short), the first ones with candidate sizes (the
// model's, half, twice, then the fastest with one block of columns per
// thread and two shapes), the rest with the one chosen. A
// 2D SOR sweep (rectangular, 700 x 700: slabs of dimension 0, the rows)
// and seidel-2d in a time loop (skewed; 20 steps of 300 x 300: too few
// steps, so slabs of dimension 1, i + t, whose bounds depend on the time
// tile's origin) must give the original's results bit for bit on 1, 2 and
// 3 threads, with the sizes of the calibration or of HETILE_CALIBRATE=0;
// the HETILE_STATS lines show that several candidates ran in each nest,
// and HETILE_REFINE=0 and HETILE_TILE_SIZES turn the trials off.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -std=c99 -O1 -Wall -Werror -Wno-unknown-pragmas -I %S/../Exec/Inputs %s -o %t/orig
// RUN: %t/orig 700 300 20 > %t/want
// RUN: %hetile rewrite %s --backend=omp -o %t/omp.c -- -std=c99 -I %S/../Exec/Inputs
// RUN: %gcc -std=c99 -O1 -Wall -Werror -fopenmp %rt_cflags -I %S/../Exec/Inputs %t/omp.c -o %t/omp %rt_libs
// RUN: env OMP_NUM_THREADS=2 HETILE_REFINE=always HETILE_STATS=1 %t/omp 700 300 20 > %t/got2 2> %t/err2
// RUN: diff %t/want %t/got2
// RUN: FileCheck %s --check-prefix=TRIED --input-file=%t/err2
// RUN: env OMP_NUM_THREADS=3 HETILE_REFINE=always HETILE_CALIBRATE=0 HETILE_STATS=1 %t/omp 700 300 20 > %t/got3 2> %t/err3
// RUN: diff %t/want %t/got3
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/err3
// RUN: env OMP_NUM_THREADS=1 HETILE_REFINE=always %t/omp 700 300 20 > %t/got1
// RUN: diff %t/want %t/got1
// RUN: env OMP_NUM_THREADS=2 HETILE_REFINE=0 HETILE_STATS=1 %t/omp 700 300 20 > %t/got0 2> %t/err0
// RUN: diff %t/want %t/got0
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t/err0
// RUN: env OMP_NUM_THREADS=2 HETILE_REFINE=always HETILE_TILE_SIZES=5,3 HETILE_STATS=1 %t/omp 700 300 20 > %t/gots 2> %t/errs
// RUN: diff %t/want %t/gots
// RUN: FileCheck %s --check-prefix=SIZES --input-file=%t/errs
//
// Each nest: at least four candidates timed (round 1 has two or three
// sizes), one with one block of columns per thread.
// TRIED: hetile: refine: tried in slabs of band dimension 0 (seconds per value): {{[0-9]+x[0-9]+ [0-9.e+-]+ \(model\), [0-9]+x[0-9]+ [0-9.e+-]+, ([0-9x]+ [0-9.e+-]+, )?[0-9]+x[0-9]+ chunk [0-9.e+-]+, [0-9]+x[0-9]+ [0-9.e+-]+}}
// TRIED: hetile: refine: tried in slabs of band dimension 1 (seconds per value): {{[0-9]+x[0-9]+x[0-9]+ [0-9.e+-]+ \(model\), [0-9]+x[0-9]+x[0-9]+ [0-9.e+-]+, ([0-9x]+ [0-9.e+-]+, )?[0-9]+x[0-9]+x[0-9]+ chunk [0-9.e+-]+, [0-9]+x[0-9]+x[0-9]+ [0-9.e+-]+}}
// FIXED: hetile: refine: tried {{.*}}; chose {{[0-9x]+}} (the model's: HETILE_CALIBRATE=0)
// FIXED: hetile: refine: tried {{.*}}; chose {{[0-9x]+}} (the model's: HETILE_CALIBRATE=0)
// OFF: hetile: refine: tile sizes {{[0-9x]+}} (model), none tried (HETILE_REFINE=0)
// OFF: hetile: refine: tile sizes {{[0-9x]+}} (model), none tried (HETILE_REFINE=0)
// SIZES: hetile: refine: tile sizes 5x3 (model), none tried (HETILE_TILE_SIZES)
// SIZES: hetile: refine: tile sizes 5x3x3 (model), none tried (HETILE_TILE_SIZES)
#include "exec-common.h"

static void sor_sweep(int N, double A[restrict N][N], double B[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = 0.3 * (A[i - 1][j] + A[i][j - 1]) + 0.4 * A[i][j] * B[i][j];
}

static void seidel_2d(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t <= T - 1; t++)
    for (int i = 1; i <= N - 2; i++)
      for (int j = 1; j <= N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] +
                   A[i][j] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] +
                   A[i + 1][j + 1]) / 9.0;
}

int main(int argc, char **argv) {
  int N = argc > 3 ? atoi(argv[1]) : 10, M = argc > 3 ? atoi(argv[2]) : 10;
  int T = argc > 3 ? atoi(argv[3]) : 2;
  size_t n = (size_t)N * (size_t)N, m = (size_t)M * (size_t)M;
  double *A = malloc(sizeof(double) * (n + 1));
  double *B = malloc(sizeof(double) * (n + 1));
  double *C = malloc(sizeof(double) * (m + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i * N + j] = hetile_exec_init(i, j, 0);
      B[i * N + j] = hetile_exec_init(i, j, 1);
    }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      C[i * M + j] = hetile_exec_init(i, j, 2);
  sor_sweep(N, (double (*)[N])A, (double (*)[N])B);
  hetile_exec_dump("A", A, n);
  seidel_2d(T, M, (double (*)[M])C);
  hetile_exec_dump("C", C, m);
  free(A);
  free(B);
  free(C);
  return 0;
}
