// The plugin inside an ordinary compile: -c gives the object of the tiled
// code (it calls the runtime for its tile sizes), warning-free with -Wall
// -Werror; linked with the runtime, the program prints bitwise what the
// plain build prints, for several tile sizes. emit= writes the text that
// was compiled (with #line). -S gives tiled assembly; -fsyntax-only writes
// nothing.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -std=c11 -O2 -Wall -Werror -fplugin=%{plugin} -fplugin-arg-hetile-emit=%t/tiled.c -c %s -o %t/plugin.o
// RUN: llvm-nm %t/plugin.o | FileCheck %s --check-prefix=SYMS
// RUN: %strip-directives %t/tiled.c | FileCheck %s --check-prefix=EMIT
// RUN: %clang %t/plugin.o -o %t/plugin %rt_libs
// RUN: %clang -std=c11 -O2 -Wno-unknown-pragmas %s -o %t/plain
// RUN: %t/plain 37 > %t/expected
// RUN: %t/plugin 37 | diff %t/expected -
// RUN: env HETILE_TILE_SIZES=1 %t/plugin 37 | diff %t/expected -
// RUN: env HETILE_TILE_SIZES=3,5,7 %t/plugin 37 | diff %t/expected -
// RUN: env HETILE_TILE_SIZES=100 %t/plugin 37 | diff %t/expected -
// RUN: %t/plain 3 > %t/expected3
// RUN: %t/plugin 3 | diff %t/expected3 -
// The tiled code runs: it reads HETILE_TILE_SIZES, the plain program does not.
// RUN: env HETILE_TILE_SIZES=0 not %t/plugin 37 2>&1 | FileCheck %s --check-prefix=BADSIZE
//
// Sizes fixed at compile time: no runtime call is left.
// RUN: %clang -std=c11 -O2 -fplugin=%{plugin} -fplugin-arg-hetile-tile-sizes=4,3,5 -c %s -o %t/const.o
// RUN: llvm-nm %t/const.o | FileCheck %s --check-prefix=CONST
// RUN: %clang %t/const.o -o %t/const
// RUN: %t/const 37 | diff %t/expected -
//
// RUN: %clang -std=c11 -O2 -fplugin=%{plugin} -S %s -o %t/plugin.s
// RUN: FileCheck %s --check-prefix=SYMS < %t/plugin.s
// RUN: cd %t && %clang -std=c11 -fplugin=%{plugin} -fsyntax-only %s
// RUN: not ls %t/compile-run.o
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void heat(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (A[i - 1][j] + A[i][j - 1] + A[i][j] + A[i][j + 1] +
                         A[i + 1][j]);
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 10;
  double (*A)[N] = malloc(sizeof(double[N][N]));
  if (!A)
    return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j * 3) % 11) / 11.0;
  heat(6, N, A);
  unsigned long H = 1469598103934665603ul;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      unsigned char Bytes[sizeof(double)];
      memcpy(Bytes, &A[i][j], sizeof Bytes);
      for (unsigned b = 0; b < sizeof Bytes; b++)
        H = (H ^ Bytes[b]) * 1099511628211ul;
    }
  printf("N=%d hash=%016lx\n", N, H);
  free(A);
  return 0;
}

// SYMS: hetile_env_tile_sizes
// EMIT: #include "hetile_rt.h"
// EMIT-NEXT: #line {{[0-9]+}} "{{.*}}compile-run.c"
// EMIT: /* hetile: the nest below was tiled (#pragma hetile) */
// EMIT: /* hetile: tile loops */
// EMIT: /* hetile: point loops */
// EMIT: int main(int argc, char **argv) {
// BADSIZE: hetile: error: {{.*}}HETILE_TILE_SIZES
// CONST-NOT: hetile_
