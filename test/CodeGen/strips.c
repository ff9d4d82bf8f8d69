// The shape of the strips block (--omp-schedule=strips, --print=ast): the
// runtime's plan, private copies of the written arrays shadowing them, per
// band the rows copied in, the strip's sub-tiles ordered by every
// dependence (flow, anti, output: the table hetile_order), each over the
// band's steps, each step's statements over their windows of rows cut to
// the sub-tile with inner loops free of guards (vectorizable), a barrier,
// the rows copied out.
// RUN: %hetile rewrite %S/../Inputs/jacobi-2d-time.c --backend=omp --omp-schedule=strips --print=ast -- -std=c11 | FileCheck %s

// CHECK-LABEL: nest at {{.*}}jacobi-2d-time.c:7:3 in function 'jacobi_2d'
// CHECK:       /* hetile: strips with redundant tasks ([RD02]): rows split among the threads, bands of time steps */
// CHECK:       static const long hetile_reach[] = {-1, 1, -1, 1};
// CHECK-NEXT:  static const long hetile_edges[] = {0, 1, 0, 0, -1, 1,
// CHECK-NEXT:      1, 0, 1, 1, -1, 1};
// CHECK-NEXT:  static const long hetile_order[] = {0, 1, 0, 0, -1, 1,
// CHECK-NEXT:      1, 0, 1, 1, -1, 1,
// CHECK-NEXT:      0, 0, 1, 1, 0, 0,
// CHECK-NEXT:      1, 1, 1, 1, 0, 0};
// CHECK:       hetile_strips_create(hetile_p, 2, hetile_reach, 2, hetile_edges,
// CHECK:       hetile_strips_order(hetile_s, 4, hetile_order, sizeof(A[0]) + sizeof(B[0]))
// CHECK:       omp_set_num_threads(hetile_p);
// CHECK-NEXT: #endif
// CHECK-NEXT: #pragma omp parallel{{$}}
// CHECK:       void *const hetile_copy_A = malloc(
// CHECK:       void *const hetile_copy_B = malloc(
// CHECK:       hetile_more = hetile_strips_next_band(hetile_s);
// CHECK:       hetile_strips_fetch(hetile_s, hetile_me, hetile_in);
// CHECK-NEXT:  hetile_strips_publish(hetile_s, hetile_me, hetile_out);
// CHECK-NEXT:  hetile_strips_copy(hetile_copy_A, (void *)A, sizeof(A[0]),
// CHECK:       const long hetile_nsub = hetile_strips_subtiles(hetile_s, hetile_me);
// CHECK-NEXT:  for (long hetile_sub = 0; hetile_sub < hetile_nsub; hetile_sub++)
// CHECK-NEXT:  for (long hetile_step = 0; hetile_step < hetile_n; hetile_step++) {
// CHECK:       hetile_strips_subwindow(hetile_s, hetile_me, hetile_step, 0, hetile_sub, &hetile_a0, &hetile_b0);
// CHECK:       hetile_strips_subwindow(hetile_s, hetile_me, hetile_step, 1, hetile_sub, &hetile_a1, &hetile_b1);
// CHECK:       double (*const A)[N] = (double (*)[N])hetile_copy_A;
// CHECK-NEXT:  double (*const B)[N] = (double (*)[N])hetile_copy_B;
// CHECK-NEXT:  /* hetile: tile loops */
// CHECK-NEXT:  if ((long)T >= hetile_t + 1 && hetile_t >= 0) {
// CHECK-NEXT:    for (int i = hetile_max(1, hetile_a0);
// CHECK-NEXT:         i <= hetile_min((long)N - 2, hetile_b0); i++)
// CHECK-NEXT:      for (int j = 1; j < (long)N - 1; j++)
// CHECK-NEXT:        B[i][j] = 0.2 *
// CHECK-NEXT:    for (int i = hetile_max(1, hetile_a1);
// CHECK-NEXT:         i <= hetile_min(hetile_b1, (long)N - 2); i++)
// CHECK-NEXT:      for (int j = 1; j < (long)N - 1; j++)
// CHECK-NEXT:        A[i][j] = 0.2 *
// CHECK:       #pragma omp barrier
// CHECK-NEXT:  hetile_strips_copy((void *)A, hetile_copy_A, sizeof(A[0]),
// CHECK:       hetile_strips_destroy(hetile_s);
