// for headers the model cannot read: no condition, a condition that bounds
// the iterator against its step, '!=' with a non-unit step, several
// variables initialized.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

void nocond(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0;; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = 0;
}
// CHECK: unsupported-loop.c:[[@LINE-4]]:3: remark: nest not tiled: loop on 'i' has no condition [hetile-reject-unsupported-loop]
// REPORT: nest at {{.*}}unsupported-loop.c:9:3 in function 'nocond': not tiled [hetile-reject-unsupported-loop]

void against(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j > -N; j++)
      A[i][j] = 0;
}
// CHECK: unsupported-loop.c:[[@LINE-3]]:21: remark: nest not tiled: condition 'j > -N' does not bound 'j' in the direction of its step [hetile-reject-unsupported-loop]

void ne(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j != N; j += 2)
      A[i][j] = 0;
}
// CHECK: unsupported-loop.c:[[@LINE-3]]:21: remark: nest not tiled: condition 'j != N' is not equivalent to '<' or '>' (needs a unit step and an unsigned iterator or a signed one at least as wide as 'int') [hetile-reject-unsupported-loop]

// A signed char wraps around (the conversion back from int): from 100, c++
// meets 50 after 206 steps.
void narrow(double A[restrict 256][8]) {
#pragma hetile
  for (signed char c = 100; c != 50; c++)
    for (int j = 0; j < 8; j++)
      A[c + 128][j] = 0;
}
// CHECK: unsupported-loop.c:[[@LINE-4]]:29: remark: nest not tiled: condition 'c != 50' is not equivalent to '<' or '>' (needs a unit step and an unsigned iterator or a signed one at least as wide as 'int') [hetile-reject-unsupported-loop]

void two(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0, k = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = k;
}
// CHECK: unsupported-loop.c:[[@LINE-4]]:8: remark: nest not tiled: loop initialization 'int i = 0, k = 0;' does not initialize exactly one iterator [hetile-reject-unsupported-loop]

// An iterator declared before the nest whose final value cannot be stated
// (the empty loop's bound is no statement's parameter).
void exitvalue(int N, int P, double A[restrict 64][64]) {
  int i, j, k;
#pragma hetile
  for (i = 1; i < N; i++) {
    for (j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
    for (k = 0; k < P; k++)
      ;
  }
  A[0][0] = i + j + k;
}
// CHECK: unsupported-loop.c:[[@LINE-5]]:5: remark: nest not tiled: the value iterator 'k' holds after the nest cannot be computed exactly (it is declared outside the loop header): declare it in the header if the program does not read it after the nest [hetile-reject-unsupported-loop]

// An iterator declared in the body with a value (a declaration without one,
// for the loops that follow only, is modelled: Frontend/c89-iterators.c).
void inside(int N, double A[restrict 64][64]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++) {
      int t = 0;
      for (t = 0; t < 2; t++)
        A[i][j] = A[i - 1][j] + A[i][j - 1];
    }
}
// CHECK: unsupported-loop.c:[[@LINE-4]]:7: remark: nest not tiled: iterator 't' is declared inside the nest but outside its loop's header: declare it in the header [hetile-reject-unsupported-loop]
