// The mpi backends move the members of an array of structs as numbers of
// one C type per array: a nest that writes members of two types (a double
// and an int) is left as it is on them, with the remark, and tiled on the
// others; a struct whose written and read members are all doubles (beside
// an int member the nest never touches) is tiled on the mpi backends too.
// RUN: %hetile rewrite --backend=mpi %s -o %t.c -- 2>&1 | FileCheck %s
// RUN: %hetile analyze %s -- | FileCheck %s --check-prefix=ANALYZE
// RUN: %hetile rewrite --backend=omp %s -o %t-omp.c -- 2>&1 | FileCheck %s --check-prefix=OMP --allow-empty
// RUN: grep -c "/\* hetile: tile loops \*/" %t-omp.c | FileCheck %s --check-prefix=TWO
// RUN: grep -c "/\* hetile: tile loops \*/" %t.c | FileCheck %s --check-prefix=ONE
// CHECK: mpi-struct-array.c:[[#@LINE+17]]:3: remark: nest not tiled: the nest writes members of 'p', an array of structs, of several types (double, int), and the mpi backends move numbers of one type per array [hetile-reject-mpi-struct-array]
// CHECK-NOT: remark
// ANALYZE-LABEL: in function 'mixed'
// ANALYZE: final exchange (mpi backends): none, the nest stays as it is: the nest writes members of 'p', an array of structs, of several types (double, int), and the mpi backends move numbers of one type per array [hetile-reject-mpi-struct-array]
// ANALYZE-LABEL: in function 'doubles'
// ANALYZE: final exchange (mpi backends): [n, m] -> { ((16 - 16 * n) + (-16 + 16 * n) * m) : n >= 2 and m >= 2 } bytes of final values;
// OMP-NOT: remark
// TWO: 2
// ONE: 1

struct particle {
  double x, v;
  int hits;
};

void mixed(int n, int m, struct particle p[n][m]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++) {
      p[i][j].x = 0.5 * (p[i - 1][j].x + p[i][j - 1].x);
      p[i][j].hits = p[i - 1][j].hits + 1;
    }
}

void doubles(int n, int m, struct particle p[n][m]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++) {
      p[i][j].x = 0.5 * (p[i - 1][j].x + p[i][j - 1].v);
      p[i][j].v = p[i][j].x - p[i - 1][j].v;
    }
}
