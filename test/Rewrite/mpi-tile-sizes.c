// The mpi backend asks hetile_mpi_tile_sizes for its default sizes, with
// the bytes of one point of the arrays the nest writes (float here: 4; the
// double array is only read), the column dimension's extent first. Under
// HETILE_ALLOC=chunk the 3D band takes [ZZ16]'s h1 x h2 (the model's line
// under HETILE_STATS) and one chunk per rank; results equal the original's.
// REQUIRES: mpi
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -std=c11
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=CODE
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %t.orig 40 30 > %t.expected
// RUN: env HETILE_ALLOC=chunk HETILE_SPEEDS=1,3 HETILE_STATS=1 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 40 30 2> %t.err
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
//
// CODE: hetile_rc = hetile_mpi_tile_sizes_flags(3, hetile_extents, hetile_nprocs, {{-?[0-9]+}}, 4, 0, hetile_sizes, hetile_grid_sized);
// STATS: hetile: tile sizes [ZZ16] (3.5): U = 39 x 30 x 39,
// STATS: allocation chunk, {{[0-9]+}} tile columns; columns per rank: {{[0-9]+}},{{[0-9]+}}
#include <stdio.h>
#include <stdlib.h>

static void kernel(int T, int N, float A[restrict T + 1][N][N],
                   const double W[restrict N]) {
#pragma hetile
  for (int t = 1; t <= T; t++)
    for (int i = 1; i < N; i++)
      for (int j = 1; j < N; j++)
        A[t][i][j] = A[t - 1][i][j] +
                     (float)(0.25 * W[j] * (A[t][i - 1][j] + A[t][i][j - 1] -
                                            2.0f * A[t - 1][i][j]));
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10, T = argc > 2 ? atoi(argv[2]) : 5;
  float (*A)[N][N] = calloc((size_t)(T + 1) * N * N, sizeof(float));
  double *W = malloc(sizeof(double) * N);
  for (int j = 0; j < N; j++)
    W[j] = 0.5 + 0.01 * j;
  for (int t = 0; t <= T; t++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        A[t][i][j] = (t == 0 || i == 0 || j == 0) ? (float)((i * 7 + j * 3 + t) % 11) : 0.0f;
  kernel(T, N, A, W);
  unsigned long h = 1469598103934665603UL;
  const unsigned char *p = (const unsigned char *)A;
  for (size_t k = 0; k < sizeof(float) * (size_t)(T + 1) * N * N; k++)
    h = (h ^ p[k]) * 1099511628211UL;
  printf("%016lx %a\n", h, (double)A[T][N - 1][N - 1]);
  free(A);
  free(W);
  return 0;
}
