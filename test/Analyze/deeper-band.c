// A statement in a loop below the band as written (2mm's sum over k, under
// the band (i, j) it shares with the initialization): isl's scheduler finds
// the deeper band (i, j, k), the initialization at k = 0, whose tiles hold
// the sum's loop. Where a scalar set before that loop lives across it
// (privatized.c), the band of the common loops keeps its copy.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

void products(int ni, int nj, int nk, double alpha, double tmp[ni][nj],
              double A[ni][nk], double B[nk][nj]) {
#pragma hetile
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < nk; k++)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
}

// CHECK-LABEL: nest at {{.*}}deeper-band.c:11:3 in function 'products'
// CHECK:       permutable band: depth 3, after transformation
// CHECK-NEXT:    transformation: isl scheduler: fused
// CHECK-NEXT:    S0: (i, j, 0)
// CHECK-NEXT:    S1: (i, j, k)
// CHECK-NEXT:  tilable: yes

// Each row's values read back along the row (X[i][k] for every k): no
// deeper band is permutable, the band as written stays.
void prefix_rows(int n, double X[n][n], double Y[n][n]) {
#pragma hetile
  for (int i = 0; i < n; i++)
    for (int j = 1; j < n; j++) {
      X[i][j] = X[i][j - 1];
      for (int k = 0; k < n; k++)
        X[i][j] += Y[k][j] * X[i][k];
    }
}

// CHECK-LABEL: nest at {{.*}}deeper-band.c:30:3 in function 'prefix_rows'
// CHECK:       permutable band: depth 2, as written
