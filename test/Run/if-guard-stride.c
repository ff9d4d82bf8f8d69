// Differential execution: an affine guard (i <= K && 2 * i != K + 1) around
// an inner loop that starts at i and steps by 2, C89 iterators whose final
// values are printed. Sizes in (N, K) pairs: empty, 1-3, one around 30.
// RUN: %differential %s --work %t
//@ args 0 0 1 0 2 1 3 2 5 4 13 7 31 20
// Regression test (fixed): wrong results with small tiles (seq backend, HETILE_TILE_SIZES=1:
// array A differs for N=5 K=4, N=13 K=7 and N=31 K=20; the reproducer below
// differs in 51 of 855 runs, N in 0..14, K in -2..16, sizes 1, 2, 3; the
// final values of i and j are right). CExprPrinter treats `*` as associative
// with every operator of its precedence, so isl's `2 * ((e) % 2)` and
// `2 * ((e) / 4)` come out as `2 * (e) % 2` and `2 * (e) / 4`, which C
// reads as `(2 * (e)) % 2` = 0 and `(2 * (e)) / 4`: the tile loop bounds
// (hetile_tj) and tile-size extents are wrong. Parenthesizing those right
// operands in the generated file makes every run match. Minimal reproducer
// (hetile rewrite --backend=seq; run with HETILE_TILE_SIZES=1, N=5, K=4):
//   void f(int N, int K, double A[N + 2][N + 1]) {
//   #pragma hetile
//     for (int i = 0; i < N; i++)
//       if (i <= K && 2 * i != K + 1)
//         for (int j = i; j <= N; j += 2)
//           A[i + 1][j] = A[i][j] + 1.0;
//   }
// (the generated code contains `2 * ((long)N - hetile_T0 - hetile_ti) % 2`).
#include "exec-common.h"

static int last_i, last_j;

void guarded_stride(int N, int K, double A[restrict N + 2][N + 1]) {
  int i = -6, j = -7;
#pragma hetile
  for (i = 0; i < N; i++) {
    if (i <= K && 2 * i != K + 1)
      for (j = i; j <= N; j += 2)
        A[i + 1][j] = A[i + 1][j] * 0.75 + A[i][j] + 1.0;
  }
  last_i = i;
  last_j = j;
}

static void run(int N, int K) {
  size_t n = (size_t)(N + 2) * (size_t)(N + 1);
  double *A = malloc(sizeof(double) * n);
  for (int i = 0; i < N + 2; i++)
    for (int j = 0; j < N + 1; j++)
      A[i * (N + 1) + j] = hetile_exec_init(i, j, 0);
  guarded_stride(N, K, (double (*)[N + 1])A);
  printf("N=%d K=%d i=%d j=%d\n", N, K, last_i, last_j);
  hetile_exec_dump("A", A, n);
  free(A);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 1 < argc; a += 2)
    run(atoi(argv[a]), atoi(argv[a + 1]));
  return 0;
}
