// Differential execution: flat arrays whose row length is an affine form of
// parameters, not one parameter (docs/delinearization.md). dp_offsets is
// the sequence-alignment shape of ../shared/repros/real-code-patterns: the
// row offsets i * (m + 1) and (i - 1) * (m + 1) are computed per row into
// scalars, the score table has rows of m + 1 ints. padded is a stencil on
// an array with a halo, a[(i + 1) * (n + 2) + j + 1]. Every subscript is
// proven to stay in its row of m + 1 or n + 2 elements: no row check, and
// the harness proves the tiled code ran on every backend.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// CHECK-LABEL: nest at {{.*}}flat-affine-rows.c:{{[0-9]+}}:3 in function 'dp_offsets'
// CHECK:         delinearized: score as score[][m + 1], subscripts but the first in [0, m + 1)
// CHECK:         read score[-1 + i, -1 + j]
// CHECK:         write score[i, j]
// CHECK:         tilable: yes
// CHECK-LABEL: nest at {{.*}}flat-affine-rows.c:{{[0-9]+}}:3 in function 'padded'
// CHECK:         run-time checks: none
// CHECK-NEXT:    delinearized: a as a[][n + 2], subscripts but the first in [0, n + 2)
// CHECK:         write a[1 + i, 1 + j]
// CHECK:         read a[i, 1 + j]
// CHECK:         tilable: yes
//@ args 1 1 0 | 7 5 2 | 23 17 3 | 40 9 5
#include "exec-common.h"

static void dp_offsets(int n, int m, int *restrict score,
                       const char *restrict s, const char *restrict t) {
#pragma hetile
  for (int i = 1; i <= n; i++) {
    int row = i * (m + 1), up = (i - 1) * (m + 1);
    for (int j = 1; j <= m; j++) {
      int best;
      int diag = score[up + j - 1] + (s[i - 1] == t[j - 1] ? 2 : -1);
      int left = score[row + j - 1] - 1, above = score[up + j] - 1;
      if (diag >= left && diag >= above)
        best = diag;
      else if (left >= above)
        best = left;
      else
        best = above;
      score[row + j] = best;
    }
  }
}

static void padded(int T, int n, double *a) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        a[(i + 1) * (n + 2) + j + 1] =
            0.25 * (a[i * (n + 2) + j + 1] + a[(i + 2) * (n + 2) + j + 1] +
                    a[(i + 1) * (n + 2) + j] + a[(i + 1) * (n + 2) + j + 2]);
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  int n = atoi(argv[1]), m = atoi(argv[2]), T = atoi(argv[3]);
  int *score = calloc((size_t)(n + 1) * (size_t)(m + 1), sizeof(int));
  char *s = malloc((size_t)n + 1), *t = malloc((size_t)m + 1);
  for (int i = 0; i < n; i++)
    s[i] = "ACGT"[(i * 7 + 3) % 4];
  for (int j = 0; j < m; j++)
    t[j] = "ACGT"[(j * 5 + 1) % 4];
  for (int i = 0; i <= n; i++)
    score[i * (m + 1)] = -i;
  for (int j = 0; j <= m; j++)
    score[j] = -j;
  dp_offsets(n, m, score, s, t);
  hetile_exec_dump_int("score", score, (size_t)(n + 1) * (size_t)(m + 1));
  size_t size = (size_t)(m + 2) * (size_t)(m + 2);
  double *a = malloc(size * sizeof(double));
  for (size_t k = 0; k < size; k++)
    a[k] = hetile_exec_init((long)k, 3, 0);
  padded(T, m, a);
  hetile_exec_dump("a", a, size);
  free(score);
  free(s);
  free(t);
  free(a);
  return 0;
}
