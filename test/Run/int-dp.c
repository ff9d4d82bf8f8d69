// Differential execution: an int dynamic program, lattice paths with
// obstacles counted modulo a prime (moves south, east and south-east):
// P[i][j] from P[i-1][j], P[i][j-1] and P[i-1][j-1]; vectors (1,0), (0,1),
// (1,1). Sizes in (N, M) pairs: empty, one side empty, 1-3, one around 30.
// RUN: %differential %s --work %t
//@ args 0 0 0 3 3 0 1 1 2 3 3 2 1 4 30 38
#include "exec-common.h"

void paths(int N, int M, int P[restrict N][M], const int Open[restrict N][M]) {
#pragma hetile
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      P[i][j] = Open[i][j] ? (P[i - 1][j] + P[i][j - 1] + P[i - 1][j - 1]) % 1000003 : 0;
}

static void run(int N, int M) {
  size_t n = (size_t)N * (size_t)M;
  int *P = malloc(sizeof(int) * (n + 1));
  int *Open = malloc(sizeof(int) * (n + 1));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      Open[i * M + j] = hetile_exec_init(i, j, 0) < 0.85;
      P[i * M + j] = i == 0 || j == 0 ? 1 : -1;
    }
  paths(N, M, (int (*)[M])P, (const int (*)[M])Open);
  printf("N=%d M=%d paths=%d ", N, M, n ? P[n - 1] : 0);
  hetile_exec_dump_int("P", P, n);
  free(P);
  free(Open);
}

int main(int argc, char **argv) {
  for (int a = 1; a + 1 < argc; a += 2)
    run(atoi(argv[a]), atoi(argv[a + 1]));
  return 0;
}
