// What may lie between two nests for the first to leave its final values on
// the ranks that computed them (mpi backends; Frontend/ReadAfter.h,
// nextNestAfter): scalars, the C library's output and clocks, and functions
// of the file that touch only their own scalars, and copies between local
// pointers that the function only reads or assigns (a swap of two grids).
// Anything that may read or write an array keeps the first nest's
// exchange.
// RUN: %hetile analyze %s | FileCheck %s
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <sys/time.h>
#include <time.h>

double total;

static double wall(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return tv.tv_sec + 1e-6 * tv.tv_usec;
}

static double later(int depth) { return depth > 0 ? later(depth - 1) : 0; }

static void note(double x) { total += x; }

static void show(const double *p) { printf("%f\n", *p); }

// CHECK-LABEL: in function 'printed'
// CHECK: final values (mpi backends): left on the ranks
void printed(int n, double A[n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i + j;
  double t0 = wall();
  printf("%d rows after %f s\n", n, wall() - t0);
  fprintf(stderr, "phase 1\n");
  fflush(stdout);
  clock_t c = clock();
  if (n > 100) {
    printf("a large grid\n");
  } else if (c < 0)
    puts("no clock");
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}

// An element printed: the exchange stays.
// CHECK-LABEL: in function 'element'
// CHECK-NOT: left on the ranks
// CHECK-LABEL: in function 'global'
void element(int n, double A[n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i + j;
  printf("%f\n", A[0][0]);
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}

// A function that writes a global, one that takes a pointer, one that
// recurses: each keeps the exchange.
// CHECK-NOT: left on the ranks
// CHECK-LABEL: in function 'pointer'
void global(int n, double A[n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i + j;
  note(1.0);
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}

// CHECK-NOT: left on the ranks
// CHECK-LABEL: in function 'recursive'
void pointer(int n, double A[n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i + j;
  show(&A[0][0]);
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}

// CHECK-NOT: left on the ranks
// CHECK-LABEL: in function 'returns'
void recursive(int n, double A[n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i + j;
  double x = later(3);
  (void)x;
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}

// A return between the nests: the second may not run.
// CHECK-NOT: left on the ranks
// CHECK-LABEL: in function 'swapped'
void returns(int n, double A[n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i + j;
  if (n > 1000)
    return;
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}

// The grids' pointers swapped between the nests: the second nest names the
// other array, and takes what it reads of the first one's by address.
// CHECK: final values (mpi backends): left on the ranks
// CHECK-LABEL: in function 'taken'
void swapped(int n, double *A, double *B) {
  double *a = A, *b = B;
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[i * n + j] = i + j;
  double *t = a;
  a = b;
  b = t;
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      b[i * n + j] = a[(i - 1) * n + j] + a[i * n + j - 1];
}

// A pointer whose address the function takes (here kept in another
// pointer), one moved by arithmetic, and a global one: each keeps the
// exchange.
// CHECK-NOT: left on the ranks
// CHECK-LABEL: in function 'moved'
void taken(int n, double *A, double *B, double ***out) {
  double *a = A, *b = B;
  double **where = &a;
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[i * n + j] = i + j;
  double *t = a;
  a = b;
  b = t;
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      b[i * n + j] = a[(i - 1) * n + j] + a[i * n + j - 1];
  *out = where;
}

// CHECK-NOT: left on the ranks
// CHECK-LABEL: in function 'globalgrid'
void moved(int n, double *A, double *B) {
  double *a = A, *b = B;
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[i * n + j] = i + j;
  a = b + n;
#pragma hetile
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n; j++)
      A[i * n + j] = a[(i - 1) * n + j] + a[i * n + j - 1];
}

double *grid;

// CHECK-NOT: left on the ranks
void globalgrid(int n, double *A, double *B) {
  double *a = A;
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[i * n + j] = i + j;
  grid = a;
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      B[i * n + j] = B[(i - 1) * n + j] + B[i * n + j - 1];
}
