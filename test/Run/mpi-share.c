// Storage by share (docs/mpi-exchange.md, "Storage by share"): a program
// that allocates two grids, initialises them (a nest), relaxes them (a
// time-stepped sweep, the next nest) and prints three cells. On the mpi
// backends each rank touches only its share of the grids: the
// initialisation leaves its values on the ranks that computed them, the
// sweep takes what its blocks read and gives back the pages of values it
// overwrites and does not read, and only the three cells move at the end.
// RUN: %differential %s --work %t
//
// At the size of the memory checks (two 160 x 100000 grids, 256 MB), on 4
// ranks of one column block each (HETILE_ALLOC=chunk): every rank prints the
// original's cells, and holds at the end at most a quarter of each grid
// plus 10% and two partial pages per row.
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 160 100000 3 > %t.expected
// RUN: rm -f %t.out.*
// RUN: env HETILE_STATS=1 HETILE_ALLOC=chunk HETILE_SPEEDS=1,1,1,1 HETILE_CALIBRATE=0 %mpirun -np 4 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 160 100000 3 2> %t.err
// RUN: cat %t.out.0 %t.out.1 %t.out.2 %t.out.3 | sort -u | diff %t.expected -
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// STATS-DAG: hetile: rank 3/4: {{.*}}to their ranks: the nest at line [[#]] takes what it reads; resident: A [[#]] of 128000000 bytes, B [[#]] of 128000000 bytes; final values left on their ranks for the next nest
// STATS-DAG: hetile: rank 3/4: {{.*}}to every rank: the code after the nest (of 'B', 'A' only what it reads); resident: B [[#]] of 128000000 bytes, A [[#]] of 128000000 bytes; of what the previous nest left: [[#]] bytes received
// RUN: python3 %S/Inputs/resident.py %t.err --ranks 4 --rows 160 --line 'the code after the nest' | FileCheck %s --check-prefix=SHARE
// SHARE-COUNT-8: ok
//
// The check can fail: with HETILE_DEFER=0 the initialisation's values move
// to every rank, which then holds both grids whole.
// RUN: env HETILE_DEFER=0 HETILE_STATS=1 HETILE_ALLOC=chunk %mpirun -np 4 %t.mpi 20 100000 3 2> %t.nd.err > /dev/null
// RUN: not python3 %S/Inputs/resident.py %t.nd.err --ranks 4 --rows 20 --line 'the code after the nest' | FileCheck %s --check-prefix=WHOLE
// WHOLE: A 16000000 of 16000000 bytes resident (100.0%), bound {{[0-9]+}}: EXCEEDED
//
// The sweep's 3-D band would take the default 2 x 2 grid on 4 ranks, which
// would move everything left to every rank first: while values are left,
// the default is the ring.
// RUN: env HETILE_STATS=1 %mpirun -np 4 %t.mpi 24 300 3 2> %t.ring.err > /dev/null
// RUN: grep -q 'of what the previous nest left: [0-9]* bytes received' %t.ring.err
// RUN: not grep -q 'grid 2x2 (default)' %t.ring.err
// With HETILE_DEFER=0 nothing is left, and the grid runs it.
// RUN: env HETILE_DEFER=0 HETILE_STATS=1 %mpirun -np 4 %t.mpi 24 300 3 2> %t.grid.err > /dev/null
// RUN: grep -q 'grid 2x2 (default)' %t.grid.err
//
// HETILE_RELEASE=poison overwrites every value a rank finds dead instead of
// giving its pages back: the cells printed are still the original's.
// RUN: env HETILE_RELEASE=poison HETILE_STATS=1 %mpirun -np 3 sh -c '"$0" "$@" > %t.poison.$OMPI_COMM_WORLD_RANK' %t.mpi 40 5000 4 2> %t.poison.err
// RUN: %t.orig 40 5000 4 > %t.expected2
// RUN: cat %t.poison.0 %t.poison.1 %t.poison.2 | sort -u | diff %t.expected2 -
// RUN: grep -q 'bytes overwritten (HETILE_RELEASE=poison' %t.poison.err
//
// A value that is none of 0, 1 and poison stops the program with its name.
// RUN: not env HETILE_RELEASE=half %mpirun -np 2 %t.mpi 12 40 3 > /dev/null 2> %t.bad.err
// RUN: FileCheck %s --check-prefix=BAD < %t.bad.err
// BAD: HETILE_RELEASE: 'half' is not 0, 1 or poison
//
//@ args 3 3 1 | 12 40 3 | 30 700 5 | 41 23 8
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = atoi(argv[1]), m = atoi(argv[2]), T = atoi(argv[3]);
  double (*A)[m] = malloc(sizeof(double) * n * m);
  double (*B)[m] = malloc(sizeof(double) * n * m);
  if (!A || !B)
    return 1;
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / n;
      B[i][j] = ((double)i * (j + 3) + 3) / n;
    }
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] +
                         A[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] +
                         B[i - 1][j]);
  }
  printf("%.12f %.12f %.12f\n", A[1][1], A[n - 2][m - 2], B[n - 2][1]);
  free(A);
  free(B);
  return 0;
}
