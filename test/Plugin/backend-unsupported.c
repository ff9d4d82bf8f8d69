// A backend the library cannot generate code for yet is an error at each
// nest it would tile, not serial code under a parallel name; no object is
// written. A file without nests compiles.
// FIXME: the mpi+omp backend (issue #5) is not written; once it is, this
// test stops running (the backend's own tests take over).
// UNSUPPORTED: hetile-backend-mpi+omp
// REQUIRES: openmp
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -fsyntax-only -fopenmp -fplugin=%{plugin} -fplugin-arg-hetile-backend=mpi+omp -Xclang -verify %s
// RUN: not %clang -c -fopenmp -fplugin=%{plugin} -fplugin-arg-hetile-backend=mpi+omp %s -o %t/mpiomp.o 2>&1 | FileCheck %s
// RUN: not ls %t/mpiomp.o
// RUN: echo 'int nothing_to_tile;' > %t/empty.c
// RUN: %clang -c -fopenmp -fplugin=%{plugin} -fplugin-arg-hetile-backend=mpi+omp %t/empty.c -o %t/empty.o

void kernel(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++) // expected-error {{cannot tile this nest with backend=mpi+omp: tiled code could not be generated}}
    for (int j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}
// CHECK: backend-unsupported.c:[[@LINE-4]]:3: error: cannot tile this nest with backend=mpi+omp: {{.*}} [hetile-reject-codegen-failed]
