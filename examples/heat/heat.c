/* Heat diffusion on an N x N plate, solved in place by Gauss-Seidel sweeps
 * (each point averages itself and its four neighbours, using the new values
 * of the north and west ones). The time loop and the two space loops form
 * one nest that hetile tiles after skewing it.
 *
 *   heat N [T]     N >= 3 points per side, T >= 0 sweeps (default 20)
 *
 * Prints a checksum of the final plate on standard output: the same, bit for
 * bit, whether the program is built plainly, with the hetile plugin or with
 * `hetile rewrite`, whatever the tile sizes. Prints the wall time of the
 * sweeps on standard error ("heat: sweeps S s"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void heat(int T, int N, double A[restrict N][N]) {
#pragma hetile
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (A[i - 1][j] + A[i][j - 1] + A[i][j] + A[i][j + 1] +
                         A[i + 1][j]);
}

/* FNV-1a over the bytes of every value: equal iff bitwise equal. */
static unsigned long long checksum(int N, double A[N][N]) {
  unsigned long long H = 14695981039346656037ull;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      unsigned char Bytes[sizeof(double)];
      memcpy(Bytes, &A[i][j], sizeof Bytes);
      for (size_t b = 0; b < sizeof Bytes; b++)
        H = (H ^ Bytes[b]) * 1099511628211ull;
    }
  return H;
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 0;
  int T = argc > 2 ? atoi(argv[2]) : 20;
  if (N < 3 || T < 0) {
    fprintf(stderr, "usage: %s N [T]   (N >= 3 points per side, T >= 0 sweeps)\n",
            argv[0]);
    return 2;
  }
  double (*A)[N] = malloc(sizeof(double[N][N]));
  if (!A) {
    fprintf(stderr, "%s: out of memory\n", argv[0]);
    return 1;
  }
  /* A hot edge, a cold plate with some structure in it. */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = i == 0 ? 100.0 : (double)((i * 7 + j * 3) % 11) / 11.0;
  struct timespec Start, End;
  timespec_get(&Start, TIME_UTC);
  heat(T, N, A);
  timespec_get(&End, TIME_UTC);
  fprintf(stderr, "heat: sweeps %.3f s\n",
          (double)(End.tv_sec - Start.tv_sec) +
              1e-9 * (double)(End.tv_nsec - Start.tv_nsec));
  printf("heat N=%d T=%d checksum %016llx center %.17g\n", N, T,
         checksum(N, A), A[N / 2][N / 2]);
  free(A);
  return 0;
}
