// Unsigned arithmetic or an unsigned step that may leave [0, max]: C wraps
// around modulo 2^n where the model would go on counting. Where the value
// depends on the parameters only, the nest is tiled under a run-time check
// that it stays in range (Analyze/runtime-integer-facts.c), unless the check
// would fail wherever the nest runs.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

// 0u - N wraps around wherever the outer loop runs (N >= 1): a run-time
// check of 0u - N >= 0 would never hold.
void bound(unsigned N, double A[restrict N][N]) {
#pragma hetile
  for (unsigned i = 0; i < N; i++)
    for (unsigned j = 0; j < 0u - N; j++)
      A[i][0] = A[i][0] + j;
}
// CHECK: unsigned-wrap.c:[[@LINE-3]]:30: remark: nest not tiled: '0u - N' is computed in 'unsigned int' and wraps around below 0 (e.g. when N = 1) [hetile-reject-unsigned-wrap]
// REPORT: nest at {{.*}}unsigned-wrap.c:13:3 in function 'bound': not tiled [hetile-reject-unsigned-wrap]

// `i >= 0` always holds: after i = 0, i-- gives 4294967295 and C never stops.
void down(unsigned N, double A[restrict N][N]) {
#pragma hetile
  for (unsigned i = N; i >= 0; i--)
    for (unsigned j = 0; j < N; j++)
      A[i][j] = 0;
}
// CHECK: unsigned-wrap.c:[[@LINE-4]]:32: remark: nest not tiled: step 'i--' wraps unsigned iterator 'i' around below 0 (e.g. when i = 0) [hetile-reject-unsigned-wrap]

// `i <= N` holds for every i when N = 4294967295: C never stops.
void up(unsigned N, double A[restrict N][N]) {
#pragma hetile
  for (unsigned i = 0; i <= N; i++)
    for (unsigned j = 0; j < N; j++)
      A[i][j] = 0;
}
// CHECK: unsigned-wrap.c:[[@LINE-4]]:32: remark: nest not tiled: step 'i++' wraps unsigned iterator 'i' around past 4294967295 (e.g. when i = 4294967295) [hetile-reject-unsigned-wrap]

// A step of 2 can jump over the maximum even though i < N.
void stride(unsigned N, double A[restrict N][N]) {
#pragma hetile
  for (unsigned i = 0; i < N; i += 2)
    for (unsigned j = 0; j < N; j++)
      A[i][j] = 0;
}
// CHECK: unsigned-wrap.c:[[@LINE-4]]:31: remark: nest not tiled: step 'i += 2' wraps unsigned iterator 'i' around past 4294967295 (e.g. when i = 4294967294) [hetile-reject-unsigned-wrap]

// A subscript: i + j reaches 2^32 when N is large; C[i + j] then is C[0].
void subscript(unsigned N, double C[restrict]) {
#pragma hetile
  for (unsigned i = 0; i < N; i++)
    for (unsigned j = 0; j < N; j++)
      C[i + j] += 1;
}
// CHECK: unsigned-wrap.c:[[@LINE-2]]:9: remark: nest not tiled: 'i + j' is computed in 'unsigned int' and wraps around past 4294967295 {{.*}}[hetile-reject-unsigned-wrap]

// An `if` around a loop: i - 1 wraps at i = 0.
void guard(unsigned N, double A[restrict N][N]) {
#pragma hetile
  for (unsigned i = 0; i < N; i++)
    if (i - 1 < 5)
      for (unsigned j = 0; j < N; j++)
        A[i][j] = 0;
}
// CHECK: unsigned-wrap.c:[[@LINE-4]]:9: remark: nest not tiled: 'i - 1' is computed in 'unsigned int' and wraps around below 0 (e.g. when i = 0) [hetile-reject-unsigned-wrap]

// `i != N` from K: when K > N, C's i runs past N to 4294967295, then 0, ...
void notEqual(unsigned N, unsigned K, double A[restrict N][N]) {
#pragma hetile
  for (unsigned i = K; i != N; i++)
    for (unsigned j = 0; j < N; j++)
      A[i][j] = 0;
}
// CHECK: unsigned-wrap.c:[[@LINE-4]]:24: remark: nest not tiled: condition 'i != N' lets unsigned iterator 'i' wrap around when it starts beyond 'N' (e.g. when K = 1, N = 0) [hetile-reject-unsigned-wrap]

// A flat subscript (docs/delinearization.md) computed in size_t: its
// products wrap around, so it is not split into rows.
typedef unsigned long size_t;
void flat(int N, size_t n, double *restrict a) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (size_t j = 0; j < n; j++)
      a[i * n + j] = a[(i - 1) * n + j];
}
// CHECK: unsigned-wrap.c:[[@LINE-2]]:9: remark: nest not tiled: subscript 'i * n + j' of 'a' is not affine, and its rows cannot be found: 'i * n + j' is computed in 'size_t', which wraps around (a signed type would not) [hetile-reject-unsigned-wrap]
