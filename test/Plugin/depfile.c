// -MD -MF with the plugin: the dependency file names the object, this
// file, the headers it includes and hetile_rt.h (which the compiled text
// includes), and nothing the plugin made.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -std=c11 -fplugin=%{plugin} -fplugin-arg-hetile-emit=%t/tiled.c -I%S/Inputs -c %s -o %t/depfile.o -MD -MF %t/depfile.d
// RUN: FileCheck %s < %t/depfile.d
// RUN: not grep tiled.c %t/depfile.d
// RUN: %clang -std=c11 -fplugin=%{plugin} -I%S/Inputs -c %s -o %t/mt.o -MD -MF %t/mt.d -MT custom-target
// RUN: FileCheck %s --check-prefix=MT < %t/mt.d
#include "user-header.h"

void kernel(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1] * SCALE;
}

// CHECK: depfile.o:
// CHECK-NEXT: {{.*}}Plugin{{/|\\\\}}depfile.c
// CHECK-DAG: Inputs{{/|\\\\}}user-header.h
// CHECK-DAG: hetile_rt.h
// MT: {{^}}custom-target: {{.*}}depfile.c
