// Non-unit and negative steps: the domain gets a stride constraint, the
// schedule the negated iterator of a loop that counts down.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
// RUN: %hetile analyze %s --format=json -- -std=c11 | FileCheck %s --check-prefix=JSON

void strided(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i += 2)
    for (int j = N - 1; j >= 0; j -= 1)
      A[i][j] = A[i - 1][j];
}

void reversed(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = N; i > 0; i = i - 3)
    for (int j = 0; j < N; j = j + 1)
      A[i - 1][j] = 0;
}

// CHECK-LABEL: in function 'strided'
// CHECK:         domain: [N] -> { S0[i, j] : (1 + i) mod 2 = 0 and 0 < i < N and 0 <= j < N }
// CHECK-NEXT:      write A[i, j]
// CHECK-NEXT:      read A[-1 + i, j]
// CHECK-LABEL: in function 'reversed'
// CHECK:         domain: [N] -> { S0[i, j] : (-N + i) mod 3 = 0 and 0 < i <= N and 0 <= j < N }

// JSON: "schedule": "[N] -> { S0[i, j] -> [0, i, 0, -j, 0] }"
// JSON: "schedule": "[N] -> { S0[i, j] -> [0, -i, 0, j, 0] }"
