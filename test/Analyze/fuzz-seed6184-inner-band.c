// test/Fuzz seed 6184's nest (python3 test/Fuzz/gen_nests.py 6184), once
// refused as too complex: isl's scheduler ran past the nest's time budget on
// the pieces of its dependence relations. With the dependences given to
// isl's dataflow analysis on a schedule tree it finds the inner band below
// the sequential loop i within the default budget (about 10 s of CPU).
// RUN: %hetile analyze %s -- -std=c99 2>&1 | FileCheck %s

// CHECK-NOT: too-complex
// CHECK: sequential outer loops: i
// CHECK-NEXT: inner band 1 of 1 (S0, S1, S2, S3): depth 2, after transformation
// CHECK: tilable: yes
static void kern(int N, int M, double A[restrict 72][72])
{
#pragma hetile
  for (int i = 1; i <= N - 1; i += 2) {
    for (int j = 0; j < N - 1 + 1; j += 2) {
      for (int k = 2; k < 9 + 1; k = k + 2) {
        A[k + 27][k + 22] = 0.125 * A[k + 27][k + 22] + 0.25 * A[k + 27 - 2][k + 22 - 2] + 0.25 * A[i + 27][i + 22] + 0.5;
        for (int l = k; l < 6 + 1; l++) {
          A[k + 21][j + i + 21] = 0.125 * A[k + 21][j + i + 21 - 1] + 0.125 * A[j + 27][k + 27] + 0.25 * A[k + 21][j + i + 21] + (double)j;
          if (i <= l + 0)
            A[j + 25][l + 25] = 0.25 * A[j + 25 - 1][l + 25 - 2] + 1.0;
          A[j + 24][k + 27] = 0.125 * A[j + 24][k + 27] + 0.25 * A[j + 24 - 2][k + 27 - 2] + 1.0;
        }
      }
    }
  }
}
