// C++ arrays of structs (docs/struct-arrays.md): a std::vector of points
// indexed flat, v[i * n + j].x, passed by reference, and a class whose
// cells live in a vector member, cells_[i * n_ + j].u, with the size a
// member. The vectors' data and the sizes are read once before the nests,
// the members are the last subscript of the model, the flat subscripts are
// split into rows. Every build defines HETILE_FALLBACK_ABORT and runs with
// HETILE_PROFIT=0: each call runs the tiled code (two tiled nests in each
// rewrite), and prints what the original prints, on seq (clang, gcc) and
// omp (gcc; 2 and 3 threads, several tile sizes).
// RUN: %hetile analyze %s -- -std=c++17 | FileCheck %s
// RUN: %hetile rewrite %s -o %t.seq.cpp --backend=seq -- -std=c++17
// RUN: %hetile rewrite %s -o %t.omp.cpp --backend=omp -- -std=c++17
// RUN: grep -c "the nest below [w]as tiled" %t.seq.cpp | FileCheck %s --check-prefix=TWO
// RUN: grep -c "the nest below [w]as tiled" %t.omp.cpp | FileCheck %s --check-prefix=TWO
// RUN: %clang -x c++ -std=c++17 -O1 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig -lstdc++
// RUN: %clang -x c++ -std=c++17 -O1 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags %t.seq.cpp -o %t.seq %rt_libs -lstdc++
// RUN: %gcc -x c++ -std=c++17 -O1 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags %t.seq.cpp -o %t.seq-gcc %rt_libs -lstdc++
// RUN: %gcc -x c++ -std=c++17 -O1 -Wall -Werror -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags %t.omp.cpp -o %t.omp %rt_libs -lstdc++
// RUN: %t.orig 5 1 > %t.a && env HETILE_PROFIT=0 %t.seq 5 1 | diff %t.a -
// RUN: %t.orig 23 3 > %t.b && env HETILE_PROFIT=0 %t.seq 23 3 | diff %t.b -
// RUN: env HETILE_PROFIT=0 HETILE_TILE_SIZES=2,3,5 %t.seq-gcc 23 3 | diff %t.b -
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=2 %t.omp 23 3 | diff %t.b -
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=3 HETILE_TILE_SIZES=1,4,2 %t.omp 23 3 | diff %t.b -
// RUN: %t.orig 60 4 > %t.c && env HETILE_PROFIT=0 OMP_NUM_THREADS=2 %t.omp 60 4 | diff %t.c -
// CHECK-LABEL: nest at {{.*}}struct-vectors.cpp:{{[0-9]+}}:3 in function 'grid'
// CHECK:         read once: v.data() as hetile_v_data
// CHECK:         delinearized: hetile_v_data as hetile_v_data[][n]
// CHECK:         write hetile_v_data[i, j, 0]
// CHECK:         read hetile_v_data[i, -1 + j, 8]
// CHECK:         tilable: yes
// CHECK-LABEL: nest at {{.*}}struct-vectors.cpp:{{[0-9]+}}:5 in function 'relax'
// CHECK:         read once: this->n_ as hetile_this_n_
// CHECK:         read once: this->cells_.data() as hetile_this_cells_data
// CHECK:         write hetile_this_cells_data[i, j, 8 + 8k]
// CHECK:         tilable: yes
// TWO: 2
#include <cstdio>
#include <cstdlib>
#include <vector>

struct Point {
  double x, y;
};

struct Cell {
  double rho;
  double u[2];
};

static void grid(int n, std::vector<Point> &v) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      v[i * n + j].x = 0.5 * v[(i - 1) * n + j].x + 0.25 * v[i * n + j - 1].y;
}

class Mesh {
public:
  explicit Mesh(int n) : n_(n), cells_(size_t(n) * size_t(n)) {
    for (size_t k = 0; k < cells_.size(); k++) {
      cells_[k].rho = double((k * 37) % 101) / 8.0;
      cells_[k].u[0] = double((k * 53) % 97) / 4.0;
      cells_[k].u[1] = double((k * 29) % 89) / 2.0;
    }
  }
  void relax(int steps) {
#pragma hetile
    for (int t = 0; t < steps; t++)
      for (int i = 1; i < n_ - 1; i++)
        for (int j = 1; j < n_ - 1; j++)
          for (int k = 0; k < 2; k++)
            cells_[i * n_ + j].u[k] =
                0.25 * (cells_[(i - 1) * n_ + j].u[k] +
                        cells_[(i + 1) * n_ + j].u[k] +
                        cells_[i * n_ + j - 1].rho +
                        cells_[i * n_ + j + 1].u[1 - k]);
  }
  double checksum() const {
    double s = 0;
    for (size_t k = 0; k < cells_.size(); k++)
      s += cells_[k].rho + double(k % 7) * cells_[k].u[0] - cells_[k].u[1];
    return s;
  }

private:
  int n_;
  std::vector<Cell> cells_;
};

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 23;
  int steps = argc > 2 ? std::atoi(argv[2]) : 3;
  std::vector<Point> v(size_t(n) * size_t(n));
  for (size_t k = 0; k < v.size(); k++) {
    v[k].x = double((k * 41) % 103) / 8.0;
    v[k].y = double((k * 17) % 61) / 4.0;
  }
  grid(n, v);
  double s = 0;
  for (size_t k = 0; k < v.size(); k++)
    s += v[k].x * double(1 + k % 3) + v[k].y;
  std::printf("grid %a\n", s);
  Mesh m(n);
  m.relax(steps);
  std::printf("relax %a\n", m.checksum());
  return 0;
}
