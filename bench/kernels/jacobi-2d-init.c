/* jacobi-2d as a simulation writes it: one function initialises its two
 * grids (a nest) and then runs the time-stepped sweeps (the second nest,
 * right after). On the mpi backends the initialisation leaves its values
 * on the ranks that computed them, and the sweep takes only what its
 * blocks read and what it does not overwrite (docs/mpi-exchange.md,
 * "Values left for the next nest"); HETILE_DEFER=0 moves them to every
 * rank after the initialisation instead.
 *
 *   jacobi-2d-init N T   two N x N arrays, T steps */
#include "bench-kernel.h"

static void kernel(int T, int N, double A[restrict N][N],
                   double B[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / N; /* PolyBench's init_array */
      B[i][j] = ((double)i * (j + 3) + 3) / N;
    }
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}

int main(int argc, char **argv) { return bench_grids_main(argc, argv, kernel); }
