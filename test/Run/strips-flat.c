// Differential execution of the strips schedule on stencils whose arrays
// are flat, as applications store them: `a[i * n + j]` through a macro,
// without `restrict` (checked at run time), a 3-D heat stencil
// `u[(i * n + j) * n + k]`, and a grid whose sizes, weight and data are
// members of a struct reached through a pointer to const. Each is
// delinearized (docs/delinearization.md) and its strips copy rows of the
// recovered lengths; the grid's statements run on a copy of the struct
// whose members point to the thread's copies. The harness's strips runs
// (omp, mpi, mpi+omp; widths, threads, ranks, speeds) check that every
// nest ran as strips; HETILE_FALLBACK_ABORT proves that the run-time checks
// passed (each call has a time step: the loads of g are read where the
// original reads them, T >= 1).
// RUN: %differential %s --work %t --backends=%strips_backends
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// CHECK-LABEL: in function 'jacobi_flat'
// CHECK:       delinearized: a as a[][n]
// CHECK:       strips: yes
// CHECK-LABEL: in function 'heat_flat'
// CHECK:       delinearized: u as u[][n][n]
// CHECK:       strips: yes
// CHECK-LABEL: in function 'grid_sweep'
// CHECK:       read once: g->rows
// CHECK:       strips: yes
//@ args 1 5 1 3 2 4 3 9 17 12 40 20
#include "exec-common.h"

#define A(i, j) a[(i) * n + (j)]
#define B(i, j) b[(i) * n + (j)]

void jacobi_flat(int T, int n, double *a, double *b) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B(i, j) = 0.2 * (A(i, j) + A(i - 1, j) + A(i + 1, j) + A(i, j - 1) +
                         A(i, j + 1));
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A(i, j) = B(i, j);
  }
}

void heat_flat(int T, int n, double *u, double *v) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          v[(i * n + j) * n + k] =
              0.125 * (u[((i - 1) * n + j) * n + k] + u[((i + 1) * n + j) * n + k] +
                       u[(i * n + j - 1) * n + k] + u[(i * n + j + 1) * n + k] +
                       u[(i * n + j) * n + k - 1] + u[(i * n + j) * n + k + 1]) +
              0.25 * u[(i * n + j) * n + k];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          u[(i * n + j) * n + k] = v[(i * n + j) * n + k];
  }
}

struct grid {
  int rows, cols;
  double *cur, *next;
  double w;
};

void grid_sweep(int T, const struct grid *g) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < g->rows - 1; i++)
      for (int j = 1; j < g->cols - 1; j++)
        g->next[i * g->cols + j] =
            g->w * (g->cur[(i - 1) * g->cols + j] + g->cur[(i + 1) * g->cols + j] +
                    g->cur[i * g->cols + j - 1] + g->cur[i * g->cols + j + 1]);
    for (int i = 1; i < g->rows - 1; i++)
      for (int j = 1; j < g->cols - 1; j++)
        g->cur[i * g->cols + j] = g->next[i * g->cols + j];
  }
}

static double *filled(size_t n, int seed) {
  double *p = calloc(n ? n : 1, sizeof(double));
  for (size_t k = 0; k < n; k++)
    p[k] = hetile_exec_init((long)k, seed, 0);
  return p;
}

static void run(int T, int n) {
  size_t n2 = (size_t)n * (size_t)n, n3 = n2 * (size_t)(n < 12 ? n : 12);
  double *a = filled(n2, 1), *b = filled(n2, 2);
  jacobi_flat(T, n, a, b);
  printf("T=%d n=%d ", T, n);
  hetile_exec_dump("a", a, n2);
  int m = n < 12 ? n : 12;
  double *u = filled(n3, 3), *v = filled(n3, 4);
  heat_flat(T, m, u, v);
  hetile_exec_dump("u", u, n3);
  size_t g2 = (size_t)n * (size_t)(n + 3);
  struct grid g = {n, n + 3, filled(g2, 5), filled(g2, 6), 0.25};
  grid_sweep(T, &g);
  hetile_exec_dump("cur", g.cur, g2);
  free(g.cur);
  free(g.next);
  free(a);
  free(b);
  free(u);
  free(v);
}

int main(int argc, char **argv) {
  for (int k = 1; k + 1 < argc; k += 2)
    run(atoi(argv[k]), atoi(argv[k + 1]));
  return 0;
}
