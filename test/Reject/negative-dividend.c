// `/` and `%` by a positive constant of a dividend that may be negative: C
// rounds the quotient toward zero (-1 / 2 is 0, the floor is -1) and gives
// the remainder the sign of the dividend (-1 % 2 is -1), so C and the
// model's floor differ. A dividend of parameters only is checked at run
// time instead (Analyze/runtime-integer-facts.c).
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

// The start is evaluated wherever the header runs: i - N is negative there.
void start(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = (i - N) / 2; j < N; j++)
      A[i][j + N] = 0;
}
// CHECK: negative-dividend.c:[[@LINE-3]]:18: remark: nest not tiled: dividend 'i - N' of '(i - N) / 2' may be negative, where C's division rounds toward zero, not down (e.g. when {{.*}}) [hetile-reject-negative-dividend]
// REPORT: nest at {{.*}}negative-dividend.c:12:3 in function 'start': not tiled [hetile-reject-negative-dividend]

// A subscript: j - 1 is -1 at j = 0.
void subscript(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][(j - 1) / 2 + 1] = 0;
}
// CHECK: negative-dividend.c:[[@LINE-2]]:12: remark: nest not tiled: dividend 'j - 1' of '(j - 1) / 2' may be negative, where C's division rounds toward zero, not down (e.g. when j = 0) [hetile-reject-negative-dividend]

// A remainder in an `if` around a loop: C has i % 2 == -1 for odd negative i.
void guard(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = -N; i < N; i++)
    if (i % 2 == 1)
      for (int j = 0; j < N; j++)
        A[i + N][j] = 0;
}
// CHECK: negative-dividend.c:[[@LINE-4]]:9: remark: nest not tiled: dividend 'i' of 'i % 2' may be negative, where C's remainder is negative too (e.g. when i = -1) [hetile-reject-negative-dividend]
