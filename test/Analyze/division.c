// Integer `/` and `%` by a positive constant, where the dividend is never
// negative over the points that evaluate it: C's truncating division then
// equals the floor, floor(e / d) in isl, and e % d is e - d * floor(e / d).
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

// Red-black style guards on the parity of j and of i + j.
void parity(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++) {
      if (j % 2 == 0)
        A[i][j] = A[i - 1][j] + A[i][j - 1];
      if ((i + j) % 2 == 1)
        A[i][j] = 0.5 * A[i][j];
    }
}

// A subscript j / 2 into a read-only array, bounds (N + 1) / 2 and i / 2.
void halves(int N, double C[restrict N][N], const double D[restrict N][N]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = i / 2; j < (N + 1) / 2; j++)
      C[i][j] = C[i - 1][j] + D[i][j / 2] + D[j % 3][i];
}

// CHECK-LABEL: in function 'parity'
// CHECK:         domain: [N] -> { S0[i, j] : (j) mod 2 = 0 and 0 < i < N and 0 < j < N }
// CHECK:         domain: [N] -> { S1[i, j] : (1 + i + j) mod 2 = 0 and 0 < i < N and 0 < j < N }
// CHECK:         dependence matrix D: (0, 1) (1, 0)
// CHECK:         tilable: yes
// CHECK-LABEL: in function 'halves'
// CHECK:         domain: [N] -> { S0[i, j] : 0 < i < N and -1 + i <= 2j < N }
// CHECK-NEXT:      write C[i, j]
// CHECK-NEXT:      read C[-1 + i, j]
// CHECK-NEXT:      read D[i, o1]
// CHECK-NEXT:      read D[o0, i]
// CHECK:         tilable: yes
