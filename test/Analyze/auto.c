// --auto considers every maximal nest of depth >= 2, marked or not; 1-D loops
// are not candidates. A nest that cannot be modelled is reported, and the
// nests inside it are tried on their own.
// RUN: %hetile analyze %s --auto -- -std=c11 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: %hetile analyze %s -- -std=c11 2>&1 | FileCheck %s --check-prefix=MARKED

int printf(const char *, ...);

void one_dim(int N, double *restrict x) {
  for (int i = 1; i < N; i++)
    x[i] += x[i - 1];
}

void two_nests(int N, double A[restrict N][N], double B[restrict N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      B[i][j] = B[i - 1][j] + B[i][j - 1];
}

void outer_has_call(int T, int N, double A[restrict N][N]) {
  for (int t = 0; t < T; t++) {
    printf("step %d\n", t);
    for (int i = 1; i < N; i++)
      for (int j = 1; j < N; j++)
        A[i][j] = A[i - 1][j] + A[i][j - 1];
  }
}

// AUTO-NOT: one_dim
// AUTO:     auto.c:26:5: remark: nest not tiled: call to 'printf' may have side effects [hetile-reject-side-effect-call]
// AUTO:     nest at {{.*}}auto.c:15:3 in function 'two_nests'
// AUTO:       tilable: yes
// AUTO:     nest at {{.*}}auto.c:19:3 in function 'two_nests'
// AUTO:       tilable: yes
// AUTO:     nest at {{.*}}auto.c:25:3 in function 'outer_has_call': not tiled [hetile-reject-side-effect-call]
// AUTO:     nest at {{.*}}auto.c:27:5 in function 'outer_has_call'
// AUTO:       tilable: yes

// MARKED-NOT: remark
// MARKED:     nest at {{.*}}auto.c:19:3 in function 'two_nests'
// MARKED-NOT: nest at
