// Nests the strips schedule does not apply to keep the pipelined one under
// --omp-schedule=strips: `hetile analyze` says why not and lists the
// schedules that apply; the rewritten program runs the Gauss-Seidel nest
// pipelined (the pipeline's HETILE_STATS line) and the Jacobi nest as
// strips (theirs), on OpenMP threads and on MPI ranks, and prints bitwise
// what the original prints. Compiled with -DHETILE_FALLBACK_ABORT: the
// original nest never runs instead of the tiled code.
// REQUIRES: openmp, mpi
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s --check-prefix=ANALYZE
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -std=c99 -O1 -Wno-unknown-pragmas %s -o %t/orig
// RUN: %t/orig 40 9 > %t/expected
// RUN: %hetile rewrite %s --backend=omp --omp-schedule=strips -o %t/omp.c -- -std=c11 2>%t/omp.err
// RUN: FileCheck %s --check-prefix=REMARK < %t/omp.err
// RUN: %strip-directives %t/omp.c | FileCheck %s --check-prefix=CODE
// RUN: %gcc -std=c99 -O1 -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags %t/omp.c -o %t/omp %rt_libs
// RUN: env OMP_NUM_THREADS=2 HETILE_CALIBRATE=0 HETILE_STATS=1 HETILE_STRIP_WIDTH=3 %t/omp 40 9 > %t/omp.out 2>%t/omp.stats
// RUN: diff %t/expected %t/omp.out
// RUN: FileCheck %s --check-prefix=OMP < %t/omp.stats
// RUN: %hetile rewrite %s --backend=mpi --omp-schedule=strips -o %t/mpi.c -- -std=c11 2>/dev/null
// RUN: %strip-directives %t/mpi.c | FileCheck %s --check-prefix=CODE
// RUN: %mpicc -std=c99 -O1 -DHETILE_FALLBACK_ABORT %rt_cflags %t/mpi.c -o %t/mpi %rt_mpi_libs
// RUN: env HETILE_CALIBRATE=0 HETILE_STATS=1 HETILE_STRIP_WIDTH=3 %mpirun -np 2 sh -c '%t/mpi 40 9 > %t/mpi.out.$OMPI_COMM_WORLD_RANK' 2>%t/mpi.stats </dev/null
// RUN: diff %t/expected %t/mpi.out.0
// RUN: diff %t/expected %t/mpi.out.1
// RUN: FileCheck %s --check-prefix=MPI < %t/mpi.stats
#include <stdio.h>
#include <stdlib.h>

static void jacobi(int T, int N, double A[restrict N], double B[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

static void seidel(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                          A[i][j + 1]);
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10, T = argc > 2 ? atoi(argv[2]) : 3;
  double *A = malloc(sizeof(double) * N), *B = malloc(sizeof(double) * N);
  double *C = malloc(sizeof(double) * N * N);
  if (!A || !B || !C)
    return 1;
  for (int i = 0; i < N; i++)
    A[i] = (double)(i * 7 % 11) / 11.0, B[i] = 0;
  for (int i = 0; i < N * N; i++)
    C[i] = (double)(i * 5 % 13) / 13.0;
  jacobi(T, N, A, B);
  seidel(T, N, (double (*)[N])C);
  for (int i = 0; i < N; i += 3)
    printf("%a %a %a\n", A[i], B[i], C[i * N + N / 2]);
  free(A);
  free(B);
  free(C);
  return 0;
}

// ANALYZE-LABEL: in function 'jacobi'
// ANALYZE:       strips: yes, rows split (halo per time step: i -1 +1; 2 flow dependences)
// ANALYZE:       schedules: pipeline, wavefront (omp), strips
// ANALYZE-LABEL: in function 'seidel'
// ANALYZE:       tilable: yes
// ANALYZE-NEXT:  strips: no: the flow dependence S0 -> S0 on 'A' runs within one time step along the rows (a recurrence in space: no bounded halo) [hetile-reject-strips-space-recurrence]
// ANALYZE-NEXT:  schedules: pipeline, wavefront (omp){{$}}
// REMARK-NOT: strips-fallback.c:32:3: remark
// REMARK:     strips-fallback.c:42:3: remark: strips do not apply: {{.*}}; the nest runs the pipelined schedule [hetile-reject-strips-space-recurrence]
// CODE-COUNT-1: /* hetile: strips with redundant tasks
// CODE-NOT:     /* hetile: strips with redundant tasks
// CODE:         /* hetile: tile columns
// The strips of jacobi, then the pipeline of seidel.
// OMP:      hetile: strips: 2 processors, cycle times 1 1 (equal (HETILE_CALIBRATE=0)), rows 1..38, steps 0..8, width 3 (HETILE_STRIP_WIDTH), 3 bands
// OMP-NEXT: hetile: 2 processors, cycle times 1,1 (equal (HETILE_CALIBRATE=0)), allocation {{.*}} tile columns;
// MPI-DAG:  hetile: strips: 2 processors, {{.*}} width 3 (HETILE_STRIP_WIDTH), 3 bands
// MPI-DAG:  hetile: strips: rank 0/2, 1 thread
// MPI-DAG:  hetile: strips: rank 1/2, 1 thread
// MPI-DAG:  hetile: 2 ranks, cycle times 1,1 (equal (HETILE_CALIBRATE=0)), allocation
