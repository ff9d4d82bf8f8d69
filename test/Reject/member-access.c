// C: struct members the nest reads once before it (docs/invariant-loads.md)
// must be read by the original wherever the generated code reads them: a
// member read through a pointer only under a condition (a `?:` branch, the
// right operand of `&&`, an `if`) could be read where the original never
// dereferences the pointer. The nest is left untouched; the same member
// read unconditionally in a bound or a statement is tiled.
// RUN: %hetile analyze %s -- -std=c11 2>%t.err | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s < %t.err

struct weights { double w; int n; };

void conditional(int N, double A[restrict N][N], const struct weights *p) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = (i > 2 ? p->w : 1.0) * A[i - 1][j] + A[i][j - 1];
}
// CHECK: member-access.c:[[@LINE-2]]:26: remark: nest not tiled: the nest reads 'p->w' only under a condition: the value cannot be read once before the nest without dereferencing 'p' where the original may not [hetile-reject-member-access]
// REPORT: nest at {{.*}}member-access.c:[[@LINE-5]]:3 in function 'conditional': not tiled [hetile-reject-member-access]

void unconditional(int N, double A[restrict N][N], const struct weights *p) {
#pragma hetile
  for (int i = 1; i < p->n; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = p->w * A[i - 1][j] + A[i][j - 1];
}
// REPORT-LABEL: nest at {{.*}}member-access.c:{{[0-9]+}}:3 in function 'unconditional'
// REPORT:         read once: p->n as hetile_p_n
// REPORT-NEXT:    read once: p->w{{$}}
// REPORT-NEXT:    run-time checks: the writes to A miss p->n, p->w
// REPORT:         tilable: yes

void written(int N, double A[restrict N][N], struct weights *p) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++) {
      A[i][j] = A[i - 1][j] + A[i][j - 1];
      p->w = A[i][j];
    }
}
// CHECK: member-access.c:[[@LINE-3]]:7: remark: nest not tiled: struct member 'p->w' is written in the nest, or read through a pointer that is not a variable the nest never writes: only members read as numbers or as the base of an array are modelled [hetile-reject-unsupported-type]
// REPORT: nest at {{.*}}member-access.c:[[@LINE-7]]:3 in function 'written': not tiled [hetile-reject-unsupported-type]
// CHECK-NOT: remark
