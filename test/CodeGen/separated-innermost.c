// hetile rewrite --print=ast prints the tile and point loops exactly as code
// generation emits them: with the dependences, the innermost point loop of
// time-iterated Jacobi 2D is distributed over its two statements (one
// guard-free loop each, which the C compiler vectorizes: fused, the second
// statement read the first one's value of the same iteration), and the
// counters are ints (the original nest is the fallback for parameters where
// they could overflow).
// RUN: %hetile rewrite %S/../Inputs/jacobi-2d-time.c --print=ast -- -std=c11 | FileCheck %s

// CHECK-LABEL: nest at {{.*}}jacobi-2d-time.c:7:3 in function 'jacobi_2d'
// CHECK-NEXT:    /* hetile: tile loops */
// CHECK-NEXT:    for (long hetile_tt = hetile_floord(0, hetile_T0) * hetile_T0;
// CHECK:         for (long hetile_t1 =
// CHECK:         for (long hetile_t2 =
// CHECK:         /* hetile: point loops */
// CHECK-NEXT:    for (int t = 
// The tile's first row of B, then the rows where both statements run: two
// guard-free loops, then A's last row (every point loop "separate").
// CHECK:           if (2 * t + 1 >= hetile_t1) {
// CHECK-NEXT:        for (int c2 = hetile_max(hetile_t2, 2 * t + 1);
// CHECK:               const int i = 1;
// CHECK:               B[i][j] = 0.2 *
// CHECK:           for (int c1 = hetile_max(hetile_t1, 2 * t + 2);
// CHECK-NEXT:           c1 < {{.*}}; c1++) {
// CHECK-NEXT:        for (int c2 = hetile_max(hetile_t2, 2 * t + 1);
// CHECK-NEXT:             c2 < {{.*}}; c2++) {
// CHECK-NEXT:          const int i = -2 * t + c1;
// CHECK-NEXT:          const int j = -2 * t + c2;
// CHECK-NEXT:          B[i][j] = 0.2 *
// CHECK-NEXT:        }
// CHECK-NEXT:        for (int c2 = hetile_max(hetile_t2, 2 * t + 2);
// CHECK-NEXT:             c2 < {{.*}}; c2++) {
// CHECK-NEXT:          const int i = -2 * t + c1 - 1;
// CHECK-NEXT:          const int j = -2 * t + c2 - 1;
// CHECK-NEXT:          A[i][j] = 0.2 *
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      if (hetile_T1 + hetile_t1 >= (long)N + 2 * t) {
// CHECK:               const int i = (long)N - 2;
// CHECK:               A[i][j] = 0.2 *
// CHECK-NOT:     for (long c2
