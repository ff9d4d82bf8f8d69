// Smith-Waterman local alignment with a linear gap penalty: the score takes
// the max of 0, the diagonal match and the two gaps: vectors (1,0), (0,1),
// (1,1). Max written with ?: macros.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void smith_waterman(int N, int M, int H[restrict N + 1][M + 1],
                    const char *restrict a, const char *restrict b) {
#pragma hetile
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++)
      H[i][j] = MAX(0, MAX(H[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 3 : -3),
                           MAX(H[i - 1][j] - 2, H[i][j - 1] - 2)));
}

// CHECK-LABEL: nest at {{.*}}smith-waterman.c:10:3 in function 'smith_waterman'
// CHECK-LABEL:   dependences:
// CHECK-DAG:       flow S0 -> S0 on H: distance (0, 1)
// CHECK-DAG:       flow S0 -> S0 on H: distance (1, 0)
// CHECK-DAG:       flow S0 -> S0 on H: distance (1, 1)
// CHECK:         dependence matrix D: (0, 1) (1, 0) (1, 1){{$}}
// CHECK-NEXT:    permutable band: depth 2, as written
// CHECK:         tilable: yes
