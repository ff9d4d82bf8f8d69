// Differential execution: a temporary array passed as a pointer parameter
// declared with its extent (`double sum[np]`, `double tmp[64]`), filled and
// consumed in each iteration of the outer loops (PolyBench's doitgen,
// ../shared/repros/real-code-patterns' temp_array; docs/privatization.md).
// Each tile computes on a copy of its own, of the declared extent: on the
// stack up to 64 KiB, on the heap beyond (mirror with np = 9000 doubles);
// the tile that holds the last iteration copies its values back, so that
// the caller reads what the original leaves. The harness compiles with
// HETILE_FALLBACK_ABORT: every call runs the tiled code.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
// CHECK-LABEL: nest at {{.*}}private-pointer-param.c:{{[0-9]+}}:3 in function 'doitgen'
// CHECK:         permutable band: depth 2, as written
// CHECK:         tilable: yes
// CHECK-LABEL: nest at {{.*}}private-pointer-param.c:{{[0-9]+}}:3 in function 'mirror'
// CHECK:         tilable: yes
// CHECK-LABEL: nest at {{.*}}private-pointer-param.c:{{[0-9]+}}:3 in function 'fixed'
// CHECK:         tilable: yes
// CODE:      double hetile_pbuf_sum[(long)(np) <= 8192 && (long)(np) > 0 ? (long)(np) : 1]; double *sum = (long)(np) <= 8192 ? hetile_pbuf_sum : (double *)malloc(sizeof(double) * (size_t)(np));
// CODE:      if (sum != hetile_pbuf_sum) free(sum);
//@ args 2 3 4 | 3 5 7 | 1 2 9000 | 4 4 1
#include "exec-common.h"

static void doitgen(int nr, int nq, int np, double A[nr][nq][np],
                    const double C4[np][np], double sum[np]) {
#pragma hetile
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}

static void mirror(int nr, int nq, int np, double A[nr][nq][np],
                   double tmp[np]) {
#pragma hetile
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++)
        tmp[p] = 2.0 * A[r][q][p];
      for (int p = 0; p < np; p++)
        A[r][q][p] = 0.5 * (tmp[p] + tmp[np - 1 - p]);
    }
}

static void fixed(int nr, int nq, double B[nr][nq][8], double w[8]) {
#pragma hetile
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < 8; p++)
        w[p] = B[r][q][p] * (double)(p + 1);
      for (int p = 0; p < 8; p++)
        B[r][q][p] = w[p] + w[7 - p];
    }
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  int nr = atoi(argv[1]), nq = atoi(argv[2]), np = atoi(argv[3]);
  size_t na = (size_t)nr * (size_t)nq * (size_t)np;
  double(*A)[nq][np] = calloc(na, sizeof(double));
  double(*C4)[np] = NULL;
  double *sum = calloc((size_t)np, sizeof(double));
  for (size_t k = 0; k < na; k++)
    (&A[0][0][0])[k] = hetile_exec_init((long)k, 3, 0);
  if (np <= 64) {
    C4 = calloc((size_t)np * (size_t)np, sizeof(double));
    for (size_t k = 0; k < (size_t)np * (size_t)np; k++)
      (&C4[0][0])[k] = hetile_exec_init((long)k, 5, 1);
    doitgen(nr, nq, np, A, (const double(*)[np])C4, sum);
    hetile_exec_dump("sum", sum, (size_t)np);
  }
  mirror(nr, nq, np, A, sum);
  hetile_exec_dump("A", &A[0][0][0], na);
  hetile_exec_dump("tmp", sum, (size_t)np);
  double(*B)[nq][8] = calloc((size_t)nr * (size_t)nq * 8, sizeof(double));
  for (size_t k = 0; k < (size_t)nr * (size_t)nq * 8; k++)
    (&B[0][0][0])[k] = hetile_exec_init((long)k, 7, 2);
  double w[8] = {0};
  fixed(nr, nq, B, w);
  hetile_exec_dump("B", &B[0][0][0], (size_t)nr * (size_t)nq * 8);
  hetile_exec_dump("w", w, 8);
  free(A);
  free(C4);
  free(sum);
  free(B);
  return 0;
}
