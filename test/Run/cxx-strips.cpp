// C++ strips (docs/strips.md): a class holds two grids in std::vector
// members and sweeps them in a member function, naming the members bare
// (`next_[i * cols_ + j]`). The strips compute on each thread's copies of
// the written arrays; in each step a local pointer of the member's name
// hides the member, so the statements' text runs unchanged on the copies.
// Every build defines HETILE_FALLBACK_ABORT and runs with HETILE_PROFIT=0:
// each call runs the strips (HETILE_STATS says so), and prints what the
// original prints, on 1 to 3 threads, several strip widths and sub-tiles,
// and on 2 and 3 MPI ranks.
// RUN: %hetile analyze %s -- -std=c++17 | FileCheck %s
// CHECK:      read once: this->next_.data() as hetile_this_next_data
// CHECK:      read once: this->cur_.data() as hetile_this_cur_data
// CHECK:      strips: yes
// CHECK:      auto schedule: strips
//
// A member named through `this->` (relax_this) keeps the pipeline, with the
// reason:
// CHECK: in function 'relax_this'
// CHECK: strips: no: 'this->b_.data()' is reached through a table of rows, a member of a member or 'this' {{.*}}[hetile-reject-strips-unsupported-access]
//
// RUN: %hetile rewrite %s -o %t.omp.cpp --backend=omp --omp-schedule=strips -- -std=c++17
// RUN: grep -q '^ *double \* const next_ = (double \*)hetile_copy_hetile_this_next_data;' %t.omp.cpp
// RUN: %gcc -x c++ -std=c++17 -O2 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig -lstdc++
// RUN: %gcc -x c++ -std=c++17 -O2 -Wall -Werror -fopenmp -DHETILE_FALLBACK_ABORT %rt_cflags %t.omp.cpp -o %t.omp %rt_libs -lstdc++
// RUN: %t.orig 5 4 3 > %t.a
// RUN: %t.orig 61 40 9 > %t.b
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=1 %t.omp 5 4 3 | diff %t.a -
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=2 HETILE_STRIP_WIDTH=1 %t.omp 61 40 9 | diff %t.b -
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=3 HETILE_STRIP_WIDTH=3 HETILE_STRIP_SUBTILE=1 HETILE_SPEEDS=1,2,3 %t.omp 61 40 9 | diff %t.b -
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=2 HETILE_STATS=1 %t.omp 61 40 9 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS: hetile: strips: 2 processors
//
// The same strips across MPI ranks (the rows between them exchanged):
// REQUIRES: mpi, openmp
// RUN: %hetile rewrite %s -o %t.mpi.cpp --backend=mpi --omp-schedule=strips -- -std=c++17
// RUN: %mpicc -x c++ -std=c++17 -O2 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags %t.mpi.cpp -o %t.mpi %rt_mpi_libs -lstdc++
// RUN: rm -f %t.out.*
// RUN: env HETILE_PROFIT=0 HETILE_STRIP_WIDTH=2 HETILE_STATS=1 %mpirun -np 3 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 61 40 9 2> %t.mpi.err
// RUN: diff %t.b %t.out.0
// RUN: diff %t.b %t.out.2
// RUN: FileCheck %s --check-prefix=MPI < %t.mpi.err
// MPI: hetile: strips: 3 processors, {{.*}}width 2 (HETILE_STRIP_WIDTH)
#include <cstdio>
#include <cstdlib>
#include <vector>

class Grid {
public:
  Grid(int r, int c) : rows_(r), cols_(c), cur_(r * c), next_(r * c) {
    for (int k = 0; k < r * c; k++)
      cur_[k] = next_[k] = (double)((k * 37) % 101) / 64.0;
  }
  void sweep(int T) {
#pragma hetile
    for (int t = 0; t < T; t++) {
      for (int i = 1; i < rows_ - 1; i++)
        for (int j = 1; j < cols_ - 1; j++)
          next_[i * cols_ + j] =
              0.2 * (cur_[i * cols_ + j] + cur_[(i - 1) * cols_ + j] +
                     cur_[(i + 1) * cols_ + j] + cur_[i * cols_ + j - 1] +
                     cur_[i * cols_ + j + 1]);
      for (int i = 1; i < rows_ - 1; i++)
        for (int j = 1; j < cols_ - 1; j++)
          cur_[i * cols_ + j] = next_[i * cols_ + j];
    }
  }
  void print() const {
    double s = 0;
    for (int k = 0; k < rows_ * cols_; k++)
      s += cur_[k] * (1 + k % 7);
    std::printf("%d x %d: %a\n", rows_, cols_, s);
  }

private:
  int rows_, cols_;
  std::vector<double> cur_, next_;
};

class Line {
public:
  explicit Line(int n) : n_(n), a_(n), b_(n) {
    for (int k = 0; k < n; k++)
      a_[k] = b_[k] = (double)(k % 13) / 8.0;
  }
  void relax_this(int T) {
#pragma hetile
    for (int t = 0; t < T; t++) {
      for (int i = 1; i < n_ - 1; i++)
        this->b_[i] = 0.5 * (this->a_[i - 1] + this->a_[i + 1]);
      for (int i = 1; i < n_ - 1; i++)
        this->a_[i] = this->b_[i];
    }
  }
  void print() const {
    double s = 0;
    for (int k = 0; k < n_; k++)
      s += a_[k] * (1 + k % 5);
    std::printf("line %d: %a\n", n_, s);
  }

private:
  int n_;
  std::vector<double> a_, b_;
};

int main(int argc, char **argv) {
  int rows = argc > 1 ? std::atoi(argv[1]) : 10;
  int cols = argc > 2 ? std::atoi(argv[2]) : 10;
  int T = argc > 3 ? std::atoi(argv[3]) : 2;
  Grid g(rows, cols);
  g.sweep(T);
  g.print();
  Line l(rows);
  l.relax_this(T);
  l.print();
  return 0;
}
