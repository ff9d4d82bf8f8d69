// --auto with `#pragma hetile` nests inside other loops: the marked nest is
// tiled once, as marked, and the loop around it is not a candidate of its
// own (the two rewrites would overlap), nor is the marked nest analyzed a
// second time as an inner nest of a loop the frontend rejects: no nest is
// refused with the internal error "The new replacement overlaps with an
// existing replacement".
// RUN: %hetile rewrite --auto %s -o %t.c -- -std=c99 2>&1 | FileCheck %s --check-prefix=REMARK --allow-empty
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
// RUN: %gcc -std=c99 -O2 -Wall -Werror -c %rt_cflags %t.c -o %t.o
// REMARK-NOT: overlaps
// REMARK-NOT: codegen-failed

// CODE-LABEL: {{^}}void outer_tilable(
// CODE: {{^ *}}for (int t = 0; t < T; t++) {
// CODE: {{^ *}}/* hetile: the nest below was tiled
// CODE: {{^ *}}/* hetile: tile loops
// CODE-NOT: {{^ *}}/* hetile: tile loops
// CODE-LABEL: {{^}}void outer_rejected(
void outer_tilable(int T, int N, double A[restrict N][N]) {
  for (int t = 0; t < T; t++) {
#pragma hetile
    for (int i = 1; i < N; i++)
      for (int j = 1; j < N; j++)
        A[i][j] = A[i - 1][j] + A[i][j - 1];
  }
}

// CODE: {{^ *}}for (int t = 0; t < T; t++) {
// CODE: {{^ *}}/* hetile: the nest below was tiled
// CODE: {{^ *}}/* hetile: tile loops
// CODE-NOT: {{^ *}}/* hetile: tile loops
// CODE-LABEL: {{^}}void sibling(
void outer_rejected(int T, int N, double A[restrict N][N], double *s) {
  for (int t = 0; t < T; t++) {
    *s = *s + 1;
#pragma hetile
    for (int i = 1; i < N; i++)
      for (int j = 1; j < N; j++)
        A[i][j] = A[i - 1][j] + A[i][j - 1];
  }
}

// A loop the frontend rejects, around a marked nest and an unmarked one:
// both inner nests are tiled, each once.
// CODE: {{^ *}}/* hetile: the nest below was tiled
// CODE: {{^ *}}/* hetile: tile loops
// CODE: {{^ *}}/* hetile: tile loops
// CODE-NOT: {{^ *}}/* hetile: tile loops
void sibling(int T, int N, double A[restrict N][N], double B[restrict N][N],
             double *s) {
  for (int t = 0; t < T; t++) {
    *s = *s + 1;
#pragma hetile
    for (int i = 1; i < N; i++)
      for (int j = 1; j < N; j++)
        A[i][j] = A[i - 1][j] + A[i][j - 1];
    for (int i = 1; i < N; i++)
      for (int j = 1; j < N; j++)
        B[i][j] = B[i - 1][j] + B[i][j - 1];
  }
}
