// The run-time alias checks a nest is tiled under: one per pair of
// pointer-based arrays, not both restrict, at least one written. Arrays only
// read (a, b) need none against each other; restrict on both, or a static
// array, needs none.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
// RUN: %hetile analyze %s --format=json -- -std=c11 | FileCheck %s --check-prefix=JSON

void edit(int N, int M, const int *a, const int *b, int D[N + 1][M + 1]) {
#pragma hetile
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++)
      D[i][j] = D[i - 1][j] + D[i][j - 1] + (a[i - 1] != b[j - 1]);
}
// CHECK-LABEL: nest at {{.*}}runtime-checks.c:10:3 in function 'edit'
// CHECK:         run-time checks: D and a do not overlap; D and b do not overlap
// CHECK:         tilable: yes
// JSON:          "function": "edit"
// JSON:          "runtime_checks": [
// JSON-NEXT:       {
// JSON-NEXT:         "arrays": [
// JSON-NEXT:           "D",
// JSON-NEXT:           "a"
// JSON-NEXT:         ],
// JSON-NEXT:         "kind": "no-overlap"
// JSON-NEXT:       },
// JSON-NEXT:       {
// JSON-NEXT:         "arrays": [
// JSON-NEXT:           "D",
// JSON-NEXT:           "b"
// JSON-NEXT:         ],
// JSON-NEXT:         "kind": "no-overlap"
// JSON-NEXT:       }
// JSON-NEXT:     ],

double G[100][100];
void restricted(int N, double A[restrict N][100], double B[restrict N][100]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < 100; j++) {
      A[i][j] = A[i - 1][j] + B[i][j - 1];
      G[i][j] = G[i - 1][j] + A[i][j];
    }
}
// CHECK-LABEL: nest at {{.*}}runtime-checks.c:38:3 in function 'restricted'
// CHECK:         run-time checks: none
// CHECK:         tilable: yes
// JSON:          "function": "restricted"
// JSON:          "runtime_checks": [],
