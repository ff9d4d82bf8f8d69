// Differential execution: a nest that the next nest of its function follows
// at once leaves its final values on the ranks that computed them, and the
// next nest takes, before its tiles, what each rank's blocks read and the
// rest of what a rank lacks but what it overwrites (docs/mpi-exchange.md,
// "Values left for the next nest"). `relax` initialises a grid and relaxes
// it (an initialisation, then a time-stepped sweep: the sweep overwrites
// the interior, so only the borders and what the blocks read move before
// it); `chain` runs three nests, the third reading two arrays the first
// wrote (the second touches one of them: the other's values stay on their
// ranks until the third); `between` has a call between its nests (nothing is left then);
// `shifted` runs its second nest on an array that may overlap the first's:
// where it does, the original runs on every rank, after every value left
// has moved to every rank; `timed` reads a clock of its own (a function
// of the file that fills a struct timespec) and prints a line between its
// nests, which leaves the values where they are; `held` keeps its grids
// in a struct that both nests read through a pointer (loads before each
// nest, which first take what they read of the values left).
// RUN: %differential %s --work %t
//
// The generated code: the first nests of relax, shifted, timed and held
// and the first two of chain defer, between's does not; held's sweep takes
// its four loads' members first (hetile_mpi_take), then what its blocks
// read of its flat grids (a union of boxes that coalescing would turn
// into one basic set that is not a box: Communication.cpp boxCover).
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -I %S/../Exec/Inputs
// RUN: grep -c '^ *if (hetile_mpi_defer(hetile_m) < 0)' %t.mpi.c | grep -qx 6
// RUN: grep -c '^ *if (hetile_mpi_fetch(hetile_m) < 0)' %t.mpi.c | grep -qx 6
// RUN: grep -c '^ *if (hetile_mpi_settle_call(&hetile_pc) < 0)' %t.mpi.c | grep -qx 6
// RUN: grep -c '^ *if (hetile_loaded && hetile_mpi_take(' %t.mpi.c | grep -qx 4
//
// What `hetile analyze` says of the nests that leave their values:
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s --check-prefix=ANALYZE
// ANALYZE: in function 'relax'
// ANALYZE: final values (mpi backends): left on the ranks that computed them where they lie in runs; the nest at line [[#]], which runs next, takes what its blocks read
// ANALYZE: in function 'chain'
// ANALYZE: final values (mpi backends): left on the ranks
// ANALYZE: final values (mpi backends): left on the ranks
// ANALYZE: in function 'between'
// ANALYZE-NOT: final values (mpi backends): left
// ANALYZE: in function 'shifted'
// ANALYZE: final values (mpi backends): left on the ranks
// ANALYZE: in function 'timed'
// ANALYZE: final values (mpi backends): left on the ranks
// ANALYZE: in function 'held'
// ANALYZE: final values (mpi backends): left on the ranks
//
// As it runs, 2 ranks of equal speed (HETILE_STATS): the values left, what
// moved before the next nest, and that the sweep overwrites most of what
// rank 1 lacks, so that it does not move.
// RUN: %mpicc -std=c99 -O2 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 40 6 0 > %t.expected
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10,6 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 40 6 0 2> %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: FileCheck %s < %t.err
// CHECK: rank 1/2: {{.*}}, to their ranks: the nest at line [[#]] takes what it reads; {{.*}}; final values left on their ranks for the next nest: [[#]] bytes the other ranks lack
// CHECK: rank 1/2: {{.*}}; of what the previous nest left: [[#]] bytes received ([[#]] for the tiles), [[#]] sent, [[#]] not moved (this nest overwrites them)
// RUN: grep 'rank 1/2: .*to their ranks: the nest at line' %t.err | sed -n 1p | grep -Eq 'left on their ranks for the next nest: [1-9][0-9]* bytes'
// RUN: grep 'rank 1/2: .*of what the previous nest left' %t.err | sed -n 1p | grep -Eq ', [1-9][0-9]* not moved'
// chain's second nest touches A only: B's values stay where they are until
// the third nest, which reads B's elements but its first row and column:
// those move after its own exchange.
// RUN: grep 'rank 1/2: .*of what the previous nest left' %t.err | sed -n 2p | grep -Eq ', [1-9][0-9]* kept where they are \(this nest does not write them\)'
// RUN: grep 'rank 1/2: .*of what the previous nest left' %t.err | sed -n 3p | grep -Eq '; of what earlier nests left: [1-9][0-9]* bytes received, [0-9]* sent \(to every rank\)$'
//
// HETILE_DEFER=0: the values move to every rank at once (the exchange as
// it was), the same output.
// RUN: env HETILE_DEFER=0 HETILE_STATS=1 HETILE_PROFIT=0 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10,6 %mpirun -np 2 sh -c '"$0" "$@" > %t.nd.$OMPI_COMM_WORLD_RANK' %t.mpi 40 6 0 2> %t.nd.err
// RUN: diff %t.expected %t.nd.0
// RUN: diff %t.expected %t.nd.1
// RUN: grep -c 'rank 1/2: .*to their ranks: the nest at line [0-9]* takes what it reads; .*; HETILE_DEFER=0: the final values moved to every rank at once' %t.nd.err | grep -qx 6
// RUN: not grep -q 'of what the previous nest left' %t.nd.err
//
// Where shifted's arrays overlap (third argument 1), its second nest runs
// as the original, on every rank, after what its first nest left moved.
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.fallback %rt_mpi_libs
// RUN: %t.orig 40 6 1 > %t.expected1
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10,6 %mpirun -np 2 sh -c '"$0" "$@" > %t.fb.$OMPI_COMM_WORLD_RANK' %t.fallback 40 6 1 2> %t.fb.err
// RUN: diff %t.expected1 %t.fb.0
// RUN: diff %t.expected1 %t.fb.1
// RUN: FileCheck %s --check-prefix=FALLBACK < %t.fb.err
// FALLBACK: arrays may overlap: the original nest ran
// FALLBACK: hetile: rank 1/2: [[#]] bytes received, [[#]] sent of what earlier nests left, to every rank
//
//@ args 1 1 0 | 7 2 0 | 23 3 0 | 40 6 0
//@ mpi-runs 2:4,5,6 3:2,3,4 4:1,2,3
#define _POSIX_C_SOURCE 200809L
#include "exec-common.h"
#include <time.h>

static double relax(int n, int T) {
  double (*U)[n] = malloc(sizeof(double[n][n]));
  if (!U)
    abort();
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      U[i][j] = (double)((i * 37 + j * 11) % 101) / 64.0;
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        U[i][j] = 0.2 * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] +
                         U[i][j + 1] + U[i][j]);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += U[i][j] * (1 + (i + 2 * j) % 5);
  free(U);
  return s;
}

static void chain(int n, double A[restrict n][n], double B[restrict n][n],
                  double C[restrict n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (double)((i * 13 + j * 29) % 97) / 32.0;
      B[i][j] = (double)((i * 7 + j * 3) % 89) / 16.0;
    }
  int half = n / 2;
  (void)half;
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i][j] - 0.5 * A[i - 1][j] + 0.25 * A[i - 1][j - 1];
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      C[i][j] = 0.5 * C[i - 1][j] + 0.25 * C[i][j - 1] + A[i][j] - B[i][j];
}

static void between(int n, double A[restrict n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (double)((i * 5 + j * 17) % 83) / 8.0;
  hetile_exec_dump("between-first", &A[0][0], (size_t)n * (size_t)n);
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = 0.5 * A[i - 1][j] + 0.5 * A[i][j - 1];
}

static void shifted(int n, double *a, double *c) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = (double)((i * 3 + j * 23) % 79) / 4.0;
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      c[i * n + j] = 0.5 * c[(i - 1) * n + j] + a[i * n + j - 1];
}

/// The program's own clock: a struct of scalars filled by the C library.
static double seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double timed(int n) {
  double (*W)[n] = malloc(sizeof(double[n][n]));
  if (!W)
    abort();
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      W[i][j] = (double)((i * 19 + j * 7) % 61) / 16.0;
  double t0 = seconds();
  printf("timed: %d x %d initialised\n", n, n);
  fflush(stdout);
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      W[i][j] = 0.5 * W[i - 1][j] + 0.25 * W[i][j - 1] +
                0.125 * W[i - 1][j - 1];
  double t1 = seconds();
  double s = t1 >= t0 ? 0 : 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += W[i][j] * (1 + (3 * i + j) % 7);
  free(W);
  return s;
}

struct grids {
  int rows, cols;
  double *cur, *next;
};

static double held(int n, int T) {
  struct grids G = {n, n + 3, malloc(sizeof(double) * n * (n + 3)),
                    malloc(sizeof(double) * n * (n + 3))};
  struct grids *g = &G;
  if (!g->cur || !g->next)
    abort();
#pragma hetile
  for (int i = 0; i < g->rows; i++)
    for (int j = 0; j < g->cols; j++) {
      g->cur[i * g->cols + j] = (double)((i * 11 + j * 5) % 71) / 32.0;
      g->next[i * g->cols + j] = 0;
    }
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < g->rows - 1; i++)
      for (int j = 1; j < g->cols - 1; j++)
        g->next[i * g->cols + j] =
            0.25 * (g->cur[(i - 1) * g->cols + j] +
                    g->cur[(i + 1) * g->cols + j] +
                    g->cur[i * g->cols + j - 1] + g->cur[i * g->cols + j + 1]);
    for (int i = 1; i < g->rows - 1; i++)
      for (int j = 1; j < g->cols - 1; j++)
        g->cur[i * g->cols + j] = g->next[i * g->cols + j];
  }
  double s = 0;
  for (int k = 0; k < g->rows * g->cols; k++)
    s += g->cur[k] * (1 + k % 3) + g->next[k];
  free(G.cur);
  free(G.next);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10, T = argc > 2 ? atoi(argv[2]) : 2;
  int overlap = argc > 3 ? atoi(argv[3]) : 0;
  if (n < 1)
    n = 1;
  printf("relax %a\n", relax(n, T));
  size_t nn = (size_t)n * (size_t)n;
  double *A = calloc(nn, sizeof(double)), *B = calloc(nn, sizeof(double)),
         *C = calloc(nn, sizeof(double));
  double *S = calloc(2 * nn + 1, sizeof(double));
  if (!A || !B || !C || !S)
    abort();
  chain(n, (double (*)[n])A, (double (*)[n])B, (double (*)[n])C);
  hetile_exec_dump("A", A, nn);
  hetile_exec_dump("C", C, nn);
  between(n, (double (*)[n])B);
  hetile_exec_dump("B", B, nn);
  shifted(n, S, overlap ? S + 1 : S + nn + 1);
  hetile_exec_dump("S", S, 2 * nn + 1);
  printf("timed %a\n", timed(n));
  printf("held %a\n", held(n, T));
  free(A);
  free(B);
  free(C);
  free(S);
  return 0;
}
