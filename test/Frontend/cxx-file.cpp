// C-style code in a C++ file: restrict as __restrict, std::sqrt, a C++
// `for (int i ...)` header with an unsigned iterator.
// RUN: %hetile analyze %s -- -std=c++17 | FileCheck %s
#include <cmath>

void cxx(int n, double *__restrict a, double *__restrict b) {
#pragma hetile
  for (unsigned i = 0; i < 64; i++)
    for (int j = 0; j < n; j++)
      a[i * 64 + j] = std::sqrt(b[j]) + a[i * 64 + j];
}

// CHECK-LABEL: nest at {{.*}}cxx-file.cpp:8:3 in function 'cxx'
// CHECK:         parameters: n
// CHECK:         domain: [n] -> { S0[i, j] : 0 <= i <= 63 and 0 <= j < n }
// CHECK-NEXT:      write a[64i + j]
// CHECK-NEXT:      read b[j]
