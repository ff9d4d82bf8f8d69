// Differential execution: the int point-loop counters and their fallback.
// The nest is skewed (band (t, t + i)), so its point loops have a counter of
// their own, an int while every band value lies within +-2^26, and the block
// runs the original nest where they could not (Transform/Tiling.h,
// NarrowCounters). The iterator i starts at an offset K: K = 5 and 1000 take
// the tiled code; K = 67108860 puts t + i beyond 2^26 (the original nest
// runs), K = -67108870 below -2^26, and K = 67108800 straddles the limit
// for T = 70. C89 iterators, whose final values are printed, in both paths.
// The original branch runs on purpose: `//@ fallback` compiles the rewritten
// program without HETILE_FALLBACK_ABORT.
// RUN: %differential %s --work %t
// RUN: %hetile rewrite %s -o %t.c -- -I %S/../Exec/Inputs
// RUN: %strip-directives %t.c | FileCheck %s
// CHECK: /* hetile: int loop counters; the original nest where the band's values
// With t < T and K + 1 <= i < K + N - 1, the band values t and t + i lie in
// [-2^26, 2^26] exactly when T - 1 <= 2^26, K + 1 >= -2^26 and
// T + N + K - 3 <= 2^26:
// CHECK: if (hetile_run > 0 && ({{.*}}(long)T <= 67108865 && (long)K >= -67108865 && (long)T + (long)N + (long)K <= 67108867))) {
// CHECK: /* hetile: point loops */
// CHECK: for (int c1 =
// CHECK: } else {
// CHECK-NEXT: #ifdef HETILE_FALLBACK_ABORT
// CHECK-NEXT: abort();
// CHECK-NEXT: #endif
// CHECK-NEXT: if (hetile_profit_whole(hetile_part)) {
// CHECK-NEXT: for (t = 0; t < T; t++)
//@ fallback
//@ args 3 9 5 | 7 20 1000 | 3 9 67108860 | 4 11 -67108870 | 70 30 67108800 | 0 4 67108860
#include "exec-common.h"

static int last_t, last_i;

void smooth(int T, int N, int K, double A[restrict N]) {
  int t = -1, i = -2;
#pragma hetile
  for (t = 0; t < T; t++)
    for (i = K + 1; i < K + N - 1; i++)
      A[i - K] = 0.25 * A[i - K - 1] + 0.5 * A[i - K] + 0.25 * A[i - K + 1];
  last_t = t;
  last_i = i;
}

int main(int argc, char **argv) {
  int T, N, K, i;
  double *A;
  if (argc < 4)
    return 2;
  T = atoi(argv[1]);
  N = atoi(argv[2]);
  K = atoi(argv[3]);
  A = malloc(sizeof(double) * (size_t)(N + 1));
  for (i = 0; i < N; i++)
    A[i] = hetile_exec_init(i, 0, 0);
  smooth(T, N, K, A);
  printf("T=%d N=%d K=%d t=%d i=%d\n", T, N, K, last_t, last_i);
  hetile_exec_dump("A", A, (size_t)N);
  free(A);
  return 0;
}
