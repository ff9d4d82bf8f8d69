// The ring's blocks of columns along a chain of nests that leave their
// values for each other (docs/tile-sizes.md, "The block width"): where one
// band of the chain is transformed (here the time-stepped sweep, skewed),
// every nest of the chain passes HETILE_PIPELINE_SKEWED, the initialisation
// too, so that their blocks of columns are alike and less of what the
// initialisation leaves moves to the sweep's ranks. A nest alone, and a
// chain of nests as written, pass 0: the model's block width.
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -std=c11
// RUN: %strip-directives %t.mpi.c | FileCheck %s
//
// CHECK-LABEL: static void relax(
// CHECK: hetile_rc = hetile_mpi_tile_sizes_flags(2, hetile_extents, hetile_nprocs, {{-?[0-9]+}}, 8, HETILE_PIPELINE_SKEWED, hetile_sizes, hetile_grid_sized);
// CHECK: hetile_rc = hetile_mpi_tile_sizes_flags(3, hetile_extents, hetile_nprocs, {{-?[0-9]+}}, 8, HETILE_PIPELINE_SKEWED, hetile_sizes, hetile_grid_sized);
// CHECK-LABEL: static void fill(
// CHECK: hetile_rc = hetile_mpi_tile_sizes_flags(2, hetile_extents, hetile_nprocs, {{-?[0-9]+}}, 8, 0, hetile_sizes, hetile_grid_sized);
// CHECK-LABEL: static void fill_copy(
// CHECK: hetile_rc = hetile_mpi_tile_sizes_flags(2, hetile_extents, hetile_nprocs, {{-?[0-9]+}}, 8, 0, hetile_sizes, hetile_grid_sized);
// CHECK: hetile_rc = hetile_mpi_tile_sizes_flags(2, hetile_extents, hetile_nprocs, {{-?[0-9]+}}, 8, 0, hetile_sizes, hetile_grid_sized);
// CHECK-LABEL: int main(

static void relax(int T, int N, double A[restrict N][N],
                  double B[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)(i * 3 + j) / N;
      B[i][j] = (double)(i + j * 5) / N;
    }
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] +
                         A[i - 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = B[i][j];
  }
}

static void fill(int N, double A[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)(i * 7 + j) / N;
}

static void fill_copy(int N, double A[restrict N][N], double B[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)(i + j) / N;
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      B[i][j] = 2.0 * A[i][j];
}

int main(void) {
  static double A[64][64], B[64][64];
  relax(3, 64, A, B);
  fill(64, A);
  fill_copy(64, A, B);
  return (int)(A[3][5] + B[7][9]);
}
