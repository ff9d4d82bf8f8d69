// The run-time decision (hetile_profit_begin) in front of the strips: the
// default schedule (auto) runs this time-stepping Jacobi 1D, written
// without restrict, as strips behind its alias check. One large call
// (4 * 10^6 points: its first call runs every thread where a second
// processor is free, and the strips' HETILE_STATS line proves they ran;
// where other processes keep every processor but one busy, the original,
// since the strips never run on one thread), then 3000 small ones (a few
// hundred points: the original must be chosen). Every run gives the
// original's output bit for bit; HETILE_PROFIT=0 runs the strips at every
// call.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -std=c99 -O2 %s -o %t/orig
// RUN: %t/orig > %t/want
// RUN: %hetile rewrite %s --backend=omp -o %t/omp.c -- -std=c99 2> %t/remarks
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t/remarks
// RUN: %strip-directives %t/omp.c | FileCheck %s --check-prefix=CODE
// RUN: %gcc -std=c99 -O2 -Wall -Werror -fopenmp %rt_cflags %t/omp.c -o %t/omp %rt_libs
// RUN: env HETILE_PROFIT=1 HETILE_EMULATE_LOAD=0 HETILE_STATS=1 OMP_NUM_THREADS=2 %t/omp > %t/got 2> %t/err
// RUN: diff %t/want %t/got
// RUN: FileCheck %s --check-prefix=ON --input-file=%t/err
// RUN: env HETILE_PROFIT=1 HETILE_EMULATE_LOAD=1000000 HETILE_STATS=1 OMP_NUM_THREADS=2 %t/omp > %t/got-busy 2> %t/err-busy
// RUN: diff %t/want %t/got-busy
// RUN: FileCheck %s --check-prefix=BUSY --input-file=%t/err-busy
// RUN: env HETILE_PROFIT=0 HETILE_STATS=1 OMP_NUM_THREADS=2 %t/omp 2000 2 64 30 > %t/got-off 2> %t/err-off
// RUN: %t/orig 2000 2 64 30 | diff - %t/got-off
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t/err-off

// REMARK: remark: --omp-schedule=auto chose strips
// CODE: hetile_profit_begin(
// CODE-NEXT: hetile_profit_parallel_site_get(
// CODE: if (hetile_run < 0) {
// CODE: if (hetile_run > 0 && hetile_noalias) {
// CODE: hetile_ran = hetile_run;
// CODE: const int hetile_p = hetile_run;
// CODE: hetile_strips_create(hetile_p,
// CODE: hetile_profit_end(&hetile_pc, hetile_ran)
// ON: hetile: strips: 2 processors, {{.*}} rows 1..199998, steps 0..9,
// ON: hetile: profit: profit-strips.c:{{[0-9]+}} (jacobi): 2^7 points per call: original (best times:
// ON-NOT: hetile: strips:
// BUSY-NOT: hetile: strips:
// BUSY: hetile: profit: profit-strips.c:{{[0-9]+}} (jacobi): 2^7 points per call: original (best times: original {{.*}} s, tiled on 2 threads not run;
// BUSY-NOT: hetile: strips:
// OFF-NOT: hetile: profit:
// OFF: hetile: strips: 2 processors
// OFF-NOT: hetile: profit:

#include <stdio.h>
#include <stdlib.h>

static void jacobi(int n, int steps, double *a, double *b) {
#pragma hetile
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.25 * (a[i - 1] + 2.0 * a[i] + a[i + 1]);
    for (int i = 1; i < n - 1; i++)
      a[i] = 0.25 * (b[i - 1] + 2.0 * b[i] + b[i + 1]);
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200000, steps = argc > 2 ? atoi(argv[2]) : 10;
  int m = argc > 3 ? atoi(argv[3]) : 64, calls = argc > 4 ? atoi(argv[4]) : 3000;
  int len = n > m ? n : m;
  double *a = malloc(sizeof(double) * len), *b = malloc(sizeof(double) * len);
  for (int i = 0; i < len; i++) {
    a[i] = (i * 7) % 13;
    b[i] = (i * 3) % 5;
  }
  jacobi(n, steps, a, b);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 3 + 1);
  for (int i = 0; i < m; i++)
    a[i] = (i * 5) % 11;
  for (int c = 0; c < calls; c++)
    jacobi(m, 2, a, b);
  double t = 0;
  for (int i = 0; i < m; i++)
    t += a[i] * (i % 3 + 1);
  printf("%a %a\n", s, t);
  free(a);
  free(b);
  return 0;
}
