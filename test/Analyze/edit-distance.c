// Edit distance (Levenshtein): D[i][j] from its north, west and north-west
// neighbours: dependence vectors (1,0), (0,1), (1,1).
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
#define MIN(a, b) ((a) < (b) ? (a) : (b))

void edit_distance(int N, int M, int D[restrict N + 1][M + 1],
                   const char *restrict a, const char *restrict b) {
  int i, j;
#pragma hetile
  for (i = 1; i <= N; i++)
    for (j = 1; j <= M; j++)
      D[i][j] = MIN(MIN(D[i - 1][j] + 1, D[i][j - 1] + 1),
                    D[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
}

// CHECK-LABEL: nest at {{.*}}edit-distance.c:10:3 in function 'edit_distance'
// CHECK:           domain: [N, M] -> { S0[i, j] : 0 < i <= N and 0 < j <= M }
// CHECK-DAG:       read a[-1 + i]
// CHECK-DAG:       read b[-1 + j]
// CHECK-LABEL:   dependences:
// CHECK-DAG:       flow S0 -> S0 on D: distance (0, 1)
// CHECK-DAG:       flow S0 -> S0 on D: distance (1, 0)
// CHECK-DAG:       flow S0 -> S0 on D: distance (1, 1)
// CHECK:         dependence matrix D: (0, 1) (1, 0) (1, 1){{$}}
// CHECK-NEXT:    permutable band: depth 2, as written
// CHECK:         tilable: yes
