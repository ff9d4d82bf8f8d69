// A nest on which isl itself crashes is left as it is, with a remark naming
// the signal: each nest's isl work runs first in a child process
// (Support/Isolation.h). `crash` makes isl 0.26 (inside LLVM 19) die of a
// segmentation fault in isl_basic_map_swap_div, under
// isl_union_access_info_compute_flow, during the dependence analysis (fuzz
// seed 11799, reduced). The other nest of the file is still tiled, the tool
// exits 0 on every backend, and the plugin compiles the file.
// The crash is real: with --isl-in-process the tool dies of it.
// RUN: not --crash %hetile rewrite --isl-in-process %s -o %t.crash.c -- -std=c99 -Wno-unused-value
// RUN: %hetile rewrite %s -o %t.c -- -std=c99 -Wno-unused-value 2>&1 | FileCheck %s
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -std=c99 -Wno-unused-value 2>&1 | FileCheck %s
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=CODE
// RUN: %hetile analyze %s -- -std=c99 -Wno-unused-value 2>&1 | FileCheck %s --check-prefix=ANALYZE
// RUN: %clang -std=c99 -Wno-unused-value -fplugin=%{plugin} -c %s -o %t.o 2>&1 | FileCheck %s

// CHECK: isl-crashed.c:[[@LINE+7]]:3: remark: nest not tiled: isl, the integer set library, failed with signal 11 (SIGSEGV) while analyzing the nest (a bug of isl, run in a child process); the nest is left as it is [hetile-reject-isl-crashed]
// CHECK-NOT: remark
// ANALYZE: nest at {{.*}}isl-crashed.c:[[@LINE+5]]:3 in function 'crash': not tiled [hetile-reject-isl-crashed]
// CODE-LABEL: void crash(
// CODE-NEXT: #pragma hetile
void crash(int N, int M, double A[][72]) {
#pragma hetile
  for (int i = 2; i < N; i = i + 2) {
    for (int j = i; j >= 2; j--) {
      A[70][27];
      for (int l = j; l >= 0; l--) {
        A[i + 25][l] * 0.5;
        A[21][26] = 0.25 * l;
      }
      for (int k = i; k < (M - j + 2) + 1; k += 2) {
        for (int l = k; l <= (N - i + 4); ++l)
          A[i + 27][l - j + 21] = 0.25 * 0.5;
        for (int l = (M - i + 3); l >= (k - 2); l--)
          A[l + 27][26] = 0.125 * 0.5;
      }
    }
  }
}

// The simple nest after it is tiled.
// CODE-LABEL: void simple(
// CODE: {{^ *}}/* hetile: tile loops */
void simple(int n, double B[restrict 64][64]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      B[i][j] = 0.5 * (B[i - 1][j] + B[i][j - 1]);
}
