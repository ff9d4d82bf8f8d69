// Differential execution: the omp backend's outlined tiles (OutlinedTile.h)
// beside point loops that stay in the parallel region. `stencil` takes the
// outlined path in both its nests (two functions before it): a 3D VLA of
// three different extents, a 2D VLA whose row extent `M + 1` no longer
// equals M + 1 when the nest runs (M changes before it: the function gets
// the extent the array was declared with, measured by sizeof), a double
// read by value, a macro of the file, C89 iterators whose final values are
// printed. `local_macro` uses a macro
// defined inside its function: its point loops stay inline. The sizes
// include empty extents (a 0-wide row: every stride 0). The mpi backend
// does not outline; it runs for its messages of the 3D nest, whose bounds
// nest 24 minima (hetile_min is a function of hetile_rt.h: as a macro
// repeating its arguments, gcc -O1 ran out of memory on them).
// RUN: %differential %s --work %t --backends=seq,omp,omp-wavefront,mpi
// RUN: %hetile rewrite --backend=omp %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.c | FileCheck %s
// CHECK:      static void hetile_points_stencil_[[#]](
// CHECK:      double (*restrict A)[hetile_A_e1][hetile_A_e2]
// CHECK:      static void hetile_points_stencil_[[#]](
// CHECK:      const int M, const double c,
// CHECK-NEXT: const long hetile_B_e1,
// CHECK-NEXT: double (*restrict B)[hetile_B_e1]) {
// CHECK:      void stencil(
// CHECK-COUNT-2: hetile_points_stencil_{{[0-9]+}}(hetile_
// CHECK:      void local_macro(
// CHECK:      /* hetile: point loops inline: a macro defined inside the function */
// CHECK-NOT:  hetile_points_local_macro
//@ args 3 4 5 6 | 2 7 3 9 | 1 0 4 4 | 2 5 5 0 | 4 9 2 5
#include "exec-common.h"

#define MIX(a, b) (0.5 * (a) + 0.25 * (b))

static int last_t, last_i, last_j, last_k;

void stencil(int T, int N, int M, int P, double A[N][M][P],
             double B[N][M + 1], double c) {
  int t = -1, i = -2, j = -3, k = -4;
  M = M > 0 ? M - 1 : 0;
#pragma hetile
  for (t = 0; t < T; t++)
    for (i = 1; i < N; i++)
      for (j = 1; j < M; j++)
        for (k = 1; k < P; k++)
          A[i][j][k] = MIX(A[i - 1][j][k], A[i][j - 1][k]) +
                       c * A[i][j][k - 1];
#pragma hetile
  for (i = 1; i < N; i++)
    for (j = 1; j < M; j++)
      B[i][j] = MIX(B[i - 1][j], c) + c * B[i][j - 1];
  last_t = t;
  last_i = i;
  last_j = j;
  last_k = k;
}

void local_macro(int N, double B[N][N]) {
#define LOCAL_W 0.375
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      B[i][j] = LOCAL_W * (B[i - 1][j] + B[i][j - 1]) + 0.125;
#undef LOCAL_W
}

int main(int argc, char **argv) {
  int T, N, M, P, i, j, k;
  if (argc < 5)
    return 2;
  T = atoi(argv[1]);
  N = atoi(argv[2]);
  M = atoi(argv[3]);
  P = atoi(argv[4]);
  double (*A)[M][P] = malloc(sizeof(double) * (size_t)(N * M * P + 1));
  double (*B)[M + 1] = malloc(sizeof(double) * (size_t)(N * (M + 1) + 1));
  double (*C)[N] = malloc(sizeof(double) * (size_t)(N * N + 1));
  for (i = 0; i < N; i++) {
    for (j = 0; j < M; j++)
      for (k = 0; k < P; k++)
        A[i][j][k] = hetile_exec_init(i, j, k);
    for (j = 0; j <= M; j++)
      B[i][j] = hetile_exec_init(i, j, 7);
    for (j = 0; j < N; j++)
      C[i][j] = hetile_exec_init(j, i, 3);
  }
  stencil(T, N, M, P, A, B, 0.125);
  local_macro(N, C);
  printf("T=%d N=%d M=%d P=%d t=%d i=%d j=%d k=%d\n", T, N, M, P, last_t,
         last_i, last_j, last_k);
  hetile_exec_dump("A", &A[0][0][0], (size_t)(N * M * P));
  hetile_exec_dump("B", &B[0][0], (size_t)(N * (M + 1)));
  hetile_exec_dump("C", &C[0][0], (size_t)(N * N));
  free(A);
  free(B);
  free(C);
  return 0;
}
