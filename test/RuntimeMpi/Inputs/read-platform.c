/* Reads a platform file back with hetile_platform_read and says whether it
 * looks like hetile-calibrate's measurement under
 * HETILE_EMULATE_SPEEDS=1,8: usage read-platform FILE NPROCS. */
#include "hetile_platform.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  double t[64], startup = -1, per_byte = -1;
  int n = argc > 2 ? atoi(argv[2]) : 0, i;
  if (n < 1 || n > 64 || hetile_platform_read(argv[1], n, t, &startup,
                                              &per_byte) < 0) {
    printf("error: %s\n", hetile_last_error());
    return 1;
  }
  printf("read %d cycle times:", n);
  for (i = 0; i < n; ++i)
    printf(" %s", t[i] > 0 ? "positive" : "NOT POSITIVE");
  printf("\n");
  if (n == 2)
    /* 8 on a quiet machine; at least 2 on a loaded one. */
    printf("rank 1 at least 2 times slower: %s\n",
           t[1] >= 2 * t[0] ? "yes" : "no");
  printf("startup >= 0: %s, per_byte >= 0: %s\n", startup >= 0 ? "yes" : "no",
         per_byte >= 0 ? "yes" : "no");
  return 0;
}
