// A '#pragma hetile' must be followed by a 'for' loop (comments and blank
// lines may come between); otherwise it is ignored with a warning.
// RUN: %hetile analyze %s -- -std=c11 2>&1 | FileCheck %s

void f(int N, double A[restrict N][N]) {
#pragma hetile
  A[0][0] = 1.0;
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];

#pragma hetile extra tokens
  // a comment between the pragma and its loop is fine
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}

// CHECK: pragma.c:12:16: warning: extra tokens after '#pragma hetile' ignored
// CHECK: pragma.c:6:{{[0-9]+}}: warning: '#pragma hetile' is not followed by a 'for' loop; ignored
// CHECK-NOT: nest at {{.*}}pragma.c:8:3
// CHECK: nest at {{.*}}pragma.c:14:3 in function 'f'
// CHECK: tilable: yes
