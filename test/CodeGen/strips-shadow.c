// The strips of a nest whose written arrays are members of a struct read
// through a pointer (g->next, g->cur): each thread runs the statements on
// a copy of *g whose members point to its copies of the rows. *g's bytes
// and the members' offsets are read before the parallel region, which
// never names g: a pointer the region captured would escape into the
// OpenMP runtime, and the compiler would then compile the original nest of
// the other branch knowing nothing of what *g holds (GCC neither turns its
// copy loop into memcpy nor vectorizes it as in the original).
// The nest is bench/apps/struct_sweep.c's grid_jacobi (app_shapes.py's
// grid-jacobi).
// RUN: %hetile rewrite %S/../../bench/apps/struct_sweep.c --auto --backend=omp --omp-schedule=strips --print=ast -- -std=c11 | FileCheck %s

// CHECK-LABEL: nest at {{.*}}struct_sweep.c:41:3 in function 'grid_jacobi'
// CHECK:      void *const hetile_value_g = malloc(sizeof(*g));
// CHECK:      memcpy(hetile_value_g, g, sizeof(*g));
// CHECK-NEXT: const size_t hetile_offset_g_0 = (size_t)((const char *)&g->next - (const char *)g);
// CHECK-NEXT: const size_t hetile_offset_g_1 = (size_t)((const char *)&g->cur - (const char *)g);
// CHECK:      omp_set_num_threads(hetile_p);
// CHECK-NEXT: #endif
// CHECK-NEXT: #pragma omp parallel{{$}}
// CHECK-NOT:  {{[^_]}}g->
// CHECK-NOT:  {{[, ]}}g)
// CHECK-NOT:  {{[(, ]}}g,
// CHECK:      memcpy((void *)hetile_shadow_g, hetile_value_g, sizeof(*g));
// CHECK-NOT:  {{[^_]}}g->{{[a-z]+}}[
// CHECK:      memcpy((char *)hetile_shadow_g + hetile_offset_g_0, &hetile_m, sizeof hetile_m);
// CHECK-NOT:  {{[^_]}}g->{{[a-z]+}}[
// CHECK:      memcpy((char *)hetile_shadow_g + hetile_offset_g_1, &hetile_m, sizeof hetile_m);
// CHECK-NOT:  {{[^_]}}g->{{[a-z]+}}[
// CHECK:      __typeof__(g) const g = hetile_shadow_g;
// CHECK:      free((void *)hetile_shadow_g);
// CHECK-NOT:  {{[^_]}}g->
// CHECK:      free(hetile_value_g);
