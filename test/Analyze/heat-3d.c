// PolyBench heat-3d: two 3D 7-point stencils per time step, A -> B -> A.
// Needs a transformation (shift + skew) to give a permutable band of depth 4.
// The kernel is test/Inputs/heat-3d.c, which test/Run runs.
// RUN: %hetile analyze %S/../Inputs/heat-3d.c -- -std=c11 -I %S/../Exec/Inputs | FileCheck %s

// CHECK-LABEL: nest at {{.*}}heat-3d.c:14:3 in function 'heat_3d'
// CHECK-NEXT:    depth: 4
// CHECK-NEXT:    parameters: T, N
// CHECK-LABEL:   dependences:
// CHECK-DAG:       flow S0 -> S1 on B: distance (0, 0, 0, 0)
// CHECK-DAG:       flow S1 -> S0 on A: distance (1, -1, 0, 0)
// CHECK-DAG:       flow S1 -> S0 on A: distance (1, 0, 0, 1)
// CHECK:         permutable band: depth 4, after transformation
// CHECK-NEXT:      transformation: isl scheduler: fused, skewed, shifted
// CHECK-NEXT:      S0: (t, 2 * t + i, 2 * t + j, 2 * t + k)
// CHECK-NEXT:      S1: (t, 2 * t + i + 1, 2 * t + j + 1, 2 * t + k + 1)
// CHECK-NEXT:    tilable: yes
