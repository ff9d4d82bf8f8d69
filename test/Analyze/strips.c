// `hetile analyze` says for each nest whether the strips schedule applies
// (and the schedules that do), the halo per space loop (the largest flow
// distance per time step), the dependences (flow, anti, output) that order
// a strip's sub-tiles, and each flow dependence between statements as a
// time range and a row range (sink row - source row), from isl's deltas.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
// RUN: %hetile analyze %s --format=json -- -std=c11 | FileCheck %s --check-prefix=JSON

void jacobi_1d(int T, int N, double A[restrict N], double B[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = B[i];
  }
}
// CHECK-LABEL: nest at {{.*}}strips.c:11:3 in function 'jacobi_1d'
// CHECK:       tilable: yes
// CHECK-NEXT:  strips: yes, rows split (halo per time step: i -1 +1; 2 flow dependences), sub-tiles ordered by 4 dependences
// CHECK-NEXT:    S0 -> S1: time 0..0, rows 0..0
// CHECK-NEXT:    S1 -> S0: time 1..1, rows -1..1
// CHECK-NEXT:  schedules: pipeline, wavefront (omp), strips

// Two rows away, and one statement reading the other's result a step
// later: the halos add up along the dependences.
void wide(int T, int N, double A[restrict N][N], double B[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 2; i < N - 2; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = A[i - 2][j] + A[i + 2][j] + A[i][j - 1];
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        A[i][j] = 0.5 * B[i][j];
  }
}
// CHECK-LABEL: nest at {{.*}}strips.c:29:3 in function 'wide'
// CHECK:       strips: yes, rows split (halo per time step: i -2 +2, j -1 +0; 2 flow dependences)
// CHECK-NEXT:    S0 -> S1: time 0..0, rows 0..0
// CHECK-NEXT:    S1 -> S0: time 1..1, rows -2..2
// CHECK-NEXT:  schedules: pipeline, wavefront (omp), strips

// JSON:      "strips": {
// JSON-NEXT:   "applies": true,
// JSON-NEXT:   "flow_dependences": [
// JSON-NEXT:     {
// JSON-NEXT:       "row_max": 0,
// JSON-NEXT:       "row_min": 0,
// JSON-NEXT:       "sink": "S1",
// JSON-NEXT:       "source": "S0",
// JSON-NEXT:       "time_max": 0,
// JSON-NEXT:       "time_min": 0
// JSON-NEXT:     },
// JSON:        "halo": [
// JSON-NEXT:     {
// JSON-NEXT:       "above": 1,
// JSON-NEXT:       "below": 1,
// JSON-NEXT:       "iterator": "i"
// JSON-NEXT:     }
// JSON-NEXT:   ],
// JSON-NEXT:   "sub_tiles": true,
// JSON-NEXT:   "written_arrays": [
// JSON-NEXT:     "A",
// JSON-NEXT:     "B"

// The rows counting down, each reading the one below before the step
// rewrites it: an anti dependence down the rows within the statement and
// the step, which sub-tiles (walking the rows upwards) would reverse.
void down(int T, int N, double D[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = N - 1; i >= 1; i--)
      D[i] = 0.5 * (D[i - 1] + D[i]);
}
// CHECK-LABEL: in function 'down'
// CHECK:       strips: yes, rows split (halo per time step: i -1 +0; 1 flow dependences), no sub-tiles (a dependence of S0 runs down the rows within a time step)
// JSON:        "sub_tiles": false,
