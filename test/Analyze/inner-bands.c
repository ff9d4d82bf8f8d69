// Nests whose outermost loops cannot join a permutable band of two loops:
// analyze reports the loops kept sequential and the band(s) tiled below
// them, in text and in JSON. Floyd-Warshall (k outer, (i, j) below), an
// ADI-like time loop around two sweeps that isl cannot fuse (two bands in
// sequence), and a 4-deep nest where t and s both stay sequential.
// RUN: %hetile analyze %s -- -std=c99 | FileCheck %s
// RUN: %hetile analyze --format=json %s -- -std=c99 | FileCheck %s --check-prefix=JSON

void floyd(int n, int path[restrict n][n]) {
  int i, j, k;
#pragma hetile
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
}

void adi(int n, int steps, double X[restrict n][n], double Y[restrict n][n]) {
  int t, i, j;
#pragma hetile
  for (t = 0; t < steps; t++) {
    for (i = 0; i < n; i++)
      for (j = 1; j < n; j++)
        X[i][j] = Y[i][j] - X[i][j - 1] * 0.5;
    for (j = 0; j < n; j++)
      for (i = 1; i < n; i++)
        Y[i][j] = X[n - 1 - i][n - 1 - j] - Y[i - 1][j] * 0.25;
  }
}

void two(int p, int n, double A[restrict p][p][n][n]) {
  int t, s, i, j;
#pragma hetile
  for (t = 1; t < p; t++)
    for (s = 1; s < p; s++)
      for (i = 1; i < n; i++)
        for (j = 1; j < n; j++)
          A[t][s][i][j] = A[t - 1][p - 1 - s][n - 1 - i][n - 1 - j] +
                          A[t][s - 1][n - 1 - i][n - 1 - j] +
                          A[t][s][i - 1][j] + A[t][s][i][j - 1];
}

// CHECK-LABEL: nest at {{.*}}inner-bands.c:12:3 in function 'floyd'
// CHECK:         permutable band: depth 1, as written
// CHECK-NEXT:      S0: (k)
// CHECK-NEXT:    sequential outer loops: k
// CHECK-NEXT:    inner band 1 of 1 (S0): depth 2, as written
// CHECK-NEXT:      S0: (i, j)
// CHECK-NEXT:    tilable: yes

// CHECK-LABEL: nest at {{.*}}inner-bands.c:23:3 in function 'adi'
// CHECK:         permutable band: depth 1, as written
// CHECK:         sequential outer loops: t
// CHECK-NEXT:    inner band 1 of 2 (S0): depth 2, as written
// CHECK-NEXT:      S0: (i, j)
// CHECK-NEXT:    inner band 2 of 2 (S1): depth 2, as written
// CHECK-NEXT:      S1: (j, i)
// CHECK-NEXT:    tilable: yes

// CHECK-LABEL: nest at {{.*}}inner-bands.c:36:3 in function 'two'
// CHECK:         sequential outer loops: t, s
// CHECK-NEXT:    inner band 1 of 1 (S0): depth 2, as written
// CHECK-NEXT:      S0: (i, j)
// CHECK-NEXT:    tilable: yes

// JSON:      "function": "floyd",
// JSON:      "inner_bands": {
// JSON-NEXT:   "bands": [
// JSON-NEXT:     {
// JSON-NEXT:       "depth": 2,
// JSON:            "schedule": "[n, k] -> { S0[i, j] -> [i, j] : 0 <= k < n and 0 <= i < n and 0 <= j < n }",
// JSON-NEXT:       "statement_names": [
// JSON-NEXT:         "S0"
// JSON-NEXT:       ],
// JSON-NEXT:       "statements": [
// JSON-NEXT:         "S0: (i, j)"
// JSON:          "sequential_loops": [
// JSON-NEXT:       "k"
// JSON-NEXT:     ]
// JSON:      "tilable": true
// JSON:      "function": "adi",
// JSON:      "inner_bands": {
// JSON:            "statement_names": [
// JSON-NEXT:         "S0"
// JSON:            "statement_names": [
// JSON-NEXT:         "S1"
// JSON:          "sequential_loops": [
// JSON-NEXT:       "t"
// JSON:      "function": "two",
// JSON:          "sequential_loops": [
// JSON-NEXT:       "t",
// JSON-NEXT:       "s"
// JSON-NEXT:     ]
