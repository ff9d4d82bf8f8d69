// C++ as applications write it (../shared/repros/real-code-patterns'
// patterns.cpp; docs/invariant-loads.md): a class owns its grid in a
// std::vector, sizes as members, elements through an inline accessor whose
// index is computed in size_t. relax reads `at(i, j)`, relax_vector
// indexes the vector directly, smooth calls a free inline accessor on a
// pointer. The accessors are seen through (each parameter stands for its
// argument), the members and the vector's data are read once before the
// nest, and the flat size_t subscripts are split into rows. Every build
// defines HETILE_FALLBACK_ABORT and runs with HETILE_PROFIT=0: each call
// runs the tiled code, and prints what the original prints, on seq (clang,
// gcc), omp (gcc; 1 to 3 threads, several tile sizes) and mpi (1 to 3
// ranks).
// RUN: %hetile analyze %s -- -std=c++17 | FileCheck %s
// RUN: %hetile rewrite %s -o %t.seq.cpp --backend=seq -- -std=c++17
// RUN: %hetile rewrite %s -o %t.omp.cpp --backend=omp -- -std=c++17
// RUN: %clang -x c++ -std=c++17 -O1 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig -lstdc++
// RUN: %clang -x c++ -std=c++17 -O1 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags %t.seq.cpp -o %t.seq %rt_libs -lstdc++
// RUN: %gcc -x c++ -std=c++17 -O1 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags %t.seq.cpp -o %t.seq-gcc %rt_libs -lstdc++
// RUN: %gcc -x c++ -std=c++17 -O1 -Wall -Werror -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags %t.omp.cpp -o %t.omp %rt_libs -lstdc++
// RUN: %t.orig 5 4 1 > %t.a && env HETILE_PROFIT=0 %t.seq 5 4 1 | diff %t.a -
// RUN: %t.orig 23 17 3 > %t.b && env HETILE_PROFIT=0 %t.seq 23 17 3 | diff %t.b -
// RUN: env HETILE_PROFIT=0 HETILE_TILE_SIZES=2,3,5 %t.seq-gcc 23 17 3 | diff %t.b -
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=2 %t.omp 23 17 3 | diff %t.b -
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=3 HETILE_TILE_SIZES=1,4,2 %t.omp 23 17 3 | diff %t.b -
// RUN: %t.orig 60 41 4 > %t.c && env HETILE_PROFIT=0 OMP_NUM_THREADS=2 %t.omp 60 41 4 | diff %t.c -
// CHECK-LABEL: nest at {{.*}}cxx-accessors.cpp:{{[0-9]+}}:5 in function 'relax'
// CHECK:         read once: this->rows_ as hetile_this_rows_
// CHECK-NEXT:    read once: this->cols_ as hetile_this_cols_
// CHECK-NEXT:    read once: this->v_.data() as hetile_this_v_data
// CHECK-NEXT:    run-time checks: the writes to hetile_this_v_data miss this->rows_, this->cols_, this->v_.data()
// CHECK-NEXT:    delinearized: hetile_this_v_data as hetile_this_v_data[][hetile_this_cols_]
// CHECK:         tilable: yes
// CHECK-LABEL: nest at {{.*}}cxx-accessors.cpp:{{[0-9]+}}:5 in function 'relax_vector'
// CHECK:         delinearized: hetile_this_v_data as hetile_this_v_data[][hetile_this_cols_]
// CHECK:         tilable: yes
// CHECK-LABEL: nest at {{.*}}cxx-accessors.cpp:{{[0-9]+}}:3 in function 'smooth'
// CHECK:         delinearized: a as a[][n]
// CHECK:         tilable: yes
#include <cstdio>
#include <cstdlib>
#include <vector>

class Grid {
public:
  Grid(int rows, int cols)
      : rows_(rows), cols_(cols), v_(size_t(rows) * size_t(cols)) {
    for (size_t k = 0; k < v_.size(); k++)
      v_[k] = double((k * 37) % 101) / 8.0;
  }
  double &at(int i, int j) { return v_[size_t(i) * cols_ + j]; }
  void relax(int steps) {
#pragma hetile
    for (int t = 0; t < steps; t++)
      for (int i = 1; i < rows_ - 1; i++)
        for (int j = 1; j < cols_ - 1; j++)
          at(i, j) = 0.25 * (at(i - 1, j) + at(i + 1, j) + at(i, j - 1) +
                             at(i, j + 1));
  }
  void relax_vector(int steps) {
#pragma hetile
    for (int t = 0; t < steps; t++)
      for (int i = 1; i < rows_ - 1; i++)
        for (int j = 1; j < cols_ - 1; j++)
          v_[i * cols_ + j] = 0.5 * v_[i * cols_ + j] +
                              0.25 * (v_[(i - 1) * cols_ + j] +
                                      v_[i * cols_ + j - 1]);
  }
  double checksum() const {
    double s = 0;
    for (size_t k = 0; k < v_.size(); k++)
      s += v_[k] * double(1 + k % 3);
    return s;
  }

private:
  int rows_, cols_;
  std::vector<double> v_;
};

static inline double &cell(double *a, int n, int i, int j) {
  return a[i * n + j];
}

static void smooth(int m, int n, double *a) {
#pragma hetile
  for (int i = 1; i < m; i++)
    for (int j = 1; j < n; j++)
      cell(a, n, i, j) = 0.5 * cell(a, n, i - 1, j) + 0.5 * cell(a, n, i, j - 1);
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  int n = std::atoi(argv[1]), m = std::atoi(argv[2]), T = std::atoi(argv[3]);
  Grid g(n, m);
  g.relax(T);
  std::printf("relax %a\n", g.checksum());
  g.relax_vector(T);
  std::printf("relax_vector %a\n", g.checksum());
  std::vector<double> a(size_t(n) * size_t(m));
  for (size_t k = 0; k < a.size(); k++)
    a[k] = double((k * 53) % 97) / 4.0;
  smooth(n, m, a.data());
  double s = 0;
  for (size_t k = 0; k < a.size(); k++)
    s += a[k] * double(1 + k % 5);
  std::printf("smooth %a\n", s);
  return 0;
}
