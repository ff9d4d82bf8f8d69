// A nest whose tiled block would be larger than --max-nest-code-bytes is left
// as it is, with a remark naming the size and the limit; the other nests of
// the file are still tiled. The mpi block of `pipelined` (with its
// messages) is some 15 KB of C, its seq block 2 KB; those of `independent`
// 11 KB and 2 KB: a limit of 13000 bytes leaves `pipelined` untouched on
// mpi only. The default limit (500000) tiles it.
// RUN: %hetile rewrite --backend=mpi --max-nest-code-bytes=13000 %s -o %t.mpi.c -- -std=c11 2>&1 | FileCheck %s --check-prefix=MPI
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=MPI-CODE
// RUN: %hetile rewrite --backend=seq --max-nest-code-bytes=13000 %s -o %t.seq.c -- -std=c11 2>&1 | FileCheck %s --check-prefix=TILED --allow-empty
// RUN: %strip-directives %t.seq.c | FileCheck %s --check-prefix=SEQ-CODE
// RUN: %hetile rewrite --backend=mpi %s -o %t.default.c -- -std=c11 2>&1 | FileCheck %s --check-prefix=TILED --allow-empty
// RUN: %strip-directives %t.default.c | FileCheck %s --check-prefix=SEQ-CODE
// The plugin takes the same bound; the file still compiles.
// RUN: %clang -std=c11 -fplugin=%{plugin} -fplugin-arg-hetile-max-nest-code-bytes=100 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PLUGIN

// MPI: codegen-too-large.c:[[@LINE+10]]:3: remark: nest not tiled: the generated code is too large: the block replacing the nest has {{[0-9]+}} bytes of C, over the limit of 13000 (--max-nest-code-bytes) [hetile-reject-codegen-too-large]
// MPI-NOT: remark
// PLUGIN: codegen-too-large.c:[[@LINE+8]]:3: remark: nest not tiled: the generated code is too large: the block replacing the nest has {{[0-9]+}} bytes of C, over the limit of 100 (--max-nest-code-bytes) [hetile-reject-codegen-too-large]
// TILED-NOT: remark
// MPI-CODE: void pipelined(
// MPI-CODE-NEXT: #pragma hetile
// MPI-CODE-NEXT: for (int i = 1; i < n; i++)
// SEQ-CODE: hetile: the nest below was tiled (#pragma hetile)
void pipelined(int n, double A[restrict 64][64]) {
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = 0.5 * (A[i - 1][j] + A[i][j - 1]);
}

// PLUGIN: codegen-too-large.c:[[@LINE+5]]:3: remark: nest not tiled: the generated code is too large
// MPI-CODE: void independent(
// MPI-CODE: hetile: the nest below was tiled (#pragma hetile)
void independent(int n, double B[restrict 64][64]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[i][j] = 2.0 * B[i][j];
}
