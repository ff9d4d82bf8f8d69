// Affine if guards (&&, ||, !, ==, !=) become domain constraints; the else
// branch gets the complement. Textual positions give the 2d+1 schedule.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
// RUN: %hetile analyze %s --format=json -- -std=c11 | FileCheck %s --check-prefix=JSON

void guards(int N, double A[restrict N][N], double B[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      if (i == j || !(j < N - 1))
        A[i][j] = 1;
      else
        B[i][j] = 2;
      if (i != 0 && 2 * j >= i)
        A[i][j] += B[i - 1][j];
    }
}

// CHECK-LABEL: in function 'guards'
// CHECK:         statement S0 at {{.*}}guards.c:11:9: A[i][j] = 1;
// CHECK-NEXT:      domain: [N] -> { S0[i, j = i] : 0 <= i < N; S0[i, j = -1 + N] : 0 <= i < N }
// CHECK:         statement S1 at {{.*}}guards.c:13:9: B[i][j] = 2;
// CHECK-NEXT:      domain: [N] -> { S1[i, j] : (i < N and 0 <= j < i) or (i >= 0 and i < j <= -2 + N) }
// CHECK:         statement S2 at {{.*}}guards.c:15:9: A[i][j] += B[i - 1][j];
// CHECK-NEXT:      domain: [N] -> { S2[i, j] : 0 < i < N and j < N and 2j >= i }

// JSON: "schedule": "[N] -> { S0[i, j] -> [0, i, 0, j, 0] }"
// JSON: "schedule": "[N] -> { S1[i, j] -> [0, i, 0, j, 1] }"
// JSON: "schedule": "[N] -> { S2[i, j] -> [0, i, 0, j, 2] }"
