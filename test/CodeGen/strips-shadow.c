// The strips of a nest whose written arrays are members of a struct read
// through a pointer (g->next, g->cur): each thread runs the statements on
// a copy of *g whose members point to its copies of the rows. *g's bytes
// and the members' offsets are read before the parallel region, which
// never names g: a pointer the region captured would escape into the
// OpenMP runtime, and the compiler would then compile the original nest of
// the other branch knowing nothing of what *g holds (GCC neither turns its
// copy loop into memcpy nor vectorizes it as in the original).
// RUN: %hetile rewrite %s --auto --backend=omp --omp-schedule=strips --print=ast -- -std=c11 | FileCheck %s

// CHECK:      void *const hetile_value_g = malloc(sizeof(*g));
// CHECK:      memcpy(hetile_value_g, g, sizeof(*g));
// CHECK-NEXT: const size_t hetile_offset_g_0 = (size_t)((const char *)&g->next - (const char *)g);
// CHECK-NEXT: const size_t hetile_offset_g_1 = (size_t)((const char *)&g->cur - (const char *)g);
// CHECK:      #pragma omp parallel num_threads(hetile_p)
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

struct grid {
  int rows, cols;
  double *cur, *next;
};

void grid_jacobi(int T, const struct grid *g) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < g->rows - 1; i++)
      for (int j = 1; j < g->cols - 1; j++)
        g->next[i * g->cols + j] =
            0.2 * (g->cur[i * g->cols + j] + g->cur[(i - 1) * g->cols + j] +
                   g->cur[(i + 1) * g->cols + j] + g->cur[i * g->cols + j - 1] +
                   g->cur[i * g->cols + j + 1]);
    for (int i = 1; i < g->rows - 1; i++)
      for (int j = 1; j < g->cols - 1; j++)
        g->cur[i * g->cols + j] = g->next[i * g->cols + j];
  }
}
