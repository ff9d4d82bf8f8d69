// The run-time check of members read once (docs/invariant-loads.md) in
// C++: Dims::sweep reads this->rows_ and this->cols_ once before the nest,
// under the check that its writes to v miss them. "apart": the object
// lies outside the grid, the tiled code runs. "inside": the object is
// constructed in the grid's first element, which the nest never touches
// but which lies inside the box its accesses span: the check cannot tell,
// and the original runs. Every build prints what the original prints; the
// builds with HETILE_FALLBACK_ABORT prove which branch each call took.
// RUN: %hetile rewrite %s -o %t.seq.cpp --backend=seq -- -std=c++17
// RUN: %hetile rewrite %s -o %t.omp.cpp --backend=omp -- -std=c++17
// RUN: %clang -x c++ -std=c++17 -O1 -Wall -Werror -Wno-unknown-pragmas %s -o %t.orig -lstdc++
// RUN: %clang -x c++ -std=c++17 -O1 -Wall -Werror %rt_cflags %t.seq.cpp -o %t.seq %rt_libs -lstdc++
// RUN: %gcc -x c++ -std=c++17 -O1 -Wall -Werror -fopenmp %rt_cflags %t.omp.cpp -o %t.omp %rt_libs -lstdc++
// RUN: %clang -x c++ -std=c++17 -O1 -Wall -Werror -DHETILE_FALLBACK_ABORT %rt_cflags %t.seq.cpp -o %t.seq-abort %rt_libs -lstdc++
// RUN: %t.orig 9 7 apart > %t.apart && env HETILE_PROFIT=0 %t.seq 9 7 apart | diff %t.apart -
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=2 %t.omp 9 7 apart | diff %t.apart -
// RUN: %t.orig 9 7 inside > %t.inside && env HETILE_PROFIT=0 %t.seq 9 7 inside | diff %t.inside -
// RUN: env HETILE_PROFIT=0 OMP_NUM_THREADS=2 %t.omp 9 7 inside | diff %t.inside -
// RUN: env HETILE_PROFIT=0 HETILE_STATS=1 %t.seq 17 12 inside 2>&1 >/dev/null | FileCheck %s
// RUN: env HETILE_PROFIT=0 %t.seq-abort 17 12 apart > /dev/null
// RUN: env HETILE_PROFIT=0 not --crash %t.seq-abort 17 12 inside > /dev/null
// CHECK: hetile: {{.*}}cxx-loads-fallback.cpp:{{[0-9]+}} (sweep): a write may reach this->rows_, this->cols_: the original nest ran
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

class Dims {
public:
  Dims(int rows, int cols) : rows_(rows), cols_(cols) {}
  void sweep(int steps, double *v) const {
#pragma hetile
    for (int t = 0; t < steps; t++)
      for (int i = 1; i < rows_ - 1; i++)
        for (int j = 1; j < cols_ - 1; j++)
          v[i * cols_ + j] = 0.25 * (v[(i - 1) * cols_ + j] + v[(i + 1) * cols_ + j] +
                                     v[i * cols_ + j - 1] + v[i * cols_ + j + 1]);
  }

private:
  int rows_, cols_;
};

static_assert(sizeof(Dims) <= sizeof(double), "Dims fits in one element");

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  int n = std::atoi(argv[1]), m = std::atoi(argv[2]);
  std::vector<double> v(size_t(n) * size_t(m));
  for (size_t k = 0; k < v.size(); k++)
    v[k] = double((k * 37) % 101) / 8.0;
  if (!std::strcmp(argv[3], "inside")) {
    // v[0] is never read nor written by the nest: a corner of the grid.
    Dims *d = new (static_cast<void *>(v.data())) Dims(n, m);
    d->sweep(3, v.data());
    v[0] = 0;
  } else {
    Dims d(n, m);
    d.sweep(3, v.data());
  }
  double s = 0;
  for (size_t k = 0; k < v.size(); k++)
    s += v[k] * double(1 + k % 3);
  std::printf("%s %a\n", argv[3], s);
  return 0;
}
