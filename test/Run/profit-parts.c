// A call in parts of its outermost loop (hetile_profit_parts,
// docs/profitability.md): with HETILE_PROFIT=trials every call runs the
// original nest, the tiled nest on one thread and on every thread in turn,
// in parts of 1 to 5 values grown to whole tiles, to its end. Every run
// gives the original's output bit for bit (the iterators' final values
// included: `recur` declares them outside the nest), under several thread
// counts and tile sizes, and the statistics prove that each way ran parts.
// A triangular nest (its points per value of the outer loop vary) and a
// skewed one never run in parts; a flat array's parts try the tiled ways
// only where its run-time row check holds. The default decision (HETILE_PROFIT=1)
// tries each way on a part of the first call of a nest long enough to
// repay every thread's one-time costs (3000 x 3000 points) and names the
// rest's way; where no second processor is free (HETILE_EMULATE_LOAD), or
// the call is short (1100 x 1100, under 10 ms), every thread gets no part.
// The seq backend's nests run in parts the same way, with two ways, the
// skewed one too (one thread has no pipeline ramp).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -std=c99 -O2 %s -o %t/orig
// RUN: %t/orig > %t/want
// RUN: %hetile rewrite %s --backend=omp -o %t/omp.c -- -std=c99
// RUN: %strip-directives %t/omp.c | FileCheck %s --check-prefix=CODE
// RUN: %gcc -std=c99 -O2 -Wall -Werror -fopenmp %rt_cflags %t/omp.c -o %t/omp %rt_libs
// RUN: env HETILE_PROFIT=trials HETILE_STATS=1 HETILE_TILE_SIZES=4 OMP_NUM_THREADS=2 %t/omp > %t/got 2> %t/err
// RUN: diff %t/want %t/got
// RUN: FileCheck %s --check-prefix=TRIALS --input-file=%t/err
// RUN: env HETILE_PROFIT=trials OMP_NUM_THREADS=3 HETILE_TILE_SIZES=3,2 %t/omp | diff %t/want -
// RUN: env HETILE_PROFIT=trials OMP_NUM_THREADS=1 %t/omp | diff %t/want -
// RUN: env HETILE_PROFIT=trials HETILE_TILE_SIZES=1 OMP_NUM_THREADS=2 %t/omp | diff %t/want -
// RUN: env HETILE_PROFIT=trials HETILE_TILE_SIZES=7,3,5 OMP_NUM_THREADS=2 %t/omp | diff %t/want -
// RUN: env HETILE_PROFIT=trials HETILE_TILE_SIZES=1000 OMP_NUM_THREADS=2 %t/omp | diff %t/want -
// The seq backend's nests run in parts too (one thread: the original and
// the tiled nest):
// RUN: %hetile rewrite %s --backend=seq -o %t/seq.c -- -std=c99
// RUN: %gcc -std=c99 -O2 -Wall -Werror %rt_cflags %t/seq.c -o %t/seq %rt_libs
// RUN: env HETILE_PROFIT=trials HETILE_STATS=1 HETILE_TILE_SIZES=4 %t/seq > %t/got-seq 2> %t/err-seq
// RUN: diff %t/want %t/got-seq
// RUN: FileCheck %s --check-prefix=SEQ --input-file=%t/err-seq
// RUN: env HETILE_PROFIT=trials HETILE_TILE_SIZES=7,3,5 %t/seq | diff %t/want -
// RUN: env HETILE_PROFIT=trials HETILE_TILE_SIZES=1 %t/seq | diff %t/want -
// RUN: env HETILE_PROFIT=1 HETILE_STATS=1 %t/seq 1100 > %t/got-seq1 2> %t/err-seq1
// RUN: %t/orig 1100 | diff - %t/got-seq1
// RUN: FileCheck %s --check-prefix=SEQFIRST --input-file=%t/err-seq1
// RUN: env HETILE_PROFIT=1 HETILE_EMULATE_LOAD=0 HETILE_STATS=1 OMP_NUM_THREADS=2 %t/omp 3000 > %t/got-1 2> %t/err-1
// RUN: %t/orig 3000 | diff - %t/got-1
// RUN: FileCheck %s --check-prefix=FIRST --input-file=%t/err-1
// RUN: env HETILE_PROFIT=1 HETILE_EMULATE_LOAD=1000 HETILE_STATS=1 OMP_NUM_THREADS=2 %t/omp 1100 > %t/got-busy 2> %t/err-busy
// RUN: %t/orig 1100 | diff - %t/got-busy
// RUN: FileCheck %s --check-prefix=BUSY --input-file=%t/err-busy

// CODE-LABEL: void recur(
// CODE: hetile_profit_parts(&hetile_pc,
// CODE: while (hetile_profit_part(&hetile_pc, &hetile_run, hetile_part)) {
// CODE: hetile_profit_align(&hetile_pc, hetile_T[0], hetile_part);
// CODE: { if ((long)(i) < hetile_part[0] || (long)(i) > hetile_part[1]) continue;
// CODE-LABEL: void box3(
// CODE: hetile_profit_parts(&hetile_pc,
// CODE: if (hetile_profit_whole(hetile_part)) {
// CODE-NEXT: for (int i = 1; i < n; i++)
// CODE-NEXT: for (int j = 1; j < m; j++) {
// CODE: } else {
// CODE-NEXT: for (int i = 1; i < n; i++)
// CODE-NEXT: { if ((long)(i) < hetile_part[0] || (long)(i) > hetile_part[1]) continue; for (int j = 1; j < m; j++) {
// CODE-LABEL: void flatrec(
// CODE: hetile_profit_parts(&hetile_pc, {{.*}}, hetile_inrows);
// CODE-LABEL: void tri(
// CODE-NOT: hetile_profit_parts
// CODE: hetile_run = hetile_profit_begin(
// CODE-NOT: hetile_profit_parts
// CODE-LABEL: void skewed(
// CODE-NOT: hetile_profit_parts
// CODE: hetile_run = hetile_profit_begin(
// CODE-NOT: hetile_profit_parts
// CODE-LABEL: int main(

// TRIALS-DAG: hetile: profit: profit-parts.c:{{[0-9]+}} (recur): {{.*}}; this call in {{[0-9]+}} parts: original {{[1-9][0-9]*}}, tiled on 1 thread {{[1-9][0-9]*}}, tiled on 2 threads {{[1-9][0-9]*}}
// TRIALS-DAG: hetile: profit: profit-parts.c:{{[0-9]+}} (flatrec): {{.*}}; this call in {{[0-9]+}} parts: original {{[1-9][0-9]*}}, tiled on 1 thread {{[1-9][0-9]*}}, tiled on 2 threads {{[1-9][0-9]*}}
// TRIALS-DAG: hetile: profit: profit-parts.c:{{[0-9]+}} (box3): {{.*}}; this call in {{[0-9]+}} parts: original {{[1-9][0-9]*}}, tiled on 1 thread {{[1-9][0-9]*}}, tiled on 2 threads {{[1-9][0-9]*}}
// BUSY: hetile: profit: profit-parts.c:{{[0-9]+}} (recur): 2^20 points per call: {{.*}} tiled on 2 threads not run; 1 calls); this call in parts of its outermost loop: {{[^;]*}} s per value over {{[0-9]+}}, {{[^;]*}} s per value over {{[0-9]+}} (the rest)
// SEQ-DAG: hetile: profit: profit-parts.c:{{[0-9]+}} (recur): {{.*}}; this call in {{[0-9]+}} parts: original {{[1-9][0-9]*}}, tiled on 1 thread {{[1-9][0-9]*}}{{$}}
// SEQ-DAG: hetile: profit: profit-parts.c:{{[0-9]+}} (box3): {{.*}}; this call in {{[0-9]+}} parts: original {{[1-9][0-9]*}}, tiled on 1 thread {{[1-9][0-9]*}}{{$}}
// SEQ-DAG: hetile: profit: profit-parts.c:{{[0-9]+}} (skewed): {{.*}}; this call in {{[0-9]+}} parts: original {{[1-9][0-9]*}}, tiled on 1 thread {{[1-9][0-9]*}}{{$}}
// SEQFIRST: hetile: profit: profit-parts.c:{{[0-9]+}} (recur): 2^20 points per call: {{.*}}; this call in parts of its outermost loop: {{.*}} s per value over {{[0-9]+}}, {{.*}} s per value over {{[0-9]+}} (the rest)
// FIRST: hetile: profit: profit-parts.c:{{[0-9]+}} (recur): 2^23 points per call: {{.*}}; this call in parts of its outermost loop: {{.*}} s per value over {{[0-9]+}}, {{.*}} s per value over {{[0-9]+}}, {{.*}} s per value over {{[0-9]+}} (the rest)

#include <stdio.h>
#include <stdlib.h>

/* A 2-D recurrence; its iterators live after the nest. */
void recur(int n, double a[n][n], int *last_i, int *last_j) {
  int i = 0, j = 0;
#pragma hetile
  for (i = 1; i < n; i++)
    for (j = 1; j < n; j++)
      a[i][j] = 0.5 * a[i - 1][j] + 0.25 * a[i][j - 1] + 0.125 * a[i - 1][j - 1];
  *last_i = i;
  *last_j = j;
}

/* Statements at two depths under the outer loop. */
void box3(int n, int m, double b[n][m][m], double s[n][m]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++) {
      s[i][j] = s[i - 1][j] + s[i][j - 1];
      for (int k = 1; k < m; k++)
        b[i][j][k] = b[i - 1][j][k] + b[i][j - 1][k] + 0.5 * b[i][j][k - 1] + s[i][j];
    }
}

/* A flat array whose rows a run-time check keeps (m <= n): its parts
   try the tiled ways only where the check holds. */
void flatrec(int n, int m, double *f) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++)
      f[i * n + j] = 0.5 * f[(i - 1) * n + j] + 0.25 * f[i * n + j - 1];
}

/* Triangular: no parts. */
void tri(int n, double c[n][n]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = i; j < n; j++)
      c[i][j] = c[i - 1][j] + c[i][j - 1];
}

/* Skewed (Gauss-Seidel in time): no parts. */
void skewed(int t, int n, double d[n]) {
#pragma hetile
  for (int s = 0; s < t; s++)
    for (int i = 1; i < n - 1; i++)
      d[i] = (d[i - 1] + d[i] + d[i + 1]) / 3.0;
}

static unsigned long hash(const double *p, long n) {
  unsigned long h = 1469598103934665603UL;
  for (long k = 0; k < n; k++) {
    unsigned long x;
    __builtin_memcpy(&x, &p[k], sizeof x);
    h = (h ^ x) * 1099511628211UL;
  }
  return h;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 61, m = 23;
  double (*a)[n] = malloc(sizeof(double) * n * n);
  double (*c)[n] = malloc(sizeof(double) * n * n);
  double (*b)[m][m] = malloc(sizeof(double) * n * m * m);
  double (*s)[m] = malloc(sizeof(double) * n * m);
  double *d = malloc(sizeof(double) * n);
  double *f = malloc(sizeof(double) * (n + 1) * (n + 2));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i][j] = (i * 7 + j * 3) % 11 * 0.125;
      c[i][j] = (i + 2 * j) % 5 * 0.25;
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      s[i][j] = (i + j) % 3 * 0.5;
      for (int k = 0; k < m; k++)
        b[i][j][k] = (i * j + k) % 7 * 0.0625;
    }
  for (int i = 0; i < n; i++)
    d[i] = i % 4 * 0.5;
  for (long k = 0; k < (long)(n + 1) * (n + 2); k++)
    f[k] = k % 9 * 0.125;
  int li = 0, lj = 0;
  for (int call = 0; call < 3; call++) {
    recur(n, a, &li, &lj);
    box3(n, m, b, s);
    tri(n, c);
    flatrec(n, n - 3, f);
    flatrec(n, n + 2, f); /* rows overlap: the original */
    skewed(5, n, d);
  }
  printf("recur %lx %d %d\n", hash(&a[0][0], (long)n * n), li, lj);
  printf("box3 %lx %lx\n", hash(&b[0][0][0], (long)n * m * m),
         hash(&s[0][0], (long)n * m));
  printf("tri %lx\nskewed %lx\n", hash(&c[0][0], (long)n * n), hash(d, n));
  printf("flatrec %lx\n", hash(f, (long)(n + 1) * (n + 2)));
  return 0;
}
