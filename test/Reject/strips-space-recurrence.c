// Strips (--omp-schedule=strips) need every flow dependence within one time
// step to run to a later statement: one onto the same statement (or back)
// chains along the rows without bound, so no halo suffices. Such a nest
// keeps the pipelined schedule, with a remark.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s --check-prefix=REPORT
// RUN: %hetile rewrite %s --backend=omp --omp-schedule=strips -o %t.c -- -std=c11 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE

// Gauss-Seidel: A[i][j] reads the A[i - 1][j] of the same step.
void seidel(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}
// CHECK: strips-space-recurrence.c:[[@LINE-5]]:3: remark: strips do not apply: the flow dependence S0 -> S0 on 'A' runs within one time step along the rows (a recurrence in space: no bounded halo); the nest runs the pipelined schedule [hetile-reject-strips-space-recurrence]
// REPORT-LABEL: nest at {{.*}}strips-space-recurrence.c:13:3 in function 'seidel'
// REPORT:       tilable: yes
// REPORT-NEXT:  strips: no: the flow dependence S0 -> S0 on 'A' runs within one time step along the rows {{.*}} [hetile-reject-strips-space-recurrence]

// Two assignments (one statement of the model: they share the loop body),
// the second feeding the first at the next i of the same step:
// B[i] = A[i - 1] reads the A that the previous i wrote.
void backwards(int T, int N, double A[restrict N], double B[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N; i++) {
      B[i] = A[i - 1] + B[i];
      A[i] = 0.5 * B[i];
    }
}
// CHECK: strips-space-recurrence.c:[[@LINE-6]]:3: remark: strips do not apply: the flow dependence S0 -> S0 on 'A' runs within one time step {{.*}} [hetile-reject-strips-space-recurrence]
// REPORT-LABEL: nest at {{.*}}strips-space-recurrence.c:28:3 in function 'backwards'
// REPORT:       strips: no: the flow dependence S0 -> S0 on 'A' {{.*}} [hetile-reject-strips-space-recurrence]

// CODE-NOT: hetile: strips {{with}} redundant tasks
// CODE: hetile: tile {{columns}}
// CODE-NOT: hetile: strips {{with}} redundant tasks
