// hetile rewrite --print=schedule prints the band and the tiled schedule that
// code generation uses. PolyBench seidel-2d needs a skew: the band is
// (t, t + i, 2t + i + j), the columns are its last dimension, and the point
// loops count in int where the band's values stay within +-2^26.
// RUN: %hetile rewrite %s --print=schedule -- -std=c11 | FileCheck %s
// RUN: %hetile rewrite %s --print=schedule --tile-sizes=8,16 -- -std=c11 | FileCheck %s --check-prefix=CONST

void seidel_2d(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t <= T - 1; t++)
    for (int i = 1; i <= N - 2; i++)
      for (int j = 1; j <= N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] +
                   A[i][j] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] +
                   A[i + 1][j + 1]) / 9.0;
}

// CHECK-LABEL: nest at {{.*}}skewed-band.c:10:3 in function 'seidel_2d'
// CHECK-NEXT:  band: [T, N] -> { S0[t, i, j] -> [t, t + i, 2t + i + j] :
// CHECK-NEXT:  tile sizes: hetile_T0 hetile_T1 hetile_T2
// CHECK-NEXT:  context: [T, N, hetile_T0, hetile_T1, hetile_T2] -> {  : hetile_T0 > 0 and hetile_T1 > 0 and hetile_T2 > 0 }
// CHECK-NEXT:  tile loop hetile_tt step hetile_T0:
// CHECK:       tile loop hetile_t1 step hetile_T1:
// CHECK:       tile loop hetile_t2 step hetile_T2:
// CHECK:       columns: band dimension 2
// A recurrence along j (A[i][j - 1]): no separated innermost loop.
// CHECK-NOT:   innermost point loop: separated
// CHECK:       int counters where:
// CHECK-NEXT:  point schedule: {{.*}}S0[t, i, j] -> [(2t + i + j)]

// CONST:       band: [T, N] -> { S0[t, i, j] -> [t, t + i, 2t + i + j] :
// CONST-NEXT:  tile sizes: hetile_T0=8 hetile_T1=16 hetile_T2=16
