// --backend=omp runs the point loops of a tile in a static function of their
// own, put before the nest's function: the tile origins and sizes, the
// parameters, each array's inner extents (measured with sizeof where it is
// called) and the array (restrict), the scalars read by value. Two nests of
// one function put their functions there together. A pointer array and a
// declared array of which one is written are not restrict (the frontend
// assumes them apart without proof). Statements that cannot leave their
// function (a macro or a type defined inside it, a static local, a written
// scalar) keep their point loops in the parallel region, which says why.
// Every rewritten program compiles with -Wall -Werror and prints what the
// original prints; with --line-directives the statements keep their lines.
// REQUIRES: openmp
// RUN: %hetile rewrite --backend=omp %s -o %t.c -- -std=c99
// RUN: %strip-directives %t.c | FileCheck %s
// RUN: %hetile rewrite --backend=omp --omp-schedule=wavefront %s -o %t.w.c -- -std=c99
// RUN: %strip-directives %t.w.c | FileCheck %s --check-prefix=WAVE
// RUN: %hetile rewrite --backend=omp --line-directives %s -o %t.l.c -- -std=c99
// RUN: %strip-directives %t.l.c | FileCheck %s --check-prefix=LINES
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig
// RUN: %gcc -std=c99 -O2 -fopenmp -Wall -Werror %rt_cflags %t.c -o %t.omp %rt_libs
// RUN: %gcc -std=c99 -O2 -fopenmp -Wall -Werror %rt_cflags %t.w.c -o %t.w %rt_libs
// RUN: %gcc -std=c99 -O2 -fopenmp -Wall -Werror %rt_cflags %t.l.c -o %t.l %rt_libs
// RUN: %t.orig 13 > %t.want
// RUN: env HETILE_TILE_SIZES=2,3,4 OMP_NUM_THREADS=2 %t.omp 13 | diff %t.want -
// RUN: env HETILE_TILE_SIZES=3 OMP_NUM_THREADS=3 %t.w 13 | diff %t.want -
// RUN: env HETILE_TILE_SIZES=5,2 OMP_NUM_THREADS=2 %t.l 13 | diff %t.want -
#include <stdio.h>
#include <stdlib.h>

#define SCALE 0.25
#define AVG(a, b) (SCALE * ((a) + (b)))

static double G[40][40];

// CHECK:      /* hetile: the point loops of one tile of the nest at line [[#@LINE+16]] (--backend=omp) */
// CHECK-NEXT: static void hetile_points_two_nests_[[#]](const long hetile_tt,
// CHECK:      const int N, const double w,
// CHECK-NEXT: const long hetile_A_e1,
// CHECK-NEXT: double (*restrict A)[hetile_A_e1]) {
// CHECK-NEXT: /* hetile: point loops */
// CHECK:      /* hetile: the point loops of one tile of the nest at line [[#@LINE+15]] (--backend=omp) */
// CHECK-NEXT: static void hetile_points_two_nests_[[#]](const long hetile_ti,
// CHECK:      double *restrict x, double *restrict y) {
// CHECK:      static void two_nests(
// WAVE-COUNT-2: static void hetile_points_two_nests_
// WAVE:         static void two_nests(
// WAVE-COUNT-2: hetile_points_two_nests_{{[0-9]+}}(hetile_
static void two_nests(int T, int N, double A[N][N], double *x, double *y,
                      double w) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = AVG(A[i - 1][j], A[i + 1][j]) + w * A[i][j - 1];
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      x[j] = x[j - 1] + 0.5 * y[i];
}
// CHECK: hetile_points_two_nests_[[#]](hetile_tt,
// CHECK: (long)(sizeof(A[0][0]) ? sizeof(A[0]) / sizeof(A[0][0]) : 0),
// CHECK-NEXT: (void *)A);
// The alias check between x and y guards the tiled code, restrict inside.
// CHECK: run-time alias check: x and y do not overlap
// CHECK: hetile_points_two_nests_[[#]](hetile_ti,
// LINES: static void hetile_points_two_nests_
// LINES: #line [[#@LINE-13]] "{{.*}}omp-outlined-tile.c"
// LINES-NEXT: A[i][j] = AVG(A[i - 1][j], A[i + 1][j]) + w * A[i][j - 1];
// LINES: #line [[#@LINE-21]] "{{.*}}omp-outlined-tile.c"
// LINES-NEXT: /* hetile: the point loops of one tile
// LINES: #line [[#@LINE-23]] "{{.*}}omp-outlined-tile.c"
// LINES-NEXT: static void two_nests(

// CHECK:      static void hetile_points_mixed_[[#]](
// CHECK:      const int N, const long hetile_G_e1,
// CHECK-NEXT: double (*G)[hetile_G_e1], double *p) {
static void mixed(int N, double *p) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      G[i][j] = G[i - 1][j] + p[j];
}

// CHECK-NOT:  {{^}}static void hetile_points_inline_
// CHECK:      static void inline_only(
// CHECK:      /* hetile: point loops inline: a macro defined inside the function */
// CHECK:      /* hetile: point loops inline: type 'real' is declared inside the function */
// CHECK:      /* hetile: point loops inline: 'count' is a static local variable */
// CHECK:      /* hetile: point loops inline: 'P' has a struct type not named before the function */
static void inline_only(int N, double A[N][N]) {
#define LOCAL_W 0.5
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = LOCAL_W * (A[i - 1][j] + A[i][j - 1]);
#undef LOCAL_W
  typedef double real;
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = (real)0.5 * (A[i - 1][j] + A[i][j - 1]);
  static int count = 3;
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = count * (A[i - 1][j] + A[i][j - 1]) / 8;
  struct pair { double v, w; } P[8][8];
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      P[i][j].v = P[i][j].w = A[i % N][j % N];
#pragma hetile
  for (int i = 1; i < 8; i++)
    for (int j = 1; j < 8; j++)
      P[i][j].v = 0.5 * (P[i - 1][j].v + P[i][j - 1].w);
  A[0][0] += P[7][7].v;
}

// A pragma before the function may apply to it: nothing goes between.
// CHECK:      #pragma GCC diagnostic push
// CHECK-NEXT: static void after_pragma(
// CHECK:      /* hetile: point loops inline: nothing can go before the nest's function
#pragma GCC diagnostic push
static void after_pragma(int N, double A[N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = 0.5 * (A[i - 1][j] + A[i][j - 1]);
}
#pragma GCC diagnostic pop

static void print(const char *Name, int N, const double *V) {
  double Sum = 0;
  for (int i = 0; i < N; i++)
    Sum = Sum * 1.0000001 + V[i];
  printf("%s %.17g\n", Name, Sum);
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 13;
  double A[N][N], x[N], y[N], B[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = B[i][j] = (i * 7 + j * 3) % 11 * 0.1;
      x[j] = (i + 2 * j) % 5;
      y[j] = (3 * i + j) % 7;
      G[i][j] = (i ^ j) * 0.01;
    }
  two_nests(4, N, A, x, y, 0.125);
  mixed(N, &y[0]);
  inline_only(N, B);
  after_pragma(N, B);
  print("A", N * N, &A[0][0]);
  print("x", N, x);
  print("G", 40 * 40, &G[0][0]);
  print("B", N * N, &B[0][0]);
  return 0;
}
