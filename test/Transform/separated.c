// Time-iterated Jacobi 2D: two statements, skewed into one band. No statement
// depends on itself along the last band dimension alone, so the schedule
// code generation uses marks the innermost point loop separated (isl splits
// it where the statements it runs change; no guard inside).
// RUN: %hetile rewrite %S/../Inputs/jacobi-2d-time.c --print=schedule -- -std=c11 | FileCheck %s
// The same schedule for the MPI backend, which also prints the columns.
// RUN: %hetile rewrite %S/../Inputs/jacobi-2d-time.c --print=schedule --backend=mpi -- -std=c11 | FileCheck %s

// CHECK-LABEL: nest at {{.*}}jacobi-2d-time.c:7:3 in function 'jacobi_2d'
// CHECK-NEXT:  band: [T, N] -> { S1[t, i, j] -> [t, 1 + 2t + i, 1 + 2t + j] : {{.*}}; S0[t, i, j] -> [t, 2t + i, 2t + j] :
// CHECK:       columns: band dimension 2
// CHECK-NEXT:  innermost point loop: separated (no recurrence)
// CHECK-NEXT:  int counters where:
// CHECK-NEXT:  point schedule: {{.*}}options: "{ separate[2] }"
