// --omp-schedule=auto: where the strips apply, the model of
// Analysis/StripsChoice.h chooses them or the pipeline, and says so in
// `hetile analyze` (text and JSON) and in a remark of `hetile rewrite`;
// where they do not apply, the pipeline, with the strips' remark. Many
// rows and a skewed pipeline: test/Inputs/jacobi-1d-rows.c (the halo costs
// less than the skewed tiles); the other cases below.
// RUN: %hetile analyze %S/../Inputs/jacobi-1d-rows.c -- -std=c11 | FileCheck %s --check-prefix=ROWS
// RUN: %hetile analyze %S/../Inputs/jacobi-1d-rows.c --format=json -- -std=c11 | FileCheck %s --check-prefix=ROWS-JSON
// RUN: %hetile rewrite %S/../Inputs/jacobi-1d-rows.c --backend=omp --omp-schedule=auto -o %t.rows.c -- -std=c11 2>%t.rows.err
// RUN: FileCheck %s --check-prefix=ROWS-REMARK < %t.rows.err
// RUN: %strip-directives %t.rows.c | FileCheck %s --check-prefix=ROWS-CODE
// RUN: %hetile rewrite %S/../Inputs/jacobi-1d-rows.c --backend=mpi --omp-schedule=auto -o %t.rows-mpi.c -- -std=c11 2>/dev/null
// RUN: %strip-directives %t.rows-mpi.c | FileCheck %s --check-prefix=ROWS-CODE
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s
// RUN: %hetile analyze %s --format=json -- -std=c11 | FileCheck %s --check-prefix=JSON
// RUN: %hetile rewrite %s --backend=omp --omp-schedule=auto -o %t.c -- -std=c11 2>%t.err
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: %strip-directives %t.c | FileCheck %s --check-prefix=CODE
// RUN: %hetile rewrite %s --backend=mpi --omp-schedule=auto -o %t.mpi.c -- -std=c11 2>/dev/null
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefix=CODE

// ROWS-LABEL: nest at {{.*}}jacobi-1d-rows.c:10:3 in function 'jacobi_1d'
// ROWS:       strips: yes
// ROWS:       schedules: pipeline, wavefront (omp), strips
// ROWS-NEXT:  auto schedule: strips (model: the pipelined band is skewed; 1998 rows, 2 processors, per time step and processor: strips 2104.4 rows at width 6, pipeline 2297.7)
// ROWS-REMARK: jacobi-1d-rows.c:10:3: remark: --omp-schedule=auto chose strips (model: the pipelined band is skewed; 1998 rows
// ROWS-JSON:      "auto_schedule": {
// ROWS-JSON-NEXT:   "choice": "strips",
// ROWS-JSON-NEXT:   "pipeline_cost": 2297.{{[0-9]+}},
// ROWS-JSON-NEXT:   "rows": 1998,
// ROWS-JSON-NEXT:   "skewed_band": true,
// ROWS-JSON-NEXT:   "steps": null,
// ROWS-JSON-NEXT:   "strips_cost": 2104.{{[0-9]+}},
// ROWS-JSON-NEXT:   "width": 6
// ROWS-JSON-NEXT: },
// ROWS-CODE-COUNT-1: /* hetile: strips with redundant tasks
// ROWS-CODE-NOT:     /* hetile: strips with redundant tasks

#define M 12

// Five rows per processor: the redundant rows of any band cost more than
// the skewed tiles.
void small(int T, double A[restrict M], double B[restrict M]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < M - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < M - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}
// CHECK-LABEL: nest at {{.*}}strips-auto.c:45:3 in function 'small'
// CHECK:       auto schedule: pipeline (model: the pipelined band is skewed; 10 rows, 2 processors, per time step and processor: strips 16.5 rows at width 1, pipeline 11.5)
// REMARK:      strips-auto.c:45:3: remark: --omp-schedule=auto chose pipeline (model: the pipelined band is skewed; 10 rows

// Rows set by a parameter: the strips win where the pipeline is skewed.
void jacobi_1d(int T, int K, double A[restrict K], double B[restrict K]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < K - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < K - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}
// CHECK-LABEL: nest at {{.*}}strips-auto.c:59:3 in function 'jacobi_1d'
// CHECK:       auto schedule: strips (model: the pipelined band is skewed; rows set by a parameter: strips iff the band is skewed)
// REMARK:      strips-auto.c:59:3: remark: --omp-schedule=auto chose strips

// Fully permutable as written: rectangular tiles, no redundant work.
void decay(int T, int K, double A[restrict K][K], double B[restrict K][K]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 0; i < K; i++)
      for (int j = 0; j < K; j++)
        A[i][j] = 0.5 * A[i][j] + B[i][j];
}
// CHECK-LABEL: nest at {{.*}}strips-auto.c:73:3 in function 'decay'
// CHECK:       strips: yes
// CHECK:       auto schedule: pipeline (model: the pipelined band is not skewed; rows set by a parameter: strips iff the band is skewed)
// REMARK:      strips-auto.c:73:3: remark: --omp-schedule=auto chose pipeline (model: the pipelined band is not skewed

// Gauss-Seidel: no strips, the pipeline.
void seidel(int T, int K, double A[restrict K][K]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < K - 1; i++)
      for (int j = 1; j < K - 1; j++)
        A[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}
// CHECK-LABEL: nest at {{.*}}strips-auto.c:86:3 in function 'seidel'
// CHECK:       schedules: pipeline, wavefront (omp){{$}}
// CHECK-NEXT:  auto schedule: pipeline (strips do not apply)
// REMARK:      strips-auto.c:86:3: remark: strips do not apply: the flow dependence S0 -> S0 on 'A' runs within one time step along the rows {{.*}}; the nest runs the pipelined schedule [hetile-reject-strips-space-recurrence]

// JSON:      "auto_schedule": {
// JSON-NEXT:   "choice": "pipeline",
// JSON:      "auto_schedule": {
// JSON-NEXT:   "choice": "strips",
// JSON-NEXT:   "pipeline_cost": null,
// JSON-NEXT:   "rows": null,
// JSON:      "auto_schedule": {
// JSON-NEXT:   "choice": "pipeline",
// JSON:        "skewed_band": false,
// JSON:      "auto_schedule": {
// JSON-NEXT:   "choice": "pipeline"
// JSON-NEXT: },

// Strips for jacobi_1d, the pipeline (tile loops) for the others.
// CODE-COUNT-1: /* hetile: strips with redundant tasks
// CODE-NOT:     /* hetile: strips with redundant tasks
