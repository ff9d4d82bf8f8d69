// Time-iterated Jacobi 2D: two statements, skewed into one band. No statement
// depends on itself along the last band dimension alone, so the schedule
// code generation uses marks the innermost point loop separated (isl splits
// it where the statements it runs change; no guard inside), and every
// dependence allows it to be distributed over the two statements: the
// band's last member sinks below a sequence, one copy per statement, each
// marked separate.
// RUN: %hetile rewrite %S/../Inputs/jacobi-2d-time.c --print=schedule -- -std=c11 | FileCheck %s
// The same schedule for the MPI backend, which also prints the columns.
// RUN: %hetile rewrite %S/../Inputs/jacobi-2d-time.c --print=schedule --backend=mpi -- -std=c11 | FileCheck %s

// CHECK-LABEL: nest at {{.*}}jacobi-2d-time.c:7:3 in function 'jacobi_2d'
// CHECK-NEXT:  band: [T, N] -> { S1[t, i, j] -> [t, 1 + 2t + i, 1 + 2t + j] : {{.*}}; S0[t, i, j] -> [t, 2t + i, 2t + j] :
// CHECK:       columns: band dimension 2
// CHECK-NEXT:  innermost point loop: separated (no recurrence)
// CHECK-NEXT:  innermost point loop: distributed over the statements
// CHECK-NEXT:  int counters where:
// CHECK-NEXT:  point schedule: {{.*}}sequence: [ { filter: "{{.*}} { S0[t, i, j] }", child: { schedule: "{{.*}}[{ S0[t, i, j] -> [(2t + j)] }]", {{.*}}options: "[T, N] -> { separate[0] }" } }, { filter: "{{.*}} { S1[t, i, j] }", child: { schedule: "{{.*}}[{ S1[t, i, j] -> [(1 + 2t + j)] }]", {{.*}}options: "[T, N] -> { separate[0] }" } } ]
