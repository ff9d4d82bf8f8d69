// The MPI backends scan a set of message elements whose isl AST would be
// costly (lib/CodeGen/ScanLoops.h): here the elements of A that a skewed
// time tile sends, { A[i] : exists t in the tile ... } with coefficient 2
// on t. The loop over the witness t stops at the first one found, and the
// element is enumerated once, in a loop of two passes (count, then pack);
// the results equal the original's on 3 ranks.
// REQUIRES: mpi
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -std=c99
// RUN: %strip-directives %t.mpi.c | FileCheck %s
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %t.orig 50 30 > %t.expected
// RUN: env HETILE_TILE_SIZES=4,5 HETILE_CALIBRATE=0 %mpirun -np 3 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 50 30
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: diff %t.expected %t.out.2
//
// CHECK: #define hetile_send_elem(x)
// CHECK: /* hetile: send what other ranks' tiles read of this tile */
// CHECK: for (int hetile_pass = 0; hetile_pass < 2; hetile_pass++) {
// CHECK: for (long hetile_s0 = hetile_s0_lo; hetile_s0 <= hetile_s0_hi; hetile_s0++) {
// CHECK-NEXT: int hetile_s_hit = 0;
// CHECK: for (long hetile_s1 = hetile_s1_lo; hetile_s1 <= hetile_s1_hi && !hetile_s_hit; hetile_s1++) {
// CHECK-NEXT: hetile_s_hit = 1;
// CHECK: if (hetile_s_hit) {
// CHECK-NEXT: hetile_send_elem(B[hetile_s0]);
// CHECK: if (hetile_s_hit) {
// CHECK-NEXT: hetile_send_elem(A[hetile_s0]);
#include <stdio.h>
#include <stdlib.h>

static void jacobi(int N, int T, double A[restrict N], double B[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = 0.25 * (A[i - 1] + 2.0 * A[i] + A[i + 1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = B[i];
  }
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 50, T = argc > 2 ? atoi(argv[2]) : 30;
  double *A = malloc(sizeof(double) * N), *B = malloc(sizeof(double) * N);
  for (int i = 0; i < N; i++)
    A[i] = B[i] = (double)((i * 7 + 3) % 11);
  jacobi(N, T, A, B);
  for (int i = 0; i < N; i++)
    printf("%a\n", A[i]);
  free(A);
  free(B);
  return 0;
}
