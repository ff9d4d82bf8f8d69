// The shape of the strips block on MPI ranks (--omp-schedule=strips,
// --print=ast): the nest's communicator and cycle times (hetile_mpi_begin,
// no tile columns), the plan over the ranks' threads, the written arrays
// registered (with whether the halo's values of the band before are read),
// per band the exchange of rows between ranks after the next
// band is taken and before the rows are copied in, the band's computation
// in a compute bracket, then the final strips to every rank (or rank 0).
// mpi: no OpenMP pragma; mpi+omp: the threads of each rank as processors.
// RUN: %hetile rewrite %S/../Inputs/jacobi-2d-time.c --backend=mpi --omp-schedule=strips --print=ast -- -std=c11 | FileCheck %s --check-prefixes=CHECK,MPI --implicit-check-not="#pragma omp"
// RUN: %hetile rewrite %S/../Inputs/jacobi-2d-time.c --backend=mpi+omp --omp-schedule=strips --gather=root --print=ast -- -std=c11 | FileCheck %s --check-prefixes=CHECK,OMP

// CHECK-LABEL: nest at {{.*}}jacobi-2d-time.c:7:3 in function 'jacobi_2d'
// MPI:         /* hetile: strips with redundant tasks ([RD02]): rows split among the MPI ranks, bands of time steps */
// OMP:         /* hetile: strips with redundant tasks ([RD02]): rows split among the threads of the MPI ranks, bands of time steps */
// CHECK:       static const long hetile_edges[] = {0, 1, 0, 0, -1, 1,
// CHECK-NEXT:      1, 0, 1, 1, -1, 1};
// CHECK:       if (hetile_mpi_begin(0, &hetile_m) < 0) {
// MPI:         const int hetile_nth = 1;
// OMP:         const int hetile_nth = omp_get_max_threads();
// CHECK:       if (hetile_strips_mpi_create(hetile_m, hetile_nth, 2, hetile_reach, 2, hetile_edges,
// A flow dependence carries A across time steps (B -> A at step t, A -> B
// at t + 1): a band reads its halo's values of the band before. B is read
// only where the same step wrote it: it moves only where a rank takes rows
// over from another.
// CHECK:       if (hetile_strips_mpi_array(hetile_sm, 0, (void *)A, sizeof(A[0]), hetile_amin_A,
// CHECK-NEXT:                                hetile_amax_A, 1) < 0) {
// CHECK:       if (hetile_strips_mpi_array(hetile_sm, 1, (void *)B, sizeof(B[0]), hetile_amin_B,
// CHECK-NEXT:                                hetile_amax_B, 0) < 0) {
// OMP:         omp_set_num_threads(hetile_p);
// OMP-NEXT:    #endif
// OMP-NEXT:    #pragma omp parallel{{$}}
// CHECK:       const int hetile_me = hetile_rank * hetile_p + hetile_th;
// OMP:         if (hetile_mpi_threads(hetile_m, hetile_p) < 0) {
// CHECK:       hetile_more = hetile_strips_next_band(hetile_s);
// OMP-NEXT:    if (!hetile_more)
// OMP-NEXT:      break;
// OMP:         #pragma omp single
// CHECK:       if (hetile_strips_mpi_exchange(hetile_sm) < 0) {
// CHECK:       hetile_strips_fetch(hetile_s, hetile_me, hetile_in);
// MPI:         (void)hetile_mpi_compute_begin(hetile_m);
// OMP:         (void)hetile_mpi_thread_compute_begin(hetile_m, hetile_th);
// CHECK:       /* hetile: tile loops */
// MPI:         (void)hetile_mpi_compute_end(hetile_m, 1);
// OMP:         (void)hetile_mpi_thread_compute_end(hetile_m, hetile_th, 1);
// OMP-NEXT:    #pragma omp barrier
// CHECK-NEXT:  hetile_strips_copy((void *)A, hetile_copy_A, sizeof(A[0]),
// MPI:         /* hetile: final values of the arrays written, to every rank: each rank's last strip */
// MPI-NEXT:    if (hetile_strips_mpi_final(hetile_sm, 0) < 0) {
// OMP:         /* hetile: final values of the arrays written, to rank 0: each rank's last strip */
// OMP-NEXT:    if (hetile_strips_mpi_final(hetile_sm, 1) < 0) {
// CHECK:       hetile_strips_mpi_destroy(hetile_sm);
// CHECK-NEXT:  if (hetile_mpi_end(hetile_m) < 0) {
