// Floyd-Warshall: k stays sequential, (i, j) is tiled below it. The schedule
// printer shows each inner band with its own tiled schedule, k a parameter.
// RUN: %hetile rewrite %s --print=schedule -- -std=c99 | FileCheck %s

void floyd(int n, int path[restrict n][n]) {
  int i, j, k;
#pragma hetile
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
}

// CHECK-LABEL: nest at {{.*}}inner-bands.c:8:3 in function 'floyd'
// CHECK-NEXT:  inner band 1 of 1:
// CHECK-NEXT:  band: [n, k] -> { S0[i, j] -> [i, j] :
// CHECK-NEXT:  tile sizes: hetile_T0 hetile_T1
// CHECK:       tile loop hetile_ti step hetile_T0:
// CHECK:       tile loop hetile_tj step hetile_T1:
// CHECK:       columns: band dimension 1
