/* jacobi-2d as codes with two grids write its time loop: each step sweeps
 * one grid into the other, then swaps the grids' pointers. Only the sweep
 * is a nest (hetile tiles it at every step). On the mpi backends each
 * step leaves its values on the ranks that computed them, and the next
 * step's sweep, through the swapped pointers, takes what its blocks read
 * (docs/mpi-exchange.md, "Values left for the next nest"); what is left
 * moves to every rank after the loop. HETILE_DEFER=0 moves every step's
 * values to every rank instead.
 *
 *   jacobi-2d-swap N T   two N x N arrays, T steps */
#include "bench-kernel.h"

static void kernel(int T, int N, double A[restrict N][N],
                   double B[restrict N][N]) {
#pragma hetile
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / N; /* PolyBench's init_array */
      B[i][j] = ((double)i * (j + 3) + 3) / N;
    }
  double (*a)[N] = A, (*b)[N] = B;
  for (int t = 0; t < T; t++) {
#pragma hetile
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][j + 1] + a[i + 1][j] + a[i - 1][j]);
    double (*swap)[N] = a;
    a = b;
    b = swap;
  }
}

int main(int argc, char **argv) { return bench_grids_main(argc, argv, kernel); }
