// PolyBench fdtd-2d: four statements per time step, with a 1D boundary
// statement and three 2D updates of different extents. Needs fusion, shifts
// and skewing for a permutable band of depth 3.
// The kernel is test/Inputs/fdtd-2d.c, which test/Run runs.
// RUN: %hetile analyze %S/../Inputs/fdtd-2d.c -- -std=c11 -I %S/../Exec/Inputs | FileCheck %s

// CHECK-LABEL: nest at {{.*}}fdtd-2d.c:17:3 in function 'fdtd_2d'
// CHECK-NEXT:    depth: 3
// CHECK-NEXT:    parameters: TMAX, NX, NY
// CHECK:         statement S0 at {{.*}}fdtd-2d.c:19:7: ey[0][j] = fict[t];
// CHECK-NEXT:      domain: [TMAX, NX, NY] -> { S0[t, j] : 0 <= t < TMAX and 0 <= j < NY }
// CHECK:         statement S3 at {{.*}}fdtd-2d.c:28:9: hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
// CHECK-LABEL:   dependences:
// CHECK-DAG:       flow S3 -> S1 on hz: distance (1, 0, 0)
// CHECK-DAG:       flow S3 -> S1 on hz: distance (1, 1, 0)
// CHECK-DAG:       flow S1 -> S3 on ey: distance (0, -1, 0)
// CHECK:         dependence matrix D: none
// CHECK-NEXT:    permutable band: depth 3, after transformation
// CHECK-NEXT:      transformation: isl scheduler: fused, skewed, shifted, permuted
// CHECK-NEXT:      S0: (t, t, t + j)
// CHECK-NEXT:      S1: (t, t + i, t + j)
// CHECK-NEXT:      S2: (t, t + i, t + j)
// CHECK-NEXT:      S3: (t, t + i + 1, t + j + 1)
// CHECK-NEXT:    tilable: yes
