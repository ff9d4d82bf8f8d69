// A 4-deep imperfect nest whose one array many statements read and five
// write: its dependences fit the default operation bound of their stage
// (the anti dependences are the flow analysis backwards in time; with every
// read a may source of each write, isl ran past the bound), and the verdict
// is the band search's, not too-complex. The time budget is off so that the
// check does not depend on the machine's speed.
// RUN: %hetile analyze %s --nest-time-budget=0 -- -std=c99 2>&1 | FileCheck %s
// CHECK: many-readers.c:[[@LINE+7]]:3: remark: nest not tiled: no legal transformation gives a fully permutable band of two or more loops (flow dependence S1 -> S1 on 'A' has distance (0, 2, -1)) [hetile-reject-non-permutable]
// CHECK: anti S0 -> S1 on A: distance (0)
// CHECK: anti S2 -> S1 on A: distance (0, 2, -1)
// CHECK: anti S2 -> S4 on A: distance (0, 0, 0, 10)
static void kern(int N, int M, int A[restrict 72], int B[restrict 72][72])
{
#pragma hetile
  for (int i = 0; i <= 7; i += 1) {
    double t0 = A[i + 24] * 0.5;
    B[i + 22][24] = (4 * (int)B[i + 22][27] + 2 * (int)B[i + 22 - 2][24] + 3 * (int)t0 + 0) & 1023;
    A[24] = (1 * (int)B[i + 24][26] + 5 * (int)A[24] + 2 * (int)t0 + 7) & 1023;
    A[i + 26] = (3 * (int)A[i + 26 - 1] + 6 * (int)t0 + 8) & 1023;
    for (int j = (i - 2 > 0 ? i - 2 : 0); j < (N - 1 < i + 3 ? N - 1 : i + 3) + 1; j = j + 2) {
      for (int k = 0; k < N - 1 + 1; k += 1) {
        double t3 = B[i + 24][i + 21] * 0.5;
        A[k + 26] = (1 * (int)A[27] + 7) & 1023;
        for (int l = 1; l < (N - 1 < i + 2 ? N - 1 : i + 2) + 1; l += 1) {
          A[i - k + 24] = (6 * (int)A[i - k + 24] + 3 * (int)A[k + 25] + 3 * (int)A[i - k + 24 - 1] + 4) & 1023;
        }
        for (int l = N - 1; l >= (i - 2 > 0 ? i - 2 : 0); l--) {
          A[j + 25] = (3 * (int)A[j + 25] + 0) & 1023;
          A[l + 24] = (2 * (int)B[i + j + 22][k + j + 24] + 0) & 1023;
          if (l <= j + 2)
            A[24] = (7 * (int)A[24] + 2) & 1023;
        }
      }
    }
  }
}
