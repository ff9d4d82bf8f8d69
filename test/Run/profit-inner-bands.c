// The run-time decision (hetile_profit_begin, docs/profitability.md) for
// tiled bands under a sequential outer loop: Floyd-Warshall's k loop
// carries every dependence, (i, j) is tiled inside it. A 12 x 12 call made
// 2000 times takes microseconds: the decision must run the original at
// every call, never the tiled bands (HETILE_STATS says "not run"). Under
// HETILE_PROFIT=0 the tiled bands run at every call: that build is compiled
// with -DHETILE_FALLBACK_ABORT, so a call of the original aborts. Every run
// gives the original's output bit for bit, on the seq and omp backends.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -std=c99 -O2 %s -o %t/orig
// RUN: %hetile rewrite %s --backend=omp -o %t/omp.c -- -std=c99
// RUN: %hetile rewrite %s --backend=seq -o %t/seq.c -- -std=c99
// RUN: %gcc -std=c99 -O2 -fopenmp %rt_cflags %t/omp.c -o %t/omp %rt_libs
// RUN: %gcc -std=c99 -O2 %rt_cflags %t/seq.c -o %t/seq %rt_libs
// RUN: %gcc -std=c99 -O2 -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags %t/omp.c -o %t/omp-abort %rt_libs
// RUN: %gcc -std=c99 -O2 -DHETILE_FALLBACK_ABORT %rt_cflags %t/seq.c -o %t/seq-abort %rt_libs
// RUN: %t/orig > %t/want
// RUN: env HETILE_PROFIT=1 HETILE_EMULATE_LOAD=0 HETILE_STATS=1 OMP_NUM_THREADS=2 %t/omp > %t/got-omp 2> %t/err-omp
// RUN: diff %t/want %t/got-omp
// RUN: FileCheck %s --check-prefix=OMP --input-file=%t/err-omp
// RUN: env HETILE_PROFIT=1 HETILE_STATS=1 %t/seq > %t/got-seq 2> %t/err-seq
// RUN: diff %t/want %t/got-seq
// RUN: FileCheck %s --check-prefix=SEQ --input-file=%t/err-seq
// RUN: %t/orig 37 5 > %t/want-off
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=2 %t/omp-abort 37 5 | diff %t/want-off -
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=3 HETILE_TILE_SIZES=5,3 %t/omp-abort 37 5 | diff %t/want-off -
// RUN: env HETILE_PROFIT=0 %t/seq-abort 37 5 | diff %t/want-off -
// RUN: FileCheck %s --check-prefix=CODE --input-file=%t/omp.c

// OMP: hetile: profit: profit-inner-bands.c:{{[0-9]+}} (fw): 2^10 points per call: original (best times: original {{[0-9.e-]+}} s, tiled on 2 threads not run;
// OMP-NOT: hetile: profit:
// SEQ: hetile: profit: profit-inner-bands.c:{{[0-9]+}} (fw): 2^10 points per call: original (best times: original {{[0-9.e-]+}} s, tiled on 1 thread not run;
// SEQ-NOT: hetile: profit:
// The omp backend's blocks run on every thread: a parallel site, whose
// points are the statement's three extents.
// CODE: the original nest, or the tiled bands on every thread
// CODE: const double hetile_points = 1.0 * (double){{.*}}(long)n{{.*}} * (double){{.*}}(long)n{{.*}} * (double){{.*}}(long)n
// CODE: hetile_profit_parallel_site_get(&hetile_site, "profit-inner-bands.c:{{[0-9]+}} (fw)"),
// CODE: sequential outer loop (k); 1 tiled band inside

#include <stdio.h>
#include <stdlib.h>

static void fw(int n, double d[n][n]) {
#pragma hetile
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        if (d[i][k] + d[k][j] < d[i][j])
          d[i][j] = d[i][k] + d[k][j];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 12, calls = argc > 2 ? atoi(argv[2]) : 2000;
  double (*d)[n] = malloc(sizeof(double) * n * n);
  double sum = 0;
  for (int c = 0; c < calls; c++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        d[i][j] = i == j ? 0 : (double)((i * 7 + j * 13 + c) % 23 + 1);
    fw(n, d);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        sum += d[i][j];
  }
  printf("%d %d %.17g\n", n, calls, sum);
  free(d);
  return 0;
}
