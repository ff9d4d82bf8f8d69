// C++ time loops that swap their grids' pointers (docs/mpi-exchange.md,
// "Values left for the next nest"): with `std::swap(a, b)` and by hand,
// each sweep leaves its final values on the ranks that computed them and
// the next one takes what its blocks read, by address; through a function
// of the program that takes references (`exchange(a, b)`), each sweep
// keeps its exchange. Every rank prints what the original prints, on 2
// and 3 ranks; rank 1's statistics show the rows it received.
// RUN: %hetile analyze %s -- -std=c++17 | FileCheck %s
// CHECK: in function 'by_std'
// CHECK: final values (mpi backends): left on the ranks that computed them where they lie in runs; the nest at line [[#]] (at the next step of the loop at line [[#]]), which runs next
// CHECK: in function 'by_hand'
// CHECK: final values (mpi backends): left on the ranks that computed them where they lie in runs; the nest at line [[#]] (at the next step of the loop at line [[#]]), which runs next
// CHECK: in function 'by_reference'
// CHECK-NOT: left on the ranks
//
// REQUIRES: mpi
// RUN: %hetile rewrite %s -o %t.mpi.cpp --backend=mpi -- -std=c++17
// RUN: %gcc -x c++ -std=c++17 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig -lstdc++
// RUN: %mpicc -x c++ -std=c++17 -O2 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags %t.mpi.cpp -o %t.mpi %rt_mpi_libs -lstdc++
// RUN: %t.orig 40 4 > %t.expected
// RUN: env HETILE_PROFIT=0 HETILE_STATS=1 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 40 4 2> %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// RUN: grep 'rank 1/2' %t.err | FileCheck %s --check-prefix=STATS
// RUN: env HETILE_PROFIT=0 HETILE_RELEASE=poison HETILE_TILE_SIZES=4,6 %mpirun -np 3 sh -c '"$0" "$@" > %t.p.$OMPI_COMM_WORLD_RANK' %t.mpi 40 4
// RUN: diff %t.expected %t.p.0
// RUN: diff %t.expected %t.p.1
// RUN: diff %t.expected %t.p.2
// `by_std` and `by_hand`: steps 1 to 3 receive one row (38 doubles) each.
// STATS: final values left on their ranks for the next nest
// STATS-NEXT: of what the previous nest left: 304 bytes received (304 for the tiles)
// STATS-NEXT: of what the previous nest left: 304 bytes received (304 for the tiles)
// STATS-NEXT: of what the previous nest left: 304 bytes received (304 for the tiles)
// STATS-NEXT: rank 1/2: [[#]] bytes received, [[#]] sent of what earlier nests left, to every rank
// STATS-NEXT: final values left on their ranks for the next nest
// STATS-NEXT: of what the previous nest left: 304 bytes received (304 for the tiles)
// STATS-NEXT: of what the previous nest left: 304 bytes received (304 for the tiles)
// STATS-NEXT: of what the previous nest left: 304 bytes received (304 for the tiles)
// STATS-NEXT: rank 1/2: [[#]] bytes received, [[#]] sent of what earlier nests left, to every rank
// `by_reference`: every step's exchange.
// STATS-NEXT: to every rank: a loop of its function around it runs it again
// STATS-NOT: of what the previous nest left
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

static void by_std(int n, int T, double *A, double *B) {
  double *a = A, *b = B;
  for (int s = 0; s < T; s++) {
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] +
                               a[i * n + j - 1] + a[i * n + j + 1]);
    std::swap(a, b);
  }
}

static void by_hand(int n, int T, double *A, double *B) {
  double *a = A, *b = B;
  for (int s = 0; s < T; s++) {
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.5 * a[i * n + j] + 0.125 * (a[(i - 1) * n + j] +
                                                     a[(i + 1) * n + j] +
                                                     a[i * n + j - 1] +
                                                     a[i * n + j + 1]);
    double *t = a;
    a = b;
    b = t;
  }
}

static void exchange(double *&x, double *&y) {
  double *t = x;
  x = y;
  y = t;
}

static void by_reference(int n, int T, double *A, double *B) {
  double *a = A, *b = B;
  for (int s = 0; s < T; s++) {
#pragma hetile
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = a[i * n + j] - 0.25 * a[(i - 1) * n + j + 1];
    exchange(a, b);
  }
}

static void dump(const char *name, const std::vector<double> &v) {
  unsigned long long h = 1469598103934665603ULL;
  for (double x : v) {
    const unsigned char *p = reinterpret_cast<const unsigned char *>(&x);
    for (unsigned k = 0; k < sizeof x; k++)
      h = (h ^ p[k]) * 1099511628211ULL;
  }
  std::printf("%s: hash=%016llx first=%a last=%a\n", name, h, v.front(),
              v.back());
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 10, T = argc > 2 ? std::atoi(argv[2]) : 2;
  if (n < 1)
    n = 1;
  std::vector<double> A(n * n), B(n * n);
  for (int k = 0; k < n * n; k++) {
    A[k] = (double)((k * 13) % 97) / 32.0;
    B[k] = (double)((k * 7) % 89) / 16.0;
  }
  by_std(n, T, A.data(), B.data());
  dump("by_std-A", A);
  dump("by_std-B", B);
  by_hand(n, T, A.data(), B.data());
  dump("by_hand-A", A);
  dump("by_hand-B", B);
  by_reference(n, T, A.data(), B.data());
  dump("by_reference-A", A);
  dump("by_reference-B", B);
  return 0;
}
