// The plugin's arguments that choose nests act as the standalone tool's
// options: without `auto` an unmarked nest is left alone; with it, a nest
// writing through a pointer that may alias another, where no run-time check
// can tell (nine cases for the lowest element of A), is rejected while the
// marked one is tiled; `no-skew` rejects the marked nest that needs a skew.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -c -fplugin=%{plugin} %s -o %t/default.o 2>&1 | FileCheck %s --check-prefix=DEFAULT --allow-empty
// RUN: llvm-nm %t/default.o | FileCheck %s --check-prefix=ONE
// RUN: %clang -c -fplugin=%{plugin} -fplugin-arg-hetile-auto %s -o %t/auto.o 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: %clang -c -fplugin=%{plugin} -fplugin-arg-hetile-auto -fplugin-arg-hetile-emit=%t/auto.c %s -o %t/auto2.o 2>/dev/null
// RUN: grep -c '^ */\* hetile: tile loops' %t/auto.c | FileCheck %s --check-prefix=ONCE
// RUN: %clang -c -fplugin=%{plugin} -fplugin-arg-hetile-no-skew %s -o %t/noskew.o 2>&1 | FileCheck %s --check-prefix=NOSKEW
// RUN: llvm-nm %t/noskew.o | FileCheck %s --check-prefix=NONE

void unmarked(int N, int P0, int P1, int P2, int P3, int P4, int P5, int P6,
              int P7, int P8, double *A, double B[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      B[i][j] = B[i - 1][j] + A[P0] + A[P1] + A[P2] + A[P3] + A[P4] + A[P5] +
                A[P6] + A[P7] + A[P8];
}
// AUTO: options.c:[[@LINE-3]]:{{[0-9]+}}: remark: nest not tiled: {{.*}}[hetile-reject-possible-alias]

void skewed(int T, int N, double A[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      A[i] = (A[i - 1] + A[i] + A[i + 1]) / 3;
}
// NOSKEW: options.c:[[@LINE-4]]:3: remark: nest not tiled: {{.*}}[hetile-reject-non-permutable]

// DEFAULT-NOT: remark
// ONCE: {{^1$}}
// ONE: U hetile_env_tile_sizes
// NONE-NOT: hetile_
