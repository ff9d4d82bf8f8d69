// The run-time decision of whether a tiled nest pays (hetile_profit_begin,
// docs/profitability.md), on: a large nest whose original walks a row-major
// array by columns (every way is measured, the first call on parts of
// itself; which wins depends on the machine's caches and load) and a
// 16 x 16 SOR sweep called 3000 times (a microsecond per call: the
// original must be chosen, the tiled ways never run). Every run gives the original's
// output bit for bit; HETILE_STATS names each site's choice and the times
// it comes from; HETILE_PROFIT=0 runs the tiled nest at every call (no
// decision line); a malformed HETILE_PROFIT stops the program.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -std=c99 -O2 %s -o %t/orig
// RUN: %t/orig > %t/want
// RUN: %hetile rewrite %s --backend=omp -o %t/omp.c -- -std=c99
// RUN: %hetile rewrite %s --backend=seq -o %t/seq.c -- -std=c99
// RUN: %gcc -std=c99 -O2 -fopenmp %rt_cflags %t/omp.c -o %t/omp %rt_libs
// RUN: %gcc -std=c99 -O2 %rt_cflags %t/seq.c -o %t/seq %rt_libs
// RUN: env HETILE_PROFIT=1 HETILE_EMULATE_LOAD=0 HETILE_STATS=1 OMP_NUM_THREADS=2 %t/omp > %t/got-omp 2> %t/err-omp
// RUN: diff %t/want %t/got-omp
// RUN: FileCheck %s --check-prefix=OMP --input-file=%t/err-omp
// RUN: env HETILE_PROFIT=1 HETILE_STATS=1 %t/seq > %t/got-seq 2> %t/err-seq
// RUN: diff %t/want %t/got-seq
// RUN: FileCheck %s --check-prefix=SEQ --input-file=%t/err-seq
// RUN: env HETILE_PROFIT=0 HETILE_STATS=1 OMP_NUM_THREADS=2 %t/omp 300 2 16 20 > %t/got-off 2> %t/err-off
// RUN: %t/orig 300 2 16 20 | diff - %t/got-off
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t/err-off
// RUN: not env HETILE_PROFIT=yes %t/omp 300 2 16 20 2> %t/err-bad
// RUN: FileCheck %s --check-prefix=BAD --input-file=%t/err-bad

// OMP-DAG: hetile: profit: profit-decision.c:{{[0-9]+}} (colsweep): 2^21 points per call: {{undecided|original|tiled on 1 thread|tiled on 2 threads}} (best times: original {{[0-9.e-]+}} s, tiled on 1 thread {{[0-9.e-]+}} s, tiled on 2 threads {{[0-9.e-]+}} s; 1 calls); this call in parts of its outermost loop: {{.*}} (the rest)
// OMP-DAG: hetile: profit: profit-decision.c:{{[0-9]+}} (small_sor): 2^7 points per call: original (best times: original {{[0-9.e-]+}} s, tiled on 1 thread not run, tiled on 2 threads not run;
// SEQ-DAG: hetile: profit: profit-decision.c:{{[0-9]+}} (colsweep): 2^21 points per call: {{original|tiled on 1 thread}} (best times: original {{[0-9.e-]+}} s, tiled on 1 thread {{[0-9.e-]+}} s; {{[0-9]+}} calls)
// SEQ-DAG: hetile: profit: profit-decision.c:{{[0-9]+}} (small_sor): 2^7 points per call: original
// OFF-NOT: hetile: profit:
// OFF: columns per processor
// OFF-NOT: hetile: profit:
// BAD: hetile: error: HETILE_PROFIT: 'yes' is not 0, 1 or trials

#include <stdio.h>
#include <stdlib.h>

static void colsweep(int n, double a[n][n]) {
#pragma hetile
  for (int j = 1; j < n; j++)
    for (int i = 1; i < n; i++)
      a[i][j] = (a[i - 1][j] + a[i][j - 1]) * 0.5;
}

static void small_sor(int n, double b[n][n]) {
#pragma hetile
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      b[i][j] = (b[i - 1][j] + b[i][j - 1] + b[i + 1][j] + b[i][j + 1]) * 0.25;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048, reps = argc > 2 ? atoi(argv[2]) : 6;
  int m = argc > 3 ? atoi(argv[3]) : 16, calls = argc > 4 ? atoi(argv[4]) : 3000;
  double (*a)[n] = malloc(sizeof(double) * n * n);
  double (*b)[m] = malloc(sizeof(double) * m * m);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = (i * 3 + j * 7) % 11;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      b[i][j] = (i * 5 + j) % 7;
  for (int r = 0; r < reps; r++)
    colsweep(n, a);
  for (int c = 0; c < calls; c++)
    small_sor(m, b);
  double s = 0, t = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += a[i][j] * ((i + j) % 3 + 1);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      t += b[i][j] * ((i + j) % 3 + 1);
  printf("%a %a\n", s, t);
  free(a);
  free(b);
  return 0;
}
