// Differential execution: edit distance written the benchmark way: int
// sequences through plain pointers, the table a VLA parameter, none
// restrict. D may overlap a or b as far as the compiler knows: the nest is
// tiled under run-time alias checks (D against a, D against b; a and b are
// only read), and the harness's HETILE_FALLBACK_ABORT proves the tiled
// branch ran. Sizes in (N, M) pairs: empty, one side empty, tiny, one
// around 30.
// RUN: %differential %s --work %t
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s
// CHECK: run-time checks: D and a do not overlap; D and b do not overlap
// CHECK: tilable: yes
//@ args 0 0 0 4 4 0 1 1 2 3 3 2 31 26
#include "exec-common.h"

static int last_i = -7, last_j = -7;

void edit(int N, int M, const int *a, const int *b, int D[N + 1][M + 1]) {
  int i = -1, j = -2;
#pragma hetile
  for (i = 1; i <= N; i++)
    for (j = 1; j <= M; j++) {
      int del = D[i - 1][j] + 1;
      int ins = D[i][j - 1] + 1;
      int sub = D[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      D[i][j] = del < ins ? (del < sub ? del : sub) : (ins < sub ? ins : sub);
    }
  last_i = i;
  last_j = j;
}

static void run(int N, int M) {
  int *a = malloc(sizeof(int) * ((size_t)N + 1));
  int *b = malloc(sizeof(int) * ((size_t)M + 1));
  int *D = malloc(sizeof(int) * (size_t)((N + 1) * (M + 1)));
  int i, j;
  for (i = 0; i < N; i++)
    a[i] = (int)(hetile_exec_init(i, 0, 0) * 4);
  for (j = 0; j < M; j++)
    b[j] = (int)(hetile_exec_init(j, 1, 0) * 4);
  for (i = 0; i <= N; i++)
    for (j = 0; j <= M; j++)
      D[i * (M + 1) + j] = i == 0 ? j : j == 0 ? i : -1;
  edit(N, M, a, b, (int (*)[M + 1])D);
  printf("N=%d M=%d dist=%d i=%d j=%d ", N, M, D[(N + 1) * (M + 1) - 1],
         last_i, last_j);
  hetile_exec_dump_int("D", D, (size_t)((N + 1) * (M + 1)));
  free(a);
  free(b);
  free(D);
}

int main(int argc, char **argv) {
  int k;
  for (k = 1; k + 1 < argc; k += 2)
    run(atoi(argv[k]), atoi(argv[k + 1]));
  return 0;
}
