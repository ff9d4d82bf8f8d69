// A flat array whose subscripts, read with the rows their products give
// it, leave those rows wherever the nest runs: a[i * (n + 2) + j] has rows
// of n + 2 elements, and j runs to 2 * n + 4, past its row, where no row
// moved between the subscripts brings it back (docs/delinearization.md).
// The run-time check would never hold: the nest is left alone.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void padded(int N, int n, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j <= 2 * n + 4; j++)
      a[i * (n + 2) + j] = a[(i - 1) * (n + 2) + j];
}
// CHECK: subscript-outside-rows.c:[[@LINE-2]]:7: remark: nest not tiled: 'a[i * (n + 2) + j]', read with rows of n + 2 elements, leaves them wherever the nest runs: the run-time check of the subscripts of 'a' would never hold [hetile-reject-subscript-outside-rows]
// REPORT: nest at {{.*}}subscript-outside-rows.c:11:3 in function 'padded': not tiled [hetile-reject-subscript-outside-rows]

// Each access alone can stay in its rows, but not both together: j + L
// needs L >= 0, and j - L - 1 needs L <= -1. The remark names the array.
void together(int N, int M, int L, int n, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i * n + j + L] = a[(i - 1) * n + j - L - 1];
}
// CHECK: subscript-outside-rows.c:[[@LINE-2]]:7: remark: nest not tiled: the accesses to 'a', read with rows of n elements, leave them wherever the nest runs: the run-time check of the subscripts of 'a' would never hold [hetile-reject-subscript-outside-rows]
