// C++: nests in a constructor, a const method, a method with a scalar
// accumulator declared outside the nest (privatized), a function template
// whose nest does not depend on its parameter (tiled once, in the primary
// template), and a lambda are found and tiled like free functions. The
// rewritten program, compiled as C++ with clang-19 and g++ (OpenMP), prints
// bitwise what the original prints, for several sizes, tile sizes and
// thread counts.
// RUN: %hetile rewrite %s -o %t.seq.cpp --backend=seq -- -std=c++17
// RUN: %strip-directives %t.seq.cpp | FileCheck %s
// RUN: %hetile rewrite %s -o %t.omp.cpp --backend=omp -- -std=c++17
// RUN: %clang -x c++ -std=c++17 -O1 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig -lstdc++
// RUN: %clang -x c++ -std=c++17 -O1 -Wall -Werror %rt_cflags %t.seq.cpp -o %t.seq %rt_libs -lstdc++
// RUN: %gcc -x c++ -std=c++17 -O1 -Wall -Werror -fopenmp %rt_cflags %t.omp.cpp -o %t.omp %rt_libs -lstdc++
// RUN: %t.orig 0 > %t.0 && %t.seq 0 | diff %t.0 -
// RUN: %t.orig 2 > %t.2 && env HETILE_TILE_SIZES=1 %t.seq 2 | diff %t.2 -
// RUN: %t.orig 29 > %t.29 && env HETILE_TILE_SIZES=3,5 %t.seq 29 | diff %t.29 -
// RUN: %t.seq 29 | diff %t.29 -
// RUN: env OMP_NUM_THREADS=3 HETILE_TILE_SIZES=2,7 %t.omp 29 | diff %t.29 -
// RUN: %t.orig 64 > %t.64 && env OMP_NUM_THREADS=2 %t.omp 64 | diff %t.64 -
// RUN: env OMP_NUM_THREADS=4 HETILE_TILE_SIZES=5 %t.omp 64 | diff %t.64 -

// CHECK-LABEL: explicit Solver(int N)
// CHECK:         /* hetile: tile loops */
// CHECK-LABEL: void sweep(int M
// CHECK:         /* hetile: tile loops */
// CHECK-LABEL: double product(int M
// CHECK:         /* hetile: tile loops */
// CHECK:           /* hetile: private copies */
// CHECK-NEXT:      double s = 0;
// CHECK-LABEL: template <typename T> void scale(
// CHECK:         /* hetile: tile loops */
// CHECK-LABEL: auto Twice =
// CHECK:         /* hetile: tile loops */
#include <cstdio>
#include <cstdlib>
#include <vector>

static unsigned long long hashOf(const double *A, long n) {
  unsigned long long h = 1469598103934665603ULL;
  const unsigned char *p = (const unsigned char *)A;
  for (long k = 0; k < n * (long)sizeof(double); k++)
    h = (h ^ p[k]) * 1099511628211ULL;
  return h;
}

class Solver {
public:
  explicit Solver(int N) : N(N), Data(static_cast<size_t>(N) * N + 1) {
    double (*__restrict A)[64] = reinterpret_cast<double (*)[64]>(Grid);
    int i = -1, j = -1;
#pragma hetile
    for (i = 0; i < N; i++)
      for (j = 0; j < 64; j++)
        A[i][j] = (i * 7 + j * 3) % 11 * 0.125;
    std::printf("ctor i=%d j=%d\n", i, j);
  }

  // SOR in a method: the array is a parameter.
  void sweep(int M, double (*__restrict A)[64]) const {
#pragma hetile
    for (int i = 1; i < M - 1; i++)
      for (int j = 1; j < 63; j++)
        A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);
  }

  // Matrix product with a scalar accumulator declared outside the nest.
  double product(int M, double (*__restrict C)[64], const double (*__restrict A)[64],
                 const double (*__restrict B)[64]) {
    int i = -1, j = -1, k = -1;
    double s = -1;
#pragma hetile
    for (i = 0; i < M; i++)
      for (j = 0; j < 64; j++) {
        s = 0;
        for (k = 0; k < 64; k++)
          s += A[i][k] * B[k][j];
        C[i][j] = s;
      }
    return s + i + j + k;
  }

  double Grid[64 * 64] = {};
  int N;
  std::vector<double> Data;
};

// A template whose nest does not depend on its parameter.
template <typename T> void scale(int M, double (*__restrict A)[64], T factor) {
#pragma hetile
  for (int i = 1; i < M; i++)
    for (int j = 1; j < 64; j++)
      A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25;
  (void)factor;
}

int main(int argc, char **argv) {
  int M = argc > 1 ? std::atoi(argv[1]) : 20;
  if (M > 64)
    M = 64;
  Solver S(M);
  static double A[64][64], B[64][64], C[64][64];
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++) {
      A[i][j] = S.Grid[i * 64 + j];
      B[i][j] = ((i + 2 * j) % 5) * 0.5;
    }
  S.sweep(M, A);
  double s = S.product(M > 0 ? M : 1, C, A, B);
  scale<float>(M, A, 2.0f);
  auto Twice = [](int K, double (*__restrict X)[64]) {
#pragma hetile
    for (int i = 1; i < K; i++)
      for (int j = 0; j < 64; j++)
        X[i][j] += X[i - 1][j];
  };
  Twice(M, B);
  std::printf("M=%d s=%a A=%llx B=%llx C=%llx grid=%llx\n", M, s,
              hashOf(&A[0][0], 64 * 64), hashOf(&B[0][0], 64 * 64),
              hashOf(&C[0][0], 64 * 64), hashOf(S.Grid, 64 * 64));
  return 0;
}
