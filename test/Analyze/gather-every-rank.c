// Where --gather=root does not apply: the final values of a nest go to
// every rank when code of its function that runs on every rank may read
// them after it - a later nest that hetile also tiles (it runs distributed
// and reads on any rank), a loop around the nest (its next run), a label
// (a goto may run it again), the rest of a nest around a band inside it,
// a call of a function of the program after it.
// The last tiled nest of a function run once keeps rank 0 alone
// (Scop::EveryRank; test/Run/mpi-several-nests.c runs such programs).
// RUN: %hetile analyze %s -- | FileCheck %s
// RUN: %hetile analyze --format=json %s -- | FileCheck %s --check-prefix=JSON
#include <math.h>
#include <stdio.h>

// CHECK-LABEL: in function 'sequence'
// CHECK: (every rank even with --gather=root: the nest at line [[@LINE+10]], which hetile also tiles, runs after it)
// JSON: "final_exchange_every_rank": "the nest at line [[@LINE+9]], which hetile also tiles, runs after it"
void sequence(int n, double A[restrict n][n], double B[restrict n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i + j;
// CHECK: nest at {{.*}}:[[@LINE+3]]:3 in function 'sequence'
// CHECK: tile columns (rank 0 only with --gather=root)
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      B[i][j] = B[i - 1][j] + B[i][j - 1] + A[i][j];
  // A plain loop after the last nest runs on every rank; with --gather=root
  // only rank 0's values are the program's.
  for (int i = 0; i < n; i++)
    printf("%g\n", B[i][n - 1]);
}

// CHECK-LABEL: in function 'in_a_loop'
// CHECK: (every rank even with --gather=root: a loop of its function around it runs it again)
void in_a_loop(int n, int T, double A[restrict n][n]) {
  for (int t = 0; t < T; t++) {
#pragma hetile
    for (int i = 1; i < n; i++)
      for (int j = 1; j < n; j++)
        A[i][j] = A[i - 1][j] + A[i][j - 1];
  }
}

// CHECK-LABEL: in function 'label'
// CHECK: (every rank even with --gather=root: its function has a label, from which a goto may run it again)
void label(int n, int *again, double A[restrict n][n]) {
top:
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
  if ((*again)-- > 0)
    goto top;
}

// A nest in another function does not count: the caller's contract.
// CHECK-LABEL: in function 'alone'
// CHECK: (rank 0 only with --gather=root)
void alone(int n, double A[restrict n][n]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}

// A later nest that hetile leaves as it is runs the same on every rank:
// the first nest keeps rank 0 alone.
// CHECK-LABEL: in function 'untiled_after'
// CHECK: (rank 0 only with --gather=root)
// CHECK: in function 'untiled_after': not tiled
void untiled_after(int n, double A[restrict n][n], double *out) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      out[i * j % 7] += A[i][j];
}

// A call after the nest of a function that may carry what any rank holds
// to rank 0 (a function of the program, whose nests run on every rank and
// send rank 0 what they compute from these values) keeps every rank; the C
// library's output, clocks and math do not.
void consume(int n, double A[n][n]);
// CHECK-LABEL: in function 'then_call'
// CHECK: (every rank even with --gather=root: its function calls consume() after it, which may pass its values on from any rank)
void then_call(int n, double A[restrict n][n]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
  printf("%g\n", A[n - 1][n - 1]);
  consume(n, A);
}

// CHECK-LABEL: in function 'then_print'
// CHECK: (rank 0 only with --gather=root)
void then_print(int n, double A[restrict n][n]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
  printf("%g %g\n", A[n - 1][n - 1], fabs(A[1][1]));
}
