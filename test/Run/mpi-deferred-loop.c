// Differential execution: values left across the back edge of a loop. The
// nest that ends a loop's body leaves its final values on the ranks that
// computed them for the nest that begins the body, which takes them at the
// next step; what the last step left moves to every rank after the loop
// (Frontend/ReadAfter.h nextNestAfter, Scop::NextStepLoopEnd;
// docs/mpi-exchange.md, "Values left for the next nest"). `steps`: a time
// loop around a sweep of A into B, a count of the steps, and the copy of B
// into A, as applications write a Jacobi solver; `single`: a loop around
// one in-place sweep, which leaves its values for itself; `until`: a
// while loop with a break between its two nests (the sweep keeps its
// exchange, the copy leaves its values; the break leaves the loop, after
// which they move); `leaves`: a return in the loop's body, which keeps the
// exchange.
// RUN: %differential %s --work %t
//
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s --check-prefix=ANALYZE
// ANALYZE: in function 'steps'
// ANALYZE: final values (mpi backends): left on the ranks that computed them where they lie in runs; the nest at line [[#]], which runs next
// ANALYZE: nest at {{.*}}:[[COPY:[0-9]+]]:{{.*}} in function 'steps'
// ANALYZE: final values (mpi backends): left on the ranks that computed them where they lie in runs; the nest at line [[#]] (at the next step of the loop at line [[#]]), which runs next
// ANALYZE: nest at {{.*}} in function 'single'
// ANALYZE: the nest at line [[SINGLE:[0-9]+]] (at the next step of the loop at line [[#]])
// ANALYZE: nest at {{.*}} in function 'until'
// ANALYZE-NOT: final values (mpi backends): left
// ANALYZE: nest at {{.*}} in function 'until'
// ANALYZE: (at the next step of the loop at line [[#]])
// ANALYZE: nest at {{.*}} in function 'leaves'
// ANALYZE-NOT: final values (mpi backends): left
// ANALYZE: nest at {{.*}} in function 'leaves'
// ANALYZE-NOT: final values (mpi backends): left
// ANALYZE: nest at {{.*}} in function 'main'
//
// The generated code: one settle after each of the three loops.
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -I %S/../Exec/Inputs
// RUN: grep -c '^/\* hetile: what the nest at line [0-9]* left on their ranks at the last step' %t.mpi.c | grep -qx 3
//
// As it runs, 2 ranks of equal speed (HETILE_STATS): from the second step
// on, the sweep receives only what its tiles read (a row of A) and keeps
// the rest of A where it lies (it only reads A), the copy receives
// nothing; after the loop, what is left moves to every rank.
// RUN: %mpicc -std=c99 -O2 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 40 4 > %t.expected
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 40 4 2> %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: grep 'rank 1/2' %t.err | FileCheck %s --check-prefix=LOOP
// `steps`, step 0's copy, then steps 1 to 3's sweep (a row of A, 38
// doubles, for its tiles) and copy, then the settle after the loop:
// LOOP: of what the previous nest left: 0 bytes received (0 for the tiles), 0 sent, 0 not moved (this nest overwrites them), [[#]] kept where they are (this nest does not write them)
// LOOP: of what the previous nest left: 304 bytes received (304 for the tiles), 304 sent, [[#]] not moved (this nest overwrites them), [[#]] kept where they are (this nest does not write them)
// LOOP: of what the previous nest left: 0 bytes received (0 for the tiles), 0 sent, [[#]] not moved (this nest overwrites them), [[#]] kept where they are (this nest does not write them)
// LOOP: of what the previous nest left: 304 bytes received (304 for the tiles), 304 sent
// LOOP: of what the previous nest left: 0 bytes received (0 for the tiles), 0 sent
// LOOP: of what the previous nest left: 304 bytes received (304 for the tiles), 304 sent
// LOOP: of what the previous nest left: 0 bytes received (0 for the tiles), 0 sent
// LOOP: rank 1/2: [[#]] bytes received, [[#]] sent of what earlier nests left, to every rank
// `single`, steps 1 to 3, then the settle:
// LOOP: of what the previous nest left: 304 bytes received (304 for the tiles), 304 sent
// LOOP: of what the previous nest left: 304 bytes received (304 for the tiles), 304 sent
// LOOP: of what the previous nest left: 304 bytes received (304 for the tiles), 304 sent
// LOOP: rank 1/2: [[#]] bytes received, [[#]] sent of what earlier nests left, to every rank
// `until`: the sweep keeps its exchange (the break follows it) and takes
// what the copy left before, then the rest after its exchange:
// LOOP: to every rank: a loop of its function around it runs it again; {{.*}}; of what the previous nest left: 304 bytes received (304 for the tiles), 304 sent, 0 not moved (this nest overwrites them), [[#]] kept where they are (this nest does not write them); of what earlier nests left: [[#]] bytes received
// The values poisoned where a rank's copy is dead, on 3 ranks:
// RUN: env HETILE_PROFIT=0 HETILE_RELEASE=poison HETILE_TILE_SIZES=4,6 %mpirun -np 3 sh -c '"$0" "$@" > %t.p.$OMPI_COMM_WORLD_RANK' %t.mpi 40 4
// RUN: diff %t.expected %t.p.0
// RUN: diff %t.expected %t.p.1
// RUN: diff %t.expected %t.p.2
//@ args 1 1 | 7 0 | 9 3 | 23 2 | 40 4
//@ mpi-runs 2:4,5 3:2,3 4:1,2
#include "exec-common.h"

static void steps(int n, int T, double A[restrict n][n],
                  double B[restrict n][n]) {
  int counted = 0;
  for (int s = 0; s < T; s++) {
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                         A[i][j + 1]);
    counted += s % 2;
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
  }
  printf("steps %d\n", counted);
}

static void single(int n, int T, double A[restrict n][n]) {
  for (int s = 0; s < T; s++) {
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] +
                          A[i][j + 1]);
  }
}

static void until(int n, int T, double A[restrict n][n],
                  double B[restrict n][n]) {
  int s = 0;
  while (s < T) {
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.5 * A[i][j] + 0.125 * (A[i - 1][j] + A[i + 1][j] +
                                           A[i][j - 1] + A[i][j + 1]);
    if (s == T / 2 + 1)
      break;
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j] - 0.5 * A[i][j];
    s++;
  }
}

static int leaves(int n, int T, double A[restrict n][n]) {
  for (int s = 0; s < T; s++) {
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.5 * (A[i - 1][j] + A[i][j - 1]) - 0.25 * A[i][j];
    if (s > 5)
      return s;
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = A[i][j] + 0.125 * A[i - 1][j - 1];
  }
  return T;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10, T = argc > 2 ? atoi(argv[2]) : 2;
  size_t Count = (size_t)n * (size_t)n;
  double (*A)[n] = malloc(sizeof(double) * Count + 1);
  double (*B)[n] = malloc(sizeof(double) * Count + 1);
  if (!A || !B)
    abort();
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (double)((i * 13 + j * 29) % 97) / 32.0;
      B[i][j] = (double)((i * 7 + j * 3) % 89) / 16.0;
    }
  steps(n, T, A, B);
  hetile_exec_dump("steps-A", &A[0][0], Count);
  hetile_exec_dump("steps-B", &B[0][0], Count);
  single(n, T, A);
  hetile_exec_dump("single", &A[0][0], Count);
  until(n, T, A, B);
  hetile_exec_dump("until-A", &A[0][0], Count);
  hetile_exec_dump("until-B", &B[0][0], Count);
  printf("leaves %d\n", leaves(n, T, A));
  hetile_exec_dump("leaves", &A[0][0], Count);
  free(A);
  free(B);
  return 0;
}
