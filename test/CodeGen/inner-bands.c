// An inner-bands nest: the AST printer shows the sequential outer loop with
// the band's tile and point loops inside, as code generation emits them.
// RUN: %hetile rewrite %S/../Inputs/floyd.c --print=ast -- -std=c99 | FileCheck %s
// RUN: %hetile rewrite %S/../Inputs/floyd.c --print=ast --backend=omp -- -std=c99 | FileCheck %s --check-prefix=OMP

// CHECK-LABEL: nest at {{.*}}floyd.c:8:3 in function 'floyd'
// CHECK-NEXT:    /* hetile: sequential outer loop (k); 1 tiled band inside */
// CHECK-NEXT:    for (int k = 0; k < (long)n; k++) {
// CHECK-NEXT:      {
// CHECK-NEXT:        /* hetile: tile loops */
// CHECK-NEXT:        for (long hetile_ti =
// CHECK:             /* hetile: point loops */
// CHECK-NEXT:        for (int i = 
// CHECK:             for (int j = 
// CHECK:             path[i][j] = path[i][j] < path[i][k] + path[k][j]
// CHECK-NEXT:                     ? path[i][j]

// OMP-LABEL: nest at {{.*}}floyd.c:8:3 in function 'floyd'
// OMP:         for (int k = 0; k < (long)n; k++) {
// OMP:           hetile_sched_wait(hetile_s, hetile_first - 1, hetile_row);
