// Differential execution: time-iterated Jacobi 1D, two statements, skewed
// band (2t, 2t + i) / (2t + 1, 2t + 1 + i); two loops share iterator i.
// RUN: python3 %p/Inputs/exec-driver.py %s --work %t.dir --cc %gcc --cc %clang --cflags="%rt_cflags" --libs="%rt_libs"
//
//@ params TS N
//@ loop t int 1 outside
//@ loop i int 1 outside
//@ loop i int 1 outside
//@ exit t entry [TS, N] -> { [] }
//@ exit t iters [TS, N] -> { [t] : 0 <= t < TS }
//@ exit t init [TS, N] -> { [] -> [0] }
//@ exit i entry [TS, N] -> { [t] : 0 <= t < TS }
//@ exit i iters [TS, N] -> { [t, i] : 0 <= t < TS and 1 <= i <= N - 2 }
//@ exit i init [TS, N] -> { [t] -> [1] }
//@ exit i#2 entry [TS, N] -> { [t] : 0 <= t < TS }
//@ exit i#2 iters [TS, N] -> { [t, i] : 0 <= t < TS and 1 <= i <= N - 2 }
//@ exit i#2 init [TS, N] -> { [t] -> [1] }
//@ stmt t,i [TS, N] -> { S0[t, i] : 0 <= t < TS and 1 <= i <= N - 2 }
//@ text B[i] = 0.33333 * (A[i-1] + A[i] + A[i+1]);
//@ stmt t,i#2 [TS, N] -> { S1[t, i] : 0 <= t < TS and 1 <= i <= N - 2 }
//@ text A[i] = 0.33333 * (B[i-1] + B[i] + B[i+1]);
//@ band 2 [TS, N] -> { S0[t, i] -> [2t, 2t + i]; S1[t, i] -> [2t + 1, 2t + 1 + i] }
#include "exec-common.h"
#include "hetile_rt.h"

static void kernel(int TS, int N, double *A, double *B, int *ft, int *fi) {
  int t = -7, i = -7;
  /* hetile-nest-begin */
  for (t = 0; t < TS; t++) {
    for (i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i-1] + A[i] + A[i+1]);
    for (i = 1; i < N - 1; i++)
      A[i] = 0.33333 * (B[i-1] + B[i] + B[i+1]);
  }
  /* hetile-nest-end */
  *ft = t;
  *fi = i;
}

int main(void) {
  static const int Steps[] = {0, 1, 2, 5, 13};
  static const int Sizes[] = {0, 2, 3, 4, 37, 100};
  unsigned a, b;
  for (a = 0; a < sizeof(Steps) / sizeof(Steps[0]); a++)
    for (b = 0; b < sizeof(Sizes) / sizeof(Sizes[0]); b++) {
      int TS = Steps[a], N = Sizes[b], i, ft, fi;
      double *A = malloc(sizeof(double) * (size_t)(N + 1));
      double *B = malloc(sizeof(double) * (size_t)(N + 1));
      for (i = 0; i < N; i++) {
        A[i] = hetile_exec_init(i, 0, 0);
        B[i] = hetile_exec_init(i, 1, 0);
      }
      kernel(TS, N, A, B, &ft, &fi);
      printf("TS=%d N=%d t=%d i=%d ", TS, N, ft, fi);
      hetile_exec_dump("A", A, (size_t)N);
      hetile_exec_dump("B", B, (size_t)N);
      free(A);
      free(B);
    }
  return 0;
}
