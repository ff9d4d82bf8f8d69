// A nest whose isl work runs past its bound is left as it is, with a remark
// naming the stage that ran out, and the other nests of the file are still
// tiled (hang_mpi's mpi code is generated within the time bound,
// hang_tiling's tiling runs past it: the remark names the stage). The bounds are set tiny here (--isl-max-operations,
// --nest-time-budget) so that the check does not depend on the machine's
// speed.
// RUN: %hetile analyze %s --isl-max-operations=1 -- -std=c11 2>&1 | FileCheck %s --check-prefix=MODEL
// RUN: %hetile rewrite --backend=mpi --nest-time-budget=0.5 %s -o %t.c -- -std=c11 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
// RUN: %hetile rewrite %s --isl-max-operations=200000 -o %t.ops.c -- -std=c11 2>&1 | FileCheck %s --check-prefix=OPS
// RUN: %strip-directives %t.ops.c | FileCheck %s --check-prefix=CODE
// The plugin takes the same bounds; the file still compiles.
// RUN: %clang -std=c11 -fplugin=%{plugin} -fplugin-arg-hetile-isl-max-operations=1 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PLUGIN

// MODEL: too-complex.c:[[@LINE+6]]:3: remark: nest not tiled: the nest is too complex: the polyhedral model stage exceeded its isl operation bound (--isl-max-operations) [hetile-reject-too-complex]
// MODEL: nest at {{.*}}too-complex.c:[[@LINE+5]]:3 in function 'hang_mpi': not tiled [hetile-reject-too-complex]
// PLUGIN: too-complex.c:[[@LINE+4]]:3: remark: nest not tiled: the nest is too complex: the polyhedral model stage exceeded its isl operation bound (--isl-max-operations) [hetile-reject-too-complex]
// TIME-NOT: too-complex.c:[[@LINE+3]]:3: remark
void hang_mpi(int n, int m, double A[restrict 64][64]) {
#pragma hetile
  for (int x = 1; x < m; x++)
    for (int y = x; y < x + n; y++)
      for (int z = 0; z < n; z++)
        A[y + z][z] = 0.5 * A[y + z - 1][z] + 1.0;
}

// TIME: too-complex.c:[[@LINE+4]]:3: remark: nest not tiled: the nest is too complex: the tiling stage ran past the time budget of the nest (0.5 s of CPU for all its stages, --nest-time-budget) [hetile-reject-too-complex]
// OPS: too-complex.c:[[@LINE+3]]:3: remark: nest not tiled: the nest is too complex: the {{[a-z ]+}} stage exceeded its isl operation bound (--isl-max-operations) [hetile-reject-too-complex]
void hang_tiling(int n, int m, double C[restrict 64][64]) {
#pragma hetile
  for (int i1 = 1; i1 < n - 1; i1 += 1)
    for (int i2 = (0 >= i1 - 2 ? 0 : i1 - 2); i2 <= (m - 2 < i1 + 3 ? m - 2 : i1 + 3); i2 += 2)
      for (int i3 = i2; i3 <= i2 + m - 3; i3++)
        if (!(2 * i3 >= n - 2))
          C[i2][i3 + 3] = 0.5 * C[i3][i2 + 3] + 0.25 * C[i2 + 1][i3 + 3] + 0.125 * C[i2][i3 + 2];
}

// The simple nest after them is tiled.
// CODE-LABEL: void simple(
// CODE: {{^ *}}/* hetile: tile loops */
void simple(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}
