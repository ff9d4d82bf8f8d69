// The shape of a run-time alias check: the bytes each array's accesses may
// touch (per subscript, its lowest and highest value; row sizes by sizeof,
// a VLA's at run time) compared as integers, the tiled nest under the flag,
// the original nest in the other branch, which aborts under
// HETILE_FALLBACK_ABORT and reports the failed check under HETILE_STATS.
// With mpi the ranks agree on the flag before the nest's collectives, where
// the decision (which every rank makes alike) runs the tiled nest; with
// omp it is tested outside the parallel region. Restrict on both leaves no
// check.
// RUN: %hetile rewrite %s -o %t.seq.c -- -std=c11
// RUN: %strip-directives %t.seq.c | FileCheck %s --check-prefixes=CHECK,SEQ
// RUN: %gcc -std=c99 -c -Wall -Werror %rt_cflags %t.seq.c -o %t.seq.o
// RUN: %hetile rewrite --backend=omp %s -o %t.omp.c -- -std=c11
// RUN: %strip-directives %t.omp.c | FileCheck %s --check-prefixes=CHECK,OMP
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -std=c11
// RUN: %strip-directives %t.mpi.c | FileCheck %s --check-prefixes=CHECK,MPI
// RUN: sed 's/double A\[N\]\[M\], double B\[N\]\[M\]/double A[restrict N][M], double B[restrict N][M]/' %s > %t.c
// RUN: %hetile rewrite %t.c -o %t.restrict.c -- -std=c11
// RUN: %strip-directives %t.restrict.c | FileCheck %s --check-prefix=NONE

void sor(int N, int M, double A[N][M], double B[N][M]) {
  int i, j;
#pragma hetile
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < M - 1; j++)
      A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + B[i + 1][j] + B[i][j + 1]);
}
// The decision of whether the tiled nest pays (on MPI ranks without the
// inline shortcut of tiny calls: every rank enters the runtime alike), then
// the check.
// The omp code asks OpenMP for its threads only where the calls that run
// the original inline do not settle the call: OpenMP's first call starts
// LLVM's OpenMP runtime.
// SEQ:        const int hetile_maxprocs = 1;
// OMP:        int hetile_maxprocs = 1;
// MPI:        const int hetile_maxprocs = 1;
// SEQ:        int hetile_run = hetile_profit_fast(&hetile_site, hetile_points, hetile_maxprocs,
// OMP:        int hetile_run = hetile_profit_fast_original(&hetile_site, hetile_points,
// OMP-NEXT:                                                &hetile_pc);
// OMP-NEXT:   if (hetile_run == HETILE_PROFIT_SLOW) {
// OMP-NEXT:   #ifdef _OPENMP
// OMP-NEXT:     hetile_maxprocs = omp_in_parallel() ? 1 : omp_get_max_threads();
// OMP-NEXT:   #else
// OMP-NEXT:     hetile_maxprocs = 1;
// OMP-NEXT:   #endif
// OMP-NEXT:     hetile_run = hetile_profit_fast_agreed(&hetile_site, hetile_points,
// OMP-NEXT:                                            hetile_maxprocs, &hetile_pc);
// OMP-NEXT:     if (hetile_run == HETILE_PROFIT_SLOW)
// OMP-NEXT:       hetile_run = hetile_profit_begin(
// OMP-NEXT:           hetile_profit_site_get(&hetile_site, "alias-check.c:24 (sor)"),
// OMP-NEXT:           hetile_points, hetile_maxprocs, &hetile_pc);
// OMP-NEXT:   }
// MPI:        int hetile_run = hetile_profit_fast_agreed(&hetile_site, hetile_points, hetile_maxprocs,
// SEQ-NEXT:                                         &hetile_pc);
// MPI-NEXT:                                         &hetile_pc);
// SEQ-NEXT:   if (hetile_run == HETILE_PROFIT_SLOW)
// MPI-NEXT:   if (hetile_run == HETILE_PROFIT_SLOW)
// SEQ-NEXT:     hetile_run = hetile_profit_begin(
// MPI-NEXT:     hetile_run = hetile_profit_begin(
// SEQ-NEXT:       hetile_profit_site_get(&hetile_site, "alias-check.c:24 (sor)"),
// MPI-NEXT:       hetile_profit_agreed_site_get(&hetile_site, "alias-check.c:24 (sor)"),
// SEQ-NEXT:       hetile_points, hetile_maxprocs, &hetile_pc);
// MPI-NEXT:       hetile_points, hetile_maxprocs, &hetile_pc);
// CHECK:      /* hetile: run-time alias check: A and B do not overlap */
// CHECK-NEXT: int hetile_noalias = 1;
// CHECK-NEXT: if (((long)N >= 3 && (long)M >= 3) &&
// CHECK-NEXT:     !((uintptr_t)A + (uintptr_t)((long)((long)N - 2) * (long)sizeof(A[0]) + (long)((long)M - 2) * (long)sizeof(A[0][0]) + (long)sizeof(A[0][0])) <=
// CHECK-NEXT:       (uintptr_t)B + (uintptr_t)((long)sizeof(B[0]) + (long)sizeof(B[0][0])) ||
// CHECK-NEXT:       (uintptr_t)B + (uintptr_t)((long)((long)N - 1) * (long)sizeof(B[0]) + (long)((long)M - 1) * (long)sizeof(B[0][0]) + (long)sizeof(B[0][0])) <=
// CHECK-NEXT:       (uintptr_t)A))
// CHECK-NEXT:   hetile_noalias = 0;
// MPI-NEXT:   /* hetile: every rank takes the same branch (the original runs on every rank
// MPI-NEXT:      where the decision says so) */
// MPI-NEXT:   if (hetile_run > 0) {
// MPI-NEXT:     hetile_noalias = hetile_mpi_agree(hetile_noalias);
// MPI-NEXT:     if (hetile_noalias < 0) {
// MPI:        if (hetile_run > 0 && hetile_noalias) {
// MPI-NEXT:     hetile_ran = hetile_run;
// MPI-NEXT:     const int hetile_nprocs = hetile_mpi_world_size();
// SEQ-NEXT:   if (hetile_run < 0) {
// SEQ:        if (hetile_run > 0 && hetile_noalias) {
// OMP-NEXT:   if (hetile_run < 0) {
// OMP:        if (hetile_run > 0 && hetile_noalias) {
// OMP:          #pragma omp parallel
// SEQ:        {{^ *}}/* hetile: point loops */
// MPI:        {{^ *}}/* hetile: point loops */
// OMP:        {{^ *}}hetile_points_sor_{{[0-9]+}}(
// CHECK:      {{^}}#ifdef HETILE_FALLBACK_ABORT
// CHECK-NEXT:   abort();
// CHECK-NEXT: #endif
// CHECK-NEXT:   if (!hetile_noalias && hetile_env_stats())
// CHECK-NEXT:     fprintf(stderr, "hetile: %s: arrays may overlap: the original nest ran\n", "{{.*}}alias-check.c:24 (sor)");
// SEQ-NEXT:     if (hetile_profit_whole(hetile_part)) {
// SEQ-NEXT:     for (i = 1; i < N - 1; i++)
// MPI-NEXT:     for (i = 1; i < N - 1; i++)
// OMP-NEXT:     if (hetile_profit_whole(hetile_part)) {
// OMP-NEXT:     for (i = 1; i < N - 1; i++)
// NONE-NOT:   {{^ *}}int hetile_noalias
// NONE:       /* hetile: point loops */
// NONE-NOT:   {{^ *}}int hetile_noalias
