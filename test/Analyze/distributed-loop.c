// A loop whose body has no permutable band of two loops as a whole, but
// whose parts do: hetile distributes the outermost loop over the loops and
// statements directly inside it (Analysis/InnerBands.cpp,
// distributedBands), in the fewest runs that each tile, and never where a
// dependence goes from a later part back to an earlier one.
//  - gs_update: Gram-Schmidt's update of row k of R and of A (k fixed). R's
//    row is complete only after all of i, so S2 cannot join S0 and S1's
//    band: two runs.
//  - merged: S1 feeds S0 at the next j (a dependence back to an earlier
//    part: S0 and S1 stay in one run); S4 reads S[j] complete.
//  - backward: S1 reads at j what S2 wrote at j - 1: no split is legal and
//    the nest is left as it is.
// RUN: %hetile analyze %s -- -std=c99 | FileCheck %s
// RUN: %hetile analyze %s -- -std=c99 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: %hetile analyze --format=json %s -- -std=c99 | FileCheck %s --check-prefix=JSON

void gs_update(int m, int n, int k, double A[m][n], double R[n][n],
               double Q[m][n]) {
#pragma hetile
  for (int j = k + 1; j < n; j++) {
    R[k][j] = 0.0;
    for (int i = 0; i < m; i++)
      R[k][j] += Q[i][k] * A[i][j];
    for (int i = 0; i < m; i++)
      A[i][j] = A[i][j] - Q[i][k] * R[k][j];
  }
}

void merged(int n, int m, double X[n][m], double Y[n][m], double S[n],
            double Z[n][m]) {
#pragma hetile
  for (int j = 1; j < n; j++) {
    for (int i = 0; i < m; i++)
      X[j][i] = Y[j - 1][i] + 1.0;
    for (int i = 0; i < m; i++)
      Y[j][i] = X[j][i] * 0.5;
    S[j] = 0.0;
    for (int i = 0; i < m; i++)
      S[j] += Y[j][i];
    for (int i = 0; i < m; i++)
      Z[j][i] = Z[j - 1][i] + X[j][i] * S[j];
  }
}

void backward(int m, int n, double A[m][n], double R[n], double Q[m]) {
#pragma hetile
  for (int j = 1; j < n; j++) {
    R[j] = 0.0;
    for (int i = 0; i < m; i++)
      R[j] += Q[i] * A[i][j - 1];
    for (int i = 0; i < m; i++)
      A[i][j] = A[i][j] - Q[i] * R[j];
  }
}

// CHECK-LABEL: nest at {{.*}}distributed-loop.c:20:3 in function 'gs_update'
// CHECK:         permutable band: depth 1, as written
// CHECK:         distributed: the outermost loop, into 2 bands
// CHECK-NEXT:    inner band 1 of 2 (S0, S1): depth 2, after transformation
// CHECK-NEXT:      transformation: isl scheduler: fused
// CHECK-NEXT:      S0: (j, 0)
// CHECK-NEXT:      S1: (j, i)
// CHECK-NEXT:    inner band 2 of 2 (S2): depth 2, as written
// CHECK-NEXT:      S2: (j, i)
// CHECK-NEXT:    tilable: yes

// CHECK-LABEL: in function 'merged'
// CHECK:         flow S1 -> S0 on Y: distance (1, 0)
// CHECK:         distributed: the outermost loop, into 2 bands
// CHECK-NEXT:    inner band 1 of 2 (S0, S1): depth 2
// CHECK:         inner band 2 of 2 (S2, S3, S4): depth 2
// CHECK:         tilable: yes

// CHECK-LABEL: in function 'backward'
// CHECK:         permutable band: depth 1, as written
// CHECK-NOT:     distributed
// CHECK:         tilable: no [hetile-reject-non-permutable]

// JSON:      "function": "gs_update",
// JSON:      "inner_bands": {
// JSON-NEXT:   "bands": [
// JSON:        "statement_names": [
// JSON-NEXT:     "S0",
// JSON-NEXT:     "S1"
// JSON-NEXT:   ],
// JSON:        "statement_names": [
// JSON-NEXT:     "S2"
// JSON-NEXT:   ],
// JSON:        "distributed": true,
// JSON-NEXT:   "sequential_loops": []

// REMARK-NOT:  distributed-loop.c:{{20|32}}:3: remark
// REMARK:      distributed-loop.c:47:3: remark: nest not tiled: no legal transformation gives a fully permutable band of two or more loops (flow dependence S1 -> S2 on 'R' {{.*}} [hetile-reject-non-permutable]
