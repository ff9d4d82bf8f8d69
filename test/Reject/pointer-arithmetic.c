// Pointer arithmetic, dereferences and addresses taken.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void f(int N, double *restrict A) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      *(A + i * N + j) = 0;
}
// CHECK: pointer-arithmetic.c:9:7: remark: nest not tiled: pointer dereference '*(A + i * N + j)' [hetile-reject-pointer-arithmetic]
// REPORT: nest at {{.*}}pointer-arithmetic.c:7:3 in function 'f': not tiled [hetile-reject-pointer-arithmetic]

void g(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double *row = A[i];
      row++;
      row[j] = 0;
    }
}
// A row pointer (test/Run/row-pointers.c) that does not qualify says why.
// CHECK: pointer-arithmetic.c:18:15: remark: nest not tiled: pointer 'row' is not modelled: it is assigned or its address taken after its definition [hetile-reject-pointer-arithmetic]

void h(int N, double *restrict A) {
#pragma hetile
  for (int i = 0; i < N; i++) {
    double *row = A + i * N;
    for (int j = 0; j < N; j++)
      *(row + j) = 1;
  }
}
// CHECK: pointer-arithmetic.c:29:13: remark: nest not tiled: pointer 'row' is not modelled: it is used otherwise than as 'row[e]' or 'row->m' [hetile-reject-pointer-arithmetic]

void k(int N, double *restrict A) {
#pragma hetile
  for (int i = 0; i < N; i++) {
    char *row = (char *)A + i * N;
    for (int j = 0; j < N; j++)
      row[j] = 1;
  }
}
// CHECK: pointer-arithmetic.c:39:11: remark: nest not tiled: pointer 'row' is not modelled: its value is not an element of an array the nest does not write ('a + e', '&a[e]', 'a[i]' of a two-dimensional array, '&v[e]' of a std::vector) with subscripts computed from iterators and parameters [hetile-reject-pointer-arithmetic]
