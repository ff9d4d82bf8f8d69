// Differential execution: parameters, iterators and arrays named like isl's
// keywords and functions (min, max, and, or, not, exists, floor, ceil, mod,
// true, false, infty, domain), like statement tuples (S0, S1), like isl's
// generated iterators (i0, c0), or with a '$': isl objects are built through
// its API, never parsed, so every nest is tiled and the generated code refers
// to each variable by its C name.
// RUN: %differential %s --work %t
//@ args 0 | 1 | 7 | 23
#include "exec-common.h"

static void keywords(int min, int max, double and[min][max],
                     double or[min][max]) {
#pragma hetile
  for (int floor = 1; floor < min; floor++)
    for (int ceil = 1; ceil < max; ceil++)
      and[floor][ceil] =
          0.5 * and[floor - 1][ceil] + 0.25 * and[floor][ceil - 1] + or[floor][ceil];
}

static void tuples(int domain, int c0, int i0, double S0[domain],
                   double S1[domain]) {
#pragma hetile
  for (int not = 0; not < c0; not++)
    for (int exists = 1; exists < domain - i0; exists++)
      S0[exists] = (S0[exists - 1] + S0[exists] + S0[exists + 1]) / 3 +
                   S1[exists] * not;
}

static void bounds(int true, int false, int infty$, double mod[true][false]) {
#pragma hetile
  for (int rat = 1; rat < true; rat++)
    for (int implies = rat; implies < false - infty$; implies++)
      mod[rat][implies] = mod[rat - 1][implies - 1] * 0.5 + infty$;
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10;
  int S = N > 2 ? N : 2;
  double *A = malloc(sizeof(double) * (size_t)(S * S));
  double *B = malloc(sizeof(double) * (size_t)(S * S));
  for (int i = 0; i < S * S; i++) {
    A[i] = hetile_exec_init(i / S, i % S, 0);
    B[i] = hetile_exec_init(i / S, i % S, 1);
  }
  keywords(N, S, (double (*)[S])A, (double (*)[S])B);
  tuples(S, N, 1, A, B);
  bounds(N, S, 1, (double (*)[S])B);
  hetile_exec_dump("A", A, (size_t)(S * S));
  hetile_exec_dump("B", B, (size_t)(S * S));
  free(A);
  free(B);
  return 0;
}
