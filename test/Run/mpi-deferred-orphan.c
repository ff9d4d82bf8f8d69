// A nest that the next nest of its function follows at once leaves its
// final values on their ranks only where the mpi backends rewrite that next
// nest too (docs/mpi-exchange.md, "Values left for the next nest"): here
// the second nest writes members of two types of an array of structs,
// which they leave as it is, so the first nest keeps its final exchange
// (its code is generated again without leaving them), and every rank's
// output is the original's.
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -I %S/../Exec/Inputs 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// REMARK: remark: nest not tiled: the nest writes members of {{.*}} [hetile-reject-mpi-struct-array]
// RUN: not grep -q '^ *if (hetile_mpi_defer' %t.mpi.c
// RUN: grep -c '^ *if (hetile_mpi_exchange(hetile_m, 0) < 0)' %t.mpi.c | grep -qx 1
// RUN: %mpicc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 30 > %t.expected
// RUN: env HETILE_PROFIT=0 HETILE_TILE_SIZES=8,10 %mpirun -np 3 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 30
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: diff %t.expected %t.out.2
#include "exec-common.h"

struct cell {
  double v;
  int k;
};

static void orphan(int n, double A[restrict n][n],
                   struct cell P[restrict n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (double)((i * 11 + j * 19) % 73) / 2.0;
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++) {
      P[i][j].v = A[i][j] + 0.5 * P[i - 1][j].v;
      P[i][j].k = P[i][j - 1].k + 1;
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  if (n < 1)
    n = 1;
  size_t nn = (size_t)n * (size_t)n;
  double *A = calloc(nn, sizeof(double)), *C = calloc(nn, sizeof(double));
  struct cell *P = calloc(nn, sizeof(struct cell));
  if (!A || !C || !P)
    abort();
  orphan(n, (double (*)[n])A, (struct cell (*)[n])P);
  for (size_t k = 0; k < nn; k++)
    C[k] = P[k].v + P[k].k;
  hetile_exec_dump("A", A, nn);
  hetile_exec_dump("P", C, nn);
  free(A);
  free(C);
  free(P);
  return 0;
}
