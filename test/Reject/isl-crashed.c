// isl itself may crash on a nest: each nest's isl work runs first in a child
// process (Support/Isolation.h). `crash` makes isl 0.26 (inside LLVM 19) die
// of a segmentation fault in isl_basic_map_swap_div, under
// isl_union_access_info_compute_flow, during the dependence analysis (fuzz
// seed 11799, reduced); the crash is real: with --isl-in-process the tool
// dies of it.
// RUN: not --crash %hetile rewrite --isl-in-process %s -o %t.crash.c -- -std=c99 -Wno-unused-value
// isl's dataflow analysis asked once per may-source statement (the same
// relations, Analysis/Dependences.h) does not crash: the nest gets its
// verdict, on every backend, and the other nest is tiled.
// RUN: %hetile rewrite %s -o %t.c -- -std=c99 -Wno-unused-value 2>&1 | FileCheck %s --check-prefix=VERDICT
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -std=c99 -Wno-unused-value 2>&1 | FileCheck %s --check-prefix=VERDICT
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=CODE
// Where isl crashes with both forms (simulated by HETILE_TEST_ISL_CRASH, which
// kills the child of that part of the work), the nest is left as it is with
// a remark naming the signal; the tool exits 0 and the plugin compiles the
// file.
// RUN: env HETILE_TEST_ISL_CRASH=analysis %hetile rewrite %s -o %t.a.c -- -std=c99 -Wno-unused-value 2>&1 | FileCheck %s --check-prefix=ANALYSIS
// RUN: env HETILE_TEST_ISL_CRASH=analysis %hetile analyze %s -- -std=c99 -Wno-unused-value 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env HETILE_TEST_ISL_CRASH=stages %hetile rewrite --backend=omp %s -o %t.s.c -- -std=c99 -Wno-unused-value 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: %strip-directives %t.s.c | FileCheck %s --check-prefix=UNTOUCHED
// RUN: env HETILE_TEST_ISL_CRASH=analysis %clang -std=c99 -Wno-unused-value -fplugin=%{plugin} -fplugin-arg-hetile-backend=omp -fopenmp -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ANALYSIS

// VERDICT: isl-crashed.c:[[@LINE+10]]:3: remark: nest not tiled: no legal transformation gives a fully permutable band of two or more loops ({{.*}}) [hetile-reject-non-permutable]
// VERDICT-NOT: remark
// ANALYSIS: isl-crashed.c:[[@LINE+8]]:3: remark: nest not tiled: isl, the integer set library, failed with signal 11 (SIGSEGV) while analyzing the nest (a bug of isl, run in a child process); the nest is left as it is [hetile-reject-isl-crashed]
// REPORT: nest at {{.*}}isl-crashed.c:[[@LINE+7]]:3 in function 'crash': not tiled [hetile-reject-isl-crashed]
// STAGES: isl-crashed.c:[[@LINE+6]]:3: remark: nest not tiled: no legal transformation
// CODE-LABEL: void crash(
// CODE-NEXT: #pragma hetile
// CODE-NEXT: for (int i = 2; i < N; i = i + 2) {
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

// The simple nest after it is tiled, unless its child crashes.
// ANALYSIS: isl-crashed.c:[[@LINE+8]]:3: remark: nest not tiled: isl, the integer set library, failed with signal 11 (SIGSEGV) while analyzing the nest (a bug of isl, run in a child process); the nest is left as it is [hetile-reject-isl-crashed]
// STAGES: isl-crashed.c:[[@LINE+7]]:3: remark: nest not tiled: isl, the integer set library, failed with signal 11 (SIGSEGV) while generating its tiled code (a bug of isl, run in a child process); the nest is left as it is [hetile-reject-isl-crashed]
// CODE-LABEL: void simple(
// CODE: {{^ *}}/* hetile: tile loops */
// UNTOUCHED-LABEL: void simple(
// UNTOUCHED-NEXT: #pragma hetile
void simple(int n, double B[restrict 64][64]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      B[i][j] = 0.5 * (B[i - 1][j] + B[i][j - 1]);
}
