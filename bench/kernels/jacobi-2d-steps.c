/* jacobi-2d with the time loop outside the nests, as a solver writes it:
 * each step sweeps A into B, then copies B back into A, two nests per
 * step. On the mpi backends each nest leaves its values on the ranks that
 * computed them for the next one, across the loop's back edge too
 * (docs/mpi-exchange.md, "Values left for the next nest"); HETILE_DEFER=0
 * moves each nest's values to every rank instead.
 *
 *   jacobi-2d-steps N T   two N x N arrays, T steps */
#include "bench-kernel.h"

static void kernel(int T, int N, double A[restrict N][N],
                   double B[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / N; /* PolyBench's init_array */
      B[i][j] = ((double)i * (j + 3) + 3) / N;
    }
  for (int t = 0; t < T; t++) {
#pragma hetile
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
#pragma hetile
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = B[i][j];
  }
}

int main(int argc, char **argv) { return bench_grids_main(argc, argv, kernel); }
