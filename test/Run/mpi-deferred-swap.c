// Differential execution: values left across a loop that swaps its grids'
// pointers. Between two nests (and across a loop's back edge), copies
// between local pointer variables that the function only reads or
// assigns touch no element (Frontend/ReadAfter.cpp, TouchesNoMemory): the
// nest leaves its final values on the ranks that computed them, and the
// next one, through the other pointer, takes what its blocks read by
// address (docs/mpi-exchange.md, "Values left for the next nest").
// `swap2d`: a Jacobi sweep of a into b, then `t = a; a = b; b = t;` (VLA
// pointers); `flat`: the same on flat pointers (delinearized); `parity`:
// the grids of a step chosen by its parity before the nest; `twice`: two
// sweeps per step with a swap after each; `through`: the swap done by a
// function that takes the pointers' addresses, which keeps each nest's
// exchange.
// RUN: %differential %s --work %t
//
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s --check-prefix=ANALYZE
// ANALYZE: in function 'swap2d'
// ANALYZE: final values (mpi backends): left on the ranks that computed them where they lie in runs; the nest at line [[#]] (at the next step of the loop at line [[#]]), which runs next
// ANALYZE: in function 'flat'
// ANALYZE: final values (mpi backends): left on the ranks that computed them where they lie in runs; the nest at line [[#]] (at the next step of the loop at line [[#]]), which runs next
// ANALYZE: in function 'parity'
// ANALYZE: final values (mpi backends): left on the ranks that computed them where they lie in runs; the nest at line [[#]] (at the next step of the loop at line [[#]]), which runs next
// ANALYZE: nest at {{.*}}:[[FIRST:[0-9]+]]:{{.*}} in function 'twice'
// ANALYZE: final values (mpi backends): left on the ranks that computed them where they lie in runs; the nest at line [[#]], which runs next
// ANALYZE: in function 'twice'
// ANALYZE: final values (mpi backends): left on the ranks that computed them where they lie in runs; the nest at line [[FIRST]] (at the next step of the loop at line [[#]]), which runs next
// ANALYZE: in function 'through'
// ANALYZE-NOT: final values (mpi backends): left
// ANALYZE: in function 'main'
//
// As it runs, 2 ranks of equal speed (HETILE_STATS): from the second step
// on, the sweep receives one row of a (38 doubles) for its tiles instead
// of the 5776 bytes of its exchange; after the loop, what is left moves to
// every rank.
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O2 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 40 4 > %t.expected
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 40 4 2> %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: grep 'rank 1/2' %t.err | FileCheck %s --check-prefix=LOOP
// `swap2d`, step 0 leaves its values, steps 1 to 3 take a row each:
// LOOP: the nest at line [[#]] (at the next step of the loop at line [[#]]) takes what it reads; {{.*}}; final values left on their ranks for the next nest: 5776 bytes the other ranks lack
// LOOP-NEXT: of what the previous nest left: 304 bytes received (304 for the tiles), 304 sent
// LOOP-NEXT: of what the previous nest left: 304 bytes received (304 for the tiles), 304 sent
// LOOP-NEXT: of what the previous nest left: 304 bytes received (304 for the tiles), 304 sent
// LOOP-NEXT: rank 1/2: [[#]] bytes received, [[#]] sent of what earlier nests left, to every rank
// `through`: every step's exchange to every rank.
// LOOP: to every rank: a loop of its function around it runs it again
// LOOP-NOT: of what the previous nest left
// LOOP: to every rank: a loop of its function around it runs it again
// Storage by share at every step: on rows of 4 pages (2100 doubles),
// rank 1 of `swap2d` gives back at the second and third steps the whole
// pages of the other rank's half of each grid (the first two fetches of
// each grid), and at the fourth only a few pages: never its own half, which
// its tiles write at every step (hetile_mpi_write_run).
// RUN: %t.orig 2100 4 > %t.big.expected
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk %mpirun -np 2 sh -c '"$0" "$@" > %t.big.$OMPI_COMM_WORLD_RANK' %t.mpi 2100 4 2> %t.big.err
// RUN: diff %t.big.expected %t.big.0
// RUN: diff %t.big.expected %t.big.1
// RUN: grep 'rank 1/2' %t.big.err | FileCheck %s --check-prefix=KEEP
// KEEP: final values left on their ranks for the next nest
// KEEP-NEXT: resident: b [[HALF:[0-9]+]] of [[ALL:[0-9]+]] bytes; of what the previous nest left: {{[^;]*}}; {{[0-9][0-9][0-9][0-9][0-9][0-9][0-9]+}} bytes of resident pages given back
// KEEP-NEXT: resident: b [[HALF]] of [[ALL]] bytes; of what the previous nest left: {{[^;]*}}; {{[0-9][0-9][0-9][0-9][0-9][0-9][0-9]+}} bytes of resident pages given back
// KEEP-NEXT: resident: b [[HALF]] of [[ALL]] bytes; of what the previous nest left: {{[^;]*}}; {{([0-9]?[0-9]?[0-9]?[0-9]?[0-9]?[0-9] bytes of resident pages given back [^;]*; )?}}final values left
// The values poisoned where a rank's copy is dead, on 3 ranks:
// RUN: env HETILE_PROFIT=0 HETILE_RELEASE=poison HETILE_TILE_SIZES=4,6 %mpirun -np 3 sh -c '"$0" "$@" > %t.p.$OMPI_COMM_WORLD_RANK' %t.mpi 40 5
// RUN: %t.orig 40 5 > %t.expected5
// RUN: diff %t.expected5 %t.p.0
// RUN: diff %t.expected5 %t.p.1
// RUN: diff %t.expected5 %t.p.2
//@ args 1 1 | 7 0 | 9 3 | 23 2 | 40 5
//@ mpi-runs 2:4,5 3:2,3 4:1,2
#include "exec-common.h"

static void swap2d(int n, int T, double A[restrict n][n],
                   double B[restrict n][n]) {
  double (*a)[n] = A, (*b)[n] = B;
  for (int s = 0; s < T; s++) {
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] +
                         a[i][j + 1]);
    double (*t)[n] = a;
    a = b;
    b = t;
  }
}

static void flat(int n, int T, double *A, double *B) {
  double *a = A, *b = B;
  for (int s = 0; s < T; s++) {
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] +
                               a[i * n + j - 1] + a[i * n + j + 1]);
    double *t = a;
    a = b;
    b = t;
  }
}

static void parity(int n, int T, double A[restrict n][n],
                   double B[restrict n][n]) {
  for (int s = 0; s < T; s++) {
    double (*src)[n] = s % 2 ? B : A;
    double (*dst)[n] = s % 2 ? A : B;
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        dst[i][j] = 0.5 * src[i][j] + 0.125 * (src[i - 1][j] + src[i + 1][j] +
                                               src[i][j - 1] + src[i][j + 1]);
  }
}

static void twice(int n, int T, double A[restrict n][n],
                  double B[restrict n][n]) {
  double (*a)[n] = A, (*b)[n] = B, (*t)[n];
  for (int s = 0; s < T; s++) {
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i][j] = a[i][j] - 0.25 * (a[i - 1][j] + a[i][j + 1]);
    t = a;
    a = b;
    b = t;
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i][j] = 0.5 * (a[i][j] + a[i + 1][j - 1]);
    t = a;
    a = b;
    b = t;
  }
}

static void exchange(double **x, double **y) {
  double *t = *x;
  *x = *y;
  *y = t;
}

static void through(int n, int T, double *A, double *B) {
  double *a = A, *b = B;
  for (int s = 0; s < T; s++) {
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.5 * a[i * n + j] + 0.25 * a[(i - 1) * n + j + 1];
    exchange(&a, &b);
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10, T = argc > 2 ? atoi(argv[2]) : 2;
  size_t Count = (size_t)n * (size_t)n;
  double (*A)[n] = malloc(sizeof(double) * Count + 1);
  double (*B)[n] = malloc(sizeof(double) * Count + 1);
  if (!A || !B)
    abort();
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (double)((i * 13 + j * 29) % 97) / 32.0;
      B[i][j] = (double)((i * 7 + j * 3) % 89) / 16.0;
    }
  swap2d(n, T, A, B);
  hetile_exec_dump("swap2d-A", &A[0][0], Count);
  hetile_exec_dump("swap2d-B", &B[0][0], Count);
  flat(n, T, &A[0][0], &B[0][0]);
  hetile_exec_dump("flat-A", &A[0][0], Count);
  hetile_exec_dump("flat-B", &B[0][0], Count);
  parity(n, T, A, B);
  hetile_exec_dump("parity-A", &A[0][0], Count);
  hetile_exec_dump("parity-B", &B[0][0], Count);
  twice(n, T, A, B);
  hetile_exec_dump("twice-A", &A[0][0], Count);
  hetile_exec_dump("twice-B", &B[0][0], Count);
  through(n, T, &A[0][0], &B[0][0]);
  hetile_exec_dump("through-A", &A[0][0], Count);
  hetile_exec_dump("through-B", &B[0][0], Count);
  free(A);
  free(B);
  return 0;
}
