// Which arrays the mpi backends' final exchange moves only in part: those
// the nest's function owns and reads after the nest at elements affine in
// the nest's parameters (Frontend/ReadAfter.h). Each function below either
// keeps the restriction (the line names the array) or loses it, and says
// why in its comment.
// RUN: %hetile analyze %s -- | FileCheck %s
#include <stdlib.h>

void use(int *p);

// CHECK-LABEL: in function 'owned_heap'
// CHECK: final exchange (mpi backends): [n] -> { 4 : n > 0 } bytes of final values (of 'D', which the function owns, only what it reads after the nest);
int owned_heap(int n) {
  int *D = malloc(sizeof *D * (size_t)(n + 1)); // sizeof *D: not evaluated
  if (D == NULL)
    return -1;
  D[0] = 0;
#pragma hetile
  for (int t = 0; t < 4; t++)
    for (int i = 1; i <= n; i++)
      D[i] = D[i] + D[i - 1] + i;
  int r = D[n];
  free(D);
  return r;
}

// A local array, written again after the nest (a write reads nothing).
// CHECK-LABEL: in function 'owned_local'
// CHECK: final exchange (mpi backends): [n] -> { 4 : n = 1; 8 : n >= 2 } bytes of final values (of 'A', which
int owned_local(int n) {
  int A[n + 1][n + 1];
  for (int i = 0; i <= n; i++)
    for (int j = 0; j <= n; j++)
      A[i][j] = i ^ j;
#pragma hetile
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= n; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
  A[0][0] = 7;
  return A[n][n] + A[1][n];
}

// Nothing reads the array after the nest: nothing moves.
// CHECK-LABEL: in function 'never_read'
// CHECK: final exchange (mpi backends): 0 bytes of final values (of 'W', which
void never_read(int n) {
  double *W = calloc((size_t)n + 1, sizeof(double));
#pragma hetile
  for (int t = 0; t < 4; t++)
    for (int i = 1; i < n; i++)
      W[i] = 0.5 * W[i] + 0.25 * W[i - 1] + 1.0;
  free(W);
}

// The pointer is passed to a function: any element may be read.
// CHECK-LABEL: in function 'passed'
// CHECK: final exchange (mpi backends): [n] -> { 4 * n : n > 0 } bytes of final values; each
void passed(int n) {
  int *D = malloc(sizeof(int) * (size_t)(n + 1));
  D[0] = 1;
#pragma hetile
  for (int t = 0; t < 4; t++)
    for (int i = 1; i <= n; i++)
      D[i] = D[i] + 2 * D[i - 1];
  use(D);
  free(D);
}

// The pointer is copied: reads through the copy are out of sight.
// CHECK-LABEL: in function 'copied'
// CHECK: final exchange (mpi backends): [n] -> { 4 * n : n > 0 } bytes of final values; each
int copied(int n) {
  int *D = malloc(sizeof(int) * (size_t)(n + 1));
  D[0] = 1;
#pragma hetile
  for (int t = 0; t < 4; t++)
    for (int i = 1; i <= n; i++)
      D[i] = D[i] + 2 * D[i - 1];
  int *E = D;
  int r = E[n / 2];
  free(D);
  return r;
}

// The address of an element escapes.
// CHECK-LABEL: in function 'address'
// CHECK: final exchange (mpi backends): [n] -> { 4 * n : n > 0 } bytes of final values; each
int address(int n) {
  int *D = malloc(sizeof(int) * (size_t)(n + 1));
  D[0] = 1;
#pragma hetile
  for (int t = 0; t < 4; t++)
    for (int i = 1; i <= n; i++)
      D[i] = D[i] + 2 * D[i - 1];
  use(&D[1]);
  int r = D[n];
  free(D);
  return r;
}

// A read in a loop of its own: its subscript is not a parameter's.
// CHECK-LABEL: in function 'checksum'
// CHECK: final exchange (mpi backends): [n] -> { 4 * n : n > 0 } bytes of final values; each
int checksum(int n) {
  int *D = malloc(sizeof(int) * (size_t)(n + 1));
  D[0] = 1;
#pragma hetile
  for (int t = 0; t < 4; t++)
    for (int i = 1; i <= n; i++)
      D[i] = D[i] + 2 * D[i - 1] + 1;
  int s = 0;
  for (int i = 0; i <= n; i++)
    s += D[i];
  free(D);
  return s;
}

// The parameter changes after the nest: D[n] is not the element the nest
// saw as D[n].
// CHECK-LABEL: in function 'param_written'
// CHECK: final exchange (mpi backends): [n] -> { 4 * n : n > 0 } bytes of final values; each
int param_written(int n) {
  int *D = malloc(sizeof(int) * (size_t)(n + 2));
  D[0] = 1;
#pragma hetile
  for (int t = 0; t < 4; t++)
    for (int i = 1; i <= n; i++)
      D[i] = D[i] + 2 * D[i - 1];
  n = n - 1;
  int r = D[n];
  free(D);
  return r;
}

// A pointer that does not come from malloc may hold the caller's array.
// CHECK-LABEL: in function 'not_allocated'
// CHECK: final exchange (mpi backends): [n] -> { 4 * n : n > 0 } bytes of final values; each
int not_allocated(int n, int *Caller) {
  int *D = Caller;
#pragma hetile
  for (int t = 0; t < 4; t++)
    for (int i = 1; i <= n; i++)
      D[i] = D[i] + 2 * D[i - 1];
  return D[n];
}

// A label: a jump may run the nest again.
// CHECK-LABEL: in function 'label'
// CHECK: final exchange (mpi backends): [n] -> { 4 * n : n > 0 } bytes of final values; each
int label(int n, int again) {
  int *D = malloc(sizeof(int) * (size_t)(n + 1));
  D[0] = 1;
top:
#pragma hetile
  for (int t = 0; t < 4; t++)
    for (int i = 1; i <= n; i++)
      D[i] = D[i] + 2 * D[i - 1] + D[i];
  if (again-- > 0)
    goto top;
  int r = D[n];
  free(D);
  return r;
}

// A flat table: D[n * (m + 1) + m] is row n, column m of its rows of m + 1.
// CHECK-LABEL: in function 'flat_split'
// CHECK: final exchange (mpi backends): [n, m] -> { 4 : n > 0 and m > 0 } bytes of final values (of 'D', which
int flat_split(int n, int m) {
  int *D = calloc((size_t)(n + 1) * (size_t)(m + 1), sizeof(int));
#pragma hetile
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++)
      D[i * (m + 1) + j] = D[(i - 1) * (m + 1) + j] + D[i * (m + 1) + j - 1];
  int r = D[n * (m + 1) + m];
  free(D);
  return r;
}

// D[n * m] is row n - 1, column m + 1 - n: no one row and column for every
// n and m where the nest runs.
// CHECK-LABEL: in function 'flat_no_split'
// CHECK: final exchange (mpi backends): [n, m] -> { 4 * n * m : n > 0 and m > 0 } bytes of final values; each
int flat_no_split(int n, int m) {
  int *D = calloc((size_t)(n + 1) * (size_t)(m + 1), sizeof(int));
#pragma hetile
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++)
      D[i * (m + 1) + j] = D[(i - 1) * (m + 1) + j] + D[i * (m + 1) + j - 1];
  int r = D[n * m];
  free(D);
  return r;
}
