// C++ row and element pointers (NestWalker::RowPointer): sweep names its
// row of a std::vector member, `&v_[i * cols_]`, and the row above, with
// the sizes as members; parts writes a member of the element of a
// std::vector of structs through `P *p = &g[i * m + j]`. The members and
// the vectors' data are read once before the nest (docs/invariant-loads.md),
// each access through a pointer is an element of the vector, and the flat
// subscripts are split into rows. Every build defines HETILE_FALLBACK_ABORT
// and runs with HETILE_PROFIT=0: each call runs the tiled code, and prints
// what the original prints, on seq (clang, gcc) and omp (gcc; 2 and 3
// threads, several tile sizes).
// RUN: %hetile analyze %s -- -std=c++17 | FileCheck %s
// RUN: %hetile rewrite %s -o %t.seq.cpp --backend=seq -- -std=c++17
// RUN: %hetile rewrite %s -o %t.omp.cpp --backend=omp -- -std=c++17
// RUN: %clang -x c++ -std=c++17 -O1 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig -lstdc++
// RUN: %clang -x c++ -std=c++17 -O1 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags %t.seq.cpp -o %t.seq %rt_libs -lstdc++
// RUN: %gcc -x c++ -std=c++17 -O1 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags %t.seq.cpp -o %t.seq-gcc %rt_libs -lstdc++
// RUN: %gcc -x c++ -std=c++17 -O1 -Wall -Werror -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags %t.omp.cpp -o %t.omp %rt_libs -lstdc++
// RUN: %t.orig 5 4 > %t.a && env HETILE_PROFIT=0 %t.seq 5 4 | diff %t.a -
// RUN: %t.orig 23 17 > %t.b && env HETILE_PROFIT=0 %t.seq 23 17 | diff %t.b -
// RUN: env HETILE_PROFIT=0 HETILE_TILE_SIZES=2,3 %t.seq-gcc 23 17 | diff %t.b -
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=2 %t.omp 23 17 | diff %t.b -
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=3 HETILE_TILE_SIZES=4,2 %t.omp 23 17 | diff %t.b -
// RUN: %t.orig 60 41 > %t.c && env HETILE_PROFIT=0 OMP_NUM_THREADS=2 %t.omp 60 41 | diff %t.c -
// CHECK-LABEL: nest at {{.*}}cxx-row-pointers.cpp:{{[0-9]+}}:5 in function 'sweep'
// CHECK:         read once: this->rows_ as hetile_this_rows_
// CHECK-NEXT:    read once: this->cols_ as hetile_this_cols_
// CHECK-NEXT:    read once: this->v_.data() as hetile_this_v_data
// CHECK:         delinearized: hetile_this_v_data as hetile_this_v_data[][hetile_this_cols_]
// CHECK:         write hetile_this_v_data[i, j]
// CHECK:         read hetile_this_v_data[-1 + i, j]
// CHECK:         tilable: yes
// CHECK-LABEL: nest at {{.*}}cxx-row-pointers.cpp:{{[0-9]+}}:3 in function 'parts'
// CHECK:         read once: g.data() as hetile_g_data
// CHECK:         delinearized: hetile_g_data as hetile_g_data[][m]
// CHECK:         write hetile_g_data[i, j, 0]
// CHECK:         tilable: yes
#include <cstdio>
#include <cstdlib>
#include <vector>

class Grid {
public:
  Grid(int rows, int cols) : rows_(rows), cols_(cols), v_(size_t(rows) * cols) {
    for (size_t k = 0; k < v_.size(); k++)
      v_[k] = double((k * 37) % 101) / 8.0;
  }
  void sweep() {
#pragma hetile
    for (int i = 1; i < rows_; i++) {
      double *row = &v_[i * cols_];
      const double *up = &v_[(i - 1) * cols_];
      for (int j = 1; j < cols_; j++)
        row[j] = 0.5 * (up[j] + row[j - 1]) + 0.125;
    }
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

struct P {
  double x, y;
};

static void parts(int n, int m, std::vector<P> &g) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++) {
      P *p = &g[i * m + j];
      p->x = 0.5 * (g[(i - 1) * m + j].x + g[i * m + j - 1].y);
      p->y = p->x - 0.25 * g[(i - 1) * m + j - 1].x;
    }
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  int n = std::atoi(argv[1]), m = std::atoi(argv[2]);
  Grid grid(n, m);
  grid.sweep();
  std::printf("sweep %a\n", grid.checksum());
  std::vector<P> g(size_t(n) * size_t(m));
  for (size_t k = 0; k < g.size(); k++)
    g[k] = P{double(k % 13) / 4.0, double(k % 7) / 2.0};
  parts(n, m, g);
  double s = 0;
  for (size_t k = 0; k < g.size(); k++)
    s += g[k].x * 3.0 + g[k].y;
  std::printf("parts %a\n", s);
  return 0;
}
