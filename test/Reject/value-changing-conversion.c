// A conversion to a type that cannot hold the value: C changes it (modulo
// 2^n, or as the implementation defines for a signed type). Where the value
// depends on parameters only, each of whose values is a long, the nest is
// tiled under a run-time check that it fits (Analyze/runtime-integer-facts.c);
// a size_t parameter is not one.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err
#include <stddef.h>

// (int)n is negative for n = 2^31 (with GCC and Clang).
void narrow(size_t n, double A[restrict n][n]) {
#pragma hetile
  for (int i = 0; i < (int)n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = 0;
}
// CHECK: value-changing-conversion.c:[[@LINE-4]]:28: remark: nest not tiled: conversion of 'n' from 'size_t' to 'int' may change its value (e.g. when n = 2147483648) [hetile-reject-value-changing-conversion]
// REPORT: nest at {{.*}}value-changing-conversion.c:13:3 in function 'narrow': not tiled [hetile-reject-value-changing-conversion]

// The start K - i of an unsigned iterator: K - i = -1 starts at 4294967295.
void start(unsigned N, int K, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < 8; i++)
    for (unsigned j = K - i; j < N; j++)
      A[i][j] = 0;
}
// CHECK: value-changing-conversion.c:[[@LINE-3]]:23: remark: nest not tiled: conversion of 'K - i' from 'int' to 'unsigned int' may change its value (e.g. when K = -1, i = 0) [hetile-reject-value-changing-conversion]

// A subscript through a narrower type.
void subscript(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][(short)j] = 0;
}
// CHECK: value-changing-conversion.c:[[@LINE-2]]:19: remark: nest not tiled: conversion of 'j' from 'int' to 'short' may change its value (e.g. when j = 32768) [hetile-reject-value-changing-conversion]

// A signed iterator narrower than int: c++ is computed in int and converted
// back, so c never reaches 200.
void narrowIterator(double A[restrict 200][200]) {
#pragma hetile
  for (signed char c = 0; c < 200; c++)
    for (int j = 0; j < 200; j++)
      A[c][j] = 0;
}
// CHECK: value-changing-conversion.c:[[@LINE-4]]:36: remark: nest not tiled: step 'c++' takes iterator 'c' out of the range of 'signed char', where C converts its value (e.g. when c = 127) [hetile-reject-value-changing-conversion]

// A step computed in unsigned: i += 2u is (unsigned)i + 2u converted back to
// int, defined (not an overflow) past INT_MAX, where C's i turns negative.
void unsignedStep(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i += 2u)
    for (int j = 0; j < N; j++)
      A[i][j] = 0;
}
// CHECK: value-changing-conversion.c:[[@LINE-4]]:26: remark: nest not tiled: step 'i += 2u' takes iterator 'i' out of the range of 'int', where C converts its value (e.g. when i = 2147483646) [hetile-reject-value-changing-conversion]
