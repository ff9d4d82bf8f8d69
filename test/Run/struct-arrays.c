// Differential execution: arrays of structs, read and written through their
// members (docs/struct-arrays.md). rotate updates complex numbers in place,
// a[i][j].re and .im from the neighbours' (a VLA parameter beside a double
// array, no restrict: the run-time alias check bounds both by their bytes);
// relax is a time-stepped stencil over cells whose member array u[3] is
// read at constant subscripts and written in an inner loop k (the band is
// skewed; k runs below it); shift reads u[q], q a parameter, whose range
// the version checks at run time; flat reaches cells through a flat
// subscript, f[i * m + j], beside a flat array of doubles (both recovered as
// arrays with rows of m elements, bounded by the alias check through them).
// Every argument list keeps q in [0, 3), so
// every call runs the tiled code (the harness aborts in a fallback), on
// every backend: the mpi ones move the members' values (all doubles).
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// RUN: %hetile rewrite --backend=omp %s -o %t-omp.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t-omp.c | FileCheck %s --check-prefix=OUTLINED
// RUN: %hetile rewrite --backend=mpi %s -o %t-mpi.c -- -I %S/../Exec/Inputs 2>&1 | FileCheck %s --check-prefix=MPI --allow-empty
// CHECK-LABEL: nest at {{.*}}struct-arrays.c:{{[0-9]+}}:3 in function 'rotate'
// CHECK:         run-time checks: a and w do not overlap
// CHECK-NEXT:    members: a holds 'cplx' (16 bytes), its last subscript a member's byte offset: re at 0, im at 8
// CHECK:         write a[i, j, 0]
// CHECK:         read a[i, -1 + j, 8]
// CHECK:         write a[i, j, 8]
// CHECK:         tilable: yes
// CHECK:         final exchange (mpi backends): [n, m] -> { ((16 - 16 * n) + (-16 + 16 * n) * m) : n >= 2 and m >= 2 } bytes of final values;
// CHECK-LABEL: nest at {{.*}}struct-arrays.c:{{[0-9]+}}:3 in function 'relax'
// CHECK:         members: c holds 'struct cell' (32 bytes), its last subscript a member's byte offset: rho at 0, u[3] at 8
// CHECK:         read c[i, 1 + j, 24]
// CHECK:         write c[i, j, 8 + 8k]
// CHECK:         S0: (t, t + i, t + j)
// CHECK:         tilable: yes
// CHECK:         strips: no: 'c' is an array of structs (strips copy arrays of numbers) [hetile-reject-strips-unsupported-access]
// CHECK-LABEL: nest at {{.*}}struct-arrays.c:{{[0-9]+}}:3 in function 'shift'
// CHECK:         run-time checks: the subscripts of c stay in [0, m) and the member arrays of its structs
// CHECK:         read c[-1 + i, j, 8 + 8q]
// CHECK:         tilable: yes
// CHECK-LABEL: nest at {{.*}}struct-arrays.c:{{[0-9]+}}:3 in function 'flat'
// CHECK:         run-time checks: f and w do not overlap
// CHECK:         delinearized: f as f[][m], subscripts but the first in [0, m)
// CHECK:         write f[i, j, 0]
// CHECK:         read f[-1 + i, j, 8]
// CHECK:         tilable: yes
// The omp backend's tiles in functions of their own (the struct types are
// named before the functions):
// OUTLINED:      static void hetile_points_rotate_[[#]](
// OUTLINED:      cplx (*restrict a)[hetile_a_e1],
// OUTLINED:      static void hetile_points_relax_[[#]](
// OUTLINED:      struct cell (*restrict c)[hetile_c_e1]) {
// The mpi backends move members as numbers of their one type, element by
// element, at their byte offsets:
// MPI-NOT: remark
// RUN: %strip-directives %t-mpi.c | FileCheck %s --check-prefix=MPICODE
// MPICODE: hetile_send_elem((*(double *)((char *)&a[hetile_e0][hetile_e1] + (0))));
// MPICODE: hetile_send_elem((*(double *)((char *)&a[hetile_e0][hetile_e1] + (8))));
// MPICODE-NOT: hetile_mpi_{{run}}(
//@ args 1 1 0 | 2 5 1 | 9 13 2 | 17 6 1
#include "exec-common.h"

typedef struct {
  double re, im;
} cplx;

struct cell {
  double rho;
  double u[3];
};

static void rotate(int n, int m, cplx a[n][m], const double w[n][m]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++) {
      a[i][j].re = a[i - 1][j].re * w[i][j] + 0.5 * a[i][j - 1].im;
      a[i][j].im = a[i - 1][j].im - 0.25 * a[i][j - 1].re * w[i][j];
    }
}

static void relax(int T, int n, int m, struct cell c[n][m]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++) {
        c[i][j].rho = 0.25 * (c[i - 1][j].rho + c[i + 1][j].rho +
                              c[i][j - 1].u[1] + c[i][j + 1].u[2]);
        for (int k = 0; k < 3; k++)
          c[i][j].u[k] += 0.125 * c[i][j].rho;
      }
}

static void shift(int n, int m, int q, struct cell c[n][m]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i][j].rho += 0.5 * c[i - 1][j].u[q];
}

static void flat(int n, int m, struct cell *f, const double *w) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++)
      f[i * m + j].rho = w[i * m + j] * f[(i - 1) * m + j].u[0] +
                         0.5 * f[i * m + j - 1].rho;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 9, m = argc > 2 ? atoi(argv[2]) : 13;
  int q = argc > 3 ? atoi(argv[3]) : 1;
  cplx(*a)[m] = calloc((size_t)n * (size_t)m, sizeof(cplx));
  double *w = hetile_exec_grid(n, m, 3);
  struct cell(*c)[m] = calloc((size_t)n * (size_t)m, sizeof(struct cell));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      a[i][j].re = hetile_exec_init(i, j, 1);
      a[i][j].im = hetile_exec_init(i, j, 2);
      c[i][j].rho = hetile_exec_init(i, j, 4);
      for (int k = 0; k < 3; k++)
        c[i][j].u[k] = hetile_exec_init(i, j, 5 + k);
    }
  rotate(n, m, a, (const double(*)[m])w);
  relax(3, n, m, c);
  shift(n, m, q, c);
  flat(n, m, &c[0][0], w);
  printf("n=%d m=%d q=%d\n", n, m, q);
  hetile_exec_dump("a", (const double *)a, (size_t)n * (size_t)m * 2);
  hetile_exec_dump("c", (const double *)c, (size_t)n * (size_t)m * 4);
  free(a);
  free(w);
  free(c);
  return 0;
}
