// Strips (--omp-schedule=strips) give each statement instance the row it
// writes (the first subscript) and copy the written arrays: writes without
// one row, reads of a written array at a row that is not a constant
// distance from the writer's and rows below 0 are refused (overlapping
// arrays: checked at run time, test/Run/strips-alias.c). Such nests keep
// the pipelined schedule, with a remark; the JSON report says why too.
// RUN: %hetile analyze %s -- -std=c11 | FileCheck %s --check-prefix=REPORT
// RUN: %hetile analyze %s --format=json -- -std=c11 | FileCheck %s --check-prefix=JSON
// RUN: %hetile rewrite %s --backend=omp --omp-schedule=strips -o %t.c -- -std=c11 2>%t.err
// RUN: FileCheck %s < %t.err

// A scalar accumulates over the steps (the nest is not tiled either).
double total;
void scalar(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        total = total + A[i][j] * t;
}
// REPORT-LABEL: nest at {{.*}}strips-unsupported-access.c:16:3 in function 'scalar'
// REPORT:       strips: no: 'total' writes a scalar [hetile-reject-strips-unsupported-access]

// The mirror image: B[N - 1 - i] is not a constant distance from row i (the
// nest is not tiled either).
void mirror(int T, int N, double A[restrict N], double B[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 0; i < N; i++)
      B[i] = A[i];
    for (int i = 0; i < N; i++)
      A[i] = 0.5 * B[N - 1 - i];
  }
}
// REPORT-LABEL: nest at {{.*}}strips-unsupported-access.c:28:3 in function 'mirror'
// REPORT:       strips: no: 'B[N - 1 - i]' is not at a constant row distance from the row the statement writes [hetile-reject-strips-unsupported-access]
// JSON:      "strips": {
// JSON-NEXT:   "applies": false,
// JSON-NEXT:   "why": {
// JSON-NEXT:     "kind": "strips-unsupported-access",

// A row below 0 is read: the copies start at row 0.
void below(int T, int N, double *restrict A, double B[restrict N]) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 0; i < N; i++)
      B[i] = A[i - 1] + A[i + 1];
    for (int i = 0; i < N; i++)
      A[i] = B[i];
  }
}
// CHECK: strips-unsupported-access.c:[[@LINE-5]]:14: remark: strips do not apply: 'A[i - 1]' may reach a row below 0; the nest runs the pipelined schedule [hetile-reject-strips-unsupported-access]
// REPORT-LABEL: nest at {{.*}}strips-unsupported-access.c:45:3 in function 'below'
// REPORT:       strips: no: 'A[i - 1]' may reach a row below 0 [hetile-reject-strips-unsupported-access]


// The written arrays are reached through a member of a member: the
// statements name them as `s->g.next`, and the strips copy only a struct a
// pointer reaches (the nest keeps the pipeline).
struct grid {
  int rows, cols;
  double *cur, *next;
};
struct solver {
  struct grid g;
};
void members(int T, struct solver *s) {
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < s->g.rows - 1; i++)
      for (int j = 1; j < s->g.cols - 1; j++)
        s->g.next[i * s->g.cols + j] =
            0.5 * (s->g.cur[(i - 1) * s->g.cols + j] + s->g.cur[(i + 1) * s->g.cols + j]);
    for (int i = 1; i < s->g.rows - 1; i++)
      for (int j = 1; j < s->g.cols - 1; j++)
        s->g.cur[i * s->g.cols + j] = s->g.next[i * s->g.cols + j];
  }
}
// CHECK: strips-unsupported-access.c:72:9: remark: strips do not apply: 's->g.next' is reached through a table of rows, a member of a member or 'this' (strips copy the arrays the statements name, the struct a pointer reaches, or a vector member of 'this' named bare); the nest runs the pipelined schedule [hetile-reject-strips-unsupported-access]
// REPORT-LABEL: nest at {{.*}}strips-unsupported-access.c:69:3 in function 'members'
// REPORT:       strips: no: 's->g.next' is reached through a table of rows, a member of a member or 'this' (strips copy the arrays the statements name, the struct a pointer reaches, or a vector member of 'this' named bare) [hetile-reject-strips-unsupported-access]
