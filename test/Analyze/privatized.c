// Privatization: the scalar s and the array sum, declared outside the nests
// and set before they are read in every point of the band, are privatized
// (their anti and output dependences are left out of the band search); the
// report names them with the band point their final values come from.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
// RUN: %hetile analyze --format=json %s -- -std=c11 | FileCheck %s --check-prefix=JSON

void matmul(int N, double C[restrict N][N], double A[restrict N][N],
            double B[restrict N][N]) {
  int i, j, k;
  double s;
#pragma hetile
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      s = 0;
      for (k = 0; k < N; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}
// CHECK-LABEL: nest at {{.*}}privatized.c:13:3 in function 'matmul'
// CHECK:         anti S2 -> S0 on s: distances
// CHECK:         permutable band: depth 2, as written
// CHECK-NEXT:      S0: (i, j)
// CHECK-NEXT:      S1: (i, j)
// CHECK-NEXT:      S2: (i, j)
// CHECK-NEXT:      privatized: s (a copy per tile; its final value from band point [N] -> { [-1 + N, -1 + N] : N > 0 })
// CHECK-NEXT:    tilable: yes

void doitgen(int NR, int NQ, int NP, double A[restrict NR][NQ][NP],
             double C4[restrict NP][NP]) {
  int r, q, p, s;
  double sum[16];
#pragma hetile
  for (r = 0; r < NR; r++)
    for (q = 0; q < NQ; q++) {
      for (p = 0; p < NP; p++) {
        sum[p] = 0;
        for (s = 0; s < NP; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < NP; p++)
        A[r][q][p] = sum[p];
    }
}
// CHECK-LABEL: nest at {{.*}}privatized.c:35:3 in function 'doitgen'
// CHECK:         permutable band: depth 2, as written
// CHECK:           privatized: sum (a copy per tile; its final value from band point [NR, NQ, NP] -> { [-1 + NR, -1 + NQ] : NR > 0 and NQ > 0 and NP > 0 })
// CHECK-NEXT:    tilable: yes

// JSON:      "privatized": [
// JSON-NEXT:   {
// JSON-NEXT:     "array": "s",
// JSON-NEXT:     "last_point": "[N] -> { [-1 + N, -1 + N] : N > 0 }"
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON:      "privatized": [
// JSON-NEXT:   {
// JSON-NEXT:     "array": "sum",
