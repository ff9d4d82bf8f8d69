// An imperfect nest: a statement between the loops, a run of two statements
// after the inner loop (one polyhedral statement), a scalar declared in the
// body (private, not an access) and one declared outside (a 0-d array).
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
// RUN: %hetile analyze %s --format=json -- -std=c11 | FileCheck %s --check-prefix=JSON

void imperfect(int N, int M, double A[restrict N][M], double s[restrict N]) {
  double total = 0;
#pragma hetile
  for (int i = 0; i < N; i++) {
    s[i] = 0;
    for (int j = 0; j < M; j++)
      s[i] += A[i][j];
    double t = s[i] / M;
    total += t;
  }
}

// CHECK-LABEL: in function 'imperfect'
// CHECK-NEXT:    depth: 2
// CHECK-NEXT:    parameters: N, M
// CHECK:         statement S0 at {{.*}}imperfect.c:11:5: s[i] = 0;
// CHECK-NEXT:      domain: [N, M] -> { S0[i] : 0 <= i < N }
// CHECK-NEXT:      write s[i]
// CHECK-NEXT:    statement S1 at {{.*}}imperfect.c:13:7: s[i] += A[i][j];
// CHECK-NEXT:      domain: [N, M] -> { S1[i, j] : 0 <= i < N and 0 <= j < M }
// CHECK-NEXT:      read s[i]
// CHECK-NEXT:      write s[i]
// CHECK-NEXT:      read A[i, j]
// CHECK-NEXT:    statement S2 at {{.*}}imperfect.c:14:5: double t = s[i] / M; total += t;
// CHECK-NEXT:      domain: [N, M] -> { S2[i] : 0 <= i < N }
// CHECK-NEXT:      read s[i]
// CHECK-NEXT:      read total[]
// CHECK-NEXT:      write total[]
// CHECK-NEXT:    dependences:

// Statements under fewer loops are padded with zeros to 2 * depth + 1.
// JSON: "schedule": "[N, M] -> { S0[i] -> [0, i, 0, 0, 0] }"
// JSON: "schedule": "[N, M] -> { S1[i, j] -> [0, i, 1, j, 0] }"
// JSON: "schedule": "[N, M] -> { S2[i] -> [0, i, 2, 0, 0] }"
