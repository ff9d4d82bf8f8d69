/* test/Fuzz seed 6184 (python3 test/Fuzz/gen_nests.py 6184), reduced to its
   nest: `hetile analyze` runs past the 30 s CPU budget of a nest in the
   scheduling stage and refuses it as too-complex. Its inner band exists
   (S0: (j, 2 * j + 3) with small schedule coefficients); isl's scheduler
   spends its time in integer programs on the many pieces of the forward
   anti-dependence relations while counting few operations.
     hetile analyze scheduling-too-slow-seed6184.c --nest-time-budget=40 -- -std=c99 */
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
