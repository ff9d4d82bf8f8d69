// Strips (--omp-schedule=strips) need an outermost loop over time that
// counts up by one around loops over space. Such nests keep the pipelined
// schedule, with a remark.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s --check-prefix=REPORT
// RUN: %hetile rewrite %s --backend=omp --omp-schedule=strips -o %t.c -- -std=c11 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE

// Every other step.
void even(int T, int N, double A[restrict N][N], double B[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t += 2)
    for (int i = 1; i < N - 1; i++)
      for (int j = 0; j < N; j++)
        B[i][j] = A[i - 1][j] + A[i + 1][j] + B[i][j];
}
// CHECK: strips-no-time-loop.c:[[@LINE-5]]:3: remark: strips do not apply: the time loop 't' does not count up by one; the nest runs the pipelined schedule [hetile-reject-strips-no-time-loop]
// REPORT-LABEL: nest at {{.*}}strips-no-time-loop.c:12:3 in function 'even'
// REPORT:       tilable: yes
// REPORT-NEXT:  strips: no: the time loop 't' does not count up by one [hetile-reject-strips-no-time-loop]

// Time running backwards.
void down(int T, int N, double A[restrict N][N], double B[restrict N][N]) {
#pragma hetile
  for (int t = T; t > 0; t--)
    for (int i = 1; i < N - 1; i++)
      for (int j = 0; j < N; j++)
        B[i][j] = A[i - 1][j] + A[i + 1][j] + B[i][j] * t;
}
// CHECK: strips-no-time-loop.c:[[@LINE-5]]:3: remark: strips do not apply: the time loop 't' does not count up by one; {{.*}} [hetile-reject-strips-no-time-loop]
// REPORT-LABEL: nest at {{.*}}strips-no-time-loop.c:25:3 in function 'down'
// REPORT:       strips: no: the time loop 't' does not count up by one [hetile-reject-strips-no-time-loop]

// CODE-NOT: hetile: strips {{with}} redundant tasks
// CODE: hetile: tile {{columns}}
// CODE-NOT: hetile: strips {{with}} redundant tasks
