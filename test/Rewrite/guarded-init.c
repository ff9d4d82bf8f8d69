// The initialization of polybench's floyd-warshall: an unguarded statement
// and one guarded by a disjunction of modulo conditions, over the same
// rectangle. The band's image is the rectangle plus modular pieces inside
// it; coalesced it is the rectangle, and the tile loops' bounds take
// milliseconds (uncoalesced, isl ran for minutes: the timeout fails it).
// RUN: timeout 60 %hetile rewrite %s -o %t.c -- -std=c99
// RUN: %strip-directives %t.c | FileCheck %s

void init_array(int n, int path[restrict n][n]) {
  int i, j;
#pragma hetile
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      path[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        path[i][j] = 999;
    }
}

// CHECK-LABEL: void init_array(
// CHECK:         /* hetile: tile loops */
// CHECK:         for (long hetile_ti = hetile_floord(0, hetile_T0) * hetile_T0;
// CHECK:         /* hetile: point loops */
