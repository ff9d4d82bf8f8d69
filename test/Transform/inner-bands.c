// Floyd-Warshall: k stays sequential, (i, j) is tiled below it. The schedule
// printer shows each inner band with its own tiled schedule, k a parameter.
// RUN: %hetile rewrite %S/../Inputs/floyd.c --print=schedule -- -std=c99 | FileCheck %s

// CHECK-LABEL: nest at {{.*}}floyd.c:8:3 in function 'floyd'
// CHECK-NEXT:  inner band 1 of 1:
// CHECK-NEXT:  band: [n, k] -> { S0[i, j] -> [i, j] :
// CHECK-NEXT:  tile sizes: hetile_T0 hetile_T1
// CHECK:       tile loop hetile_ti step hetile_T0:
// CHECK:       tile loop hetile_tj step hetile_T1:
// CHECK:       columns: band dimension 1
