// Differential execution: sibling inner loops under one outer loop, each
// with its own recurrence, that no dependence links (siblings) or that
// one links (crossed: the second loop reads what the first wrote one row
// further, shifted). No band as written holds both; isl's scheduler, asked
// to keep the instances that read one element of cc close, fuses them into
// one band (Analysis/Permutability.cpp). Bounds differ between the
// siblings in `ragged`.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s --check-prefix=ANALYZE
//@ args 2 2 | 3 7 | 17 9 | 40 33
// ANALYZE-LABEL: in function 'siblings'
// ANALYZE:       permutable band: depth 2, after transformation
// ANALYZE:       tilable: yes
// ANALYZE-LABEL: in function 'crossed'
// ANALYZE:       tilable: yes
// ANALYZE-LABEL: in function 'ragged'
// ANALYZE:       tilable: yes
#include "exec-common.h"

static void siblings(int n, double aa[n][n], double bb[n][n],
                     const double cc[n][n]) {
#pragma hetile
  for (int i = 1; i < n; i++) {
    for (int j = 1; j < n; j++)
      aa[j][i] = aa[j - 1][i] + cc[j][i];
    for (int j = 1; j < n; j++)
      bb[j][i] = bb[j][i - 1] + cc[j][i];
  }
}

static void crossed(int n, double aa[n][n], double bb[n][n],
                    const double cc[n][n]) {
#pragma hetile
  for (int i = 1; i < n; i++) {
    for (int j = 1; j < n - 1; j++)
      aa[j][i] = 0.5 * aa[j - 1][i] + cc[j][i];
    for (int j = 1; j < n - 1; j++)
      bb[j][i] = 0.5 * bb[j][i - 1] + aa[j + 1][i - 1] + cc[j][i];
  }
}

static void ragged(int n, int m, double aa[n][n], double bb[n][n],
                   const double cc[n][n]) {
#pragma hetile
  for (int i = 1; i < n; i++) {
    for (int j = 1; j < m; j++)
      aa[j][i] = aa[j - 1][i] * 0.5 + cc[j][i];
    for (int j = 2; j < n; j++)
      bb[j][i] = bb[j][i - 1] * 0.5 + cc[j - 1][i];
  }
}

int main(int argc, char **argv) {
  int n = argc > 2 ? atoi(argv[1]) : 10, m = argc > 2 ? atoi(argv[2]) : 10;
  if (m > n)
    m = n;
  size_t Size = sizeof(double) * (size_t)n * (size_t)n;
  double *a = malloc(Size), *b = malloc(Size), *c = malloc(Size);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i * n + j] = hetile_exec_init(i, j, 0);
      b[i * n + j] = hetile_exec_init(i, j, 1);
      c[i * n + j] = hetile_exec_init(i, j, 2);
    }
  siblings(n, (double (*)[n])a, (double (*)[n])b, (const double (*)[n])c);
  crossed(n, (double (*)[n])a, (double (*)[n])b, (const double (*)[n])c);
  ragged(n, m, (double (*)[n])a, (double (*)[n])b, (const double (*)[n])c);
  hetile_exec_dump("a", a, (size_t)n * (size_t)n);
  hetile_exec_dump("b", b, (size_t)n * (size_t)n);
  free(a);
  free(b);
  free(c);
  return 0;
}
