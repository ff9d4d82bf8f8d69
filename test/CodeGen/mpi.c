// The AST printer works for every backend: for mpi and mpi+omp it shows the
// tile loops of a rank with the messages around each tile, and the final
// exchange, as code generation emits them.
// RUN: %hetile rewrite %s --print=ast --backend=mpi -- -std=c11 | FileCheck %s
// RUN: %hetile rewrite %s --print=ast --backend=mpi+omp -- -std=c11 | FileCheck %s --check-prefixes=CHECK,THREADS

void sor(int N, int M, double A[restrict N][M]) {
#pragma hetile
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++)
      A[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]);
}

// CHECK-LABEL: nest at {{.*}}mpi.c:9:3 in function 'sor'
// CHECK:         if (hetile_mpi_begin(hetile_ncols, &hetile_m) < 0) {
// THREADS:       #pragma omp parallel
// THREADS:       hetile_mpi_part(hetile_m, hetile_th, hetile_j, &hetile_first,
// THREADS:       hetile_mpi_wait_column(hetile_m, hetile_after, hetile_row)
// A message's elements are enumerated once: pass 0 counts them, pass 1
// receives and unpacks them (or packs them, before the send).
// CHECK:         /* hetile: receive what this tile reads of other ranks' tiles */
// CHECK:         for (int hetile_pass = 0; hetile_pass < 2; hetile_pass++) {
// CHECK:         hetile_mpi_recv(hetile_m, hetile_src,
// CHECK:         hetile_recv_elem(A[
// CHECK-NOT:     hetile_bytes +=
// CHECK:         /* hetile: point loops */
// CHECK-NEXT:    for (int i = hetile_max(1, hetile_ti);
// CHECK:         /* hetile: send what other ranks' tiles read of this tile */
// CHECK:         for (int hetile_pass = 0; hetile_pass < 2; hetile_pass++) {
// CHECK:         hetile_mpi_send_buffer(hetile_m, hetile_bytes);
// CHECK:         hetile_send_elem(A[
// CHECK-NOT:     hetile_bytes +=
// CHECK:         hetile_mpi_send(hetile_m, hetile_dst,
// THREADS:       hetile_mpi_post_column(hetile_m, hetile_last, hetile_row);
// CHECK:         /* hetile: final values of the arrays written, to every rank (one rank has them all) */
// CHECK:         hetile_mpi_end(hetile_m)
