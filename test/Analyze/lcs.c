// Longest common subsequence, with an if/else on data inside the statement
// (a data-dependent choice, not a guard): vectors (1,0), (0,1), (1,1).
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s

void lcs(int N, int M, int L[restrict N + 1][M + 1], const char *restrict x,
         const char *restrict y) {
  int i, j;
#pragma hetile
  for (i = 1; i <= N; i++)
    for (j = 1; j <= M; j++)
      L[i][j] = x[i - 1] == y[j - 1] ? L[i - 1][j - 1] + 1
                : (L[i - 1][j] > L[i][j - 1] ? L[i - 1][j] : L[i][j - 1]);
}

// CHECK-LABEL: nest at {{.*}}lcs.c:9:3 in function 'lcs'
// CHECK:         dependence matrix D: (0, 1) (1, 0) (1, 1){{$}}
// CHECK-NEXT:    permutable band: depth 2, as written
// CHECK:         tilable: yes
