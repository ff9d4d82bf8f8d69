/* Application-style data: a stencil whose sizes and data live in a struct
   read through a pointer (f->rows, f->cols, f->v, through an index macro),
   or whose rows are reached through a table of row pointers (double **r),
   or a Jacobi sweep between two grids held by a struct (g->cur, g->next,
   g->cols: the strips run it on a copy of *g per thread).
   Usage: struct_sweep N T MODE, MODE 0 the struct, 1 the row table, 2 the
   two grids. Prints the checksum and the time of the nest. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct field {
  int rows, cols;
  double *v;
};
#define AT(f, i, j) ((f)->v[(i) * (f)->cols + (j)])

static void struct_sweep(int T, struct field *f) {
  for (int t = 0; t < T; t++)
    for (int i = 1; i < f->rows - 1; i++)
      for (int j = 1; j < f->cols - 1; j++)
        AT(f, i, j) = 0.2 * (AT(f, i, j) + AT(f, i - 1, j) + AT(f, i + 1, j) +
                             AT(f, i, j - 1) + AT(f, i, j + 1));
}

static void rows_sweep(int T, int n, double **r) {
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        r[i][j] = 0.2 * (r[i][j] + r[i - 1][j] + r[i + 1][j] + r[i][j - 1] +
                         r[i][j + 1]);
}

struct grid {
  int rows, cols;
  double *cur, *next;
};

static void grid_jacobi(int T, const struct grid *g) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < g->rows - 1; i++)
      for (int j = 1; j < g->cols - 1; j++)
        g->next[i * g->cols + j] =
            0.2 * (g->cur[i * g->cols + j] + g->cur[(i - 1) * g->cols + j] +
                   g->cur[(i + 1) * g->cols + j] + g->cur[i * g->cols + j - 1] +
                   g->cur[i * g->cols + j + 1]);
    for (int i = 1; i < g->rows - 1; i++)
      for (int j = 1; j < g->cols - 1; j++)
        g->cur[i * g->cols + j] = g->next[i * g->cols + j];
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1500, T = argc > 2 ? atoi(argv[2]) : 40;
  int mode = argc > 3 ? atoi(argv[3]) : 0;
  double *v = malloc(sizeof(double) * n * n);
  double **r = malloc(sizeof(double *) * n);
  for (int i = 0; i < n; i++) {
    r[i] = v + (size_t)i * n;
    for (int j = 0; j < n; j++)
      v[(size_t)i * n + j] = (i == 0 || j == 0) ? 1.0 : ((i * 7 + j) % 10) * 0.01;
  }
  struct field f = {n, n, v};
  double *w = malloc(sizeof(double) * n * n);
  for (size_t k = 0; k < (size_t)n * n; k++)
    w[k] = v[k];
  struct grid g = {n, n, v, w};
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  if (mode == 0)
    struct_sweep(T, &f);
  else if (mode == 1)
    rows_sweep(T, n, r);
  else
    grid_jacobi(T, &g);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = 0;
  for (size_t k = 0; k < (size_t)n * n; k++)
    s += v[k] * (1 + k % 3);
  printf("checksum %a\ntime %.6f\n", s,
         (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
  free(r);
  free(v);
  free(w);
  return 0;
}
