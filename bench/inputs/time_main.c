/* bench/run_kernels.py --time main: the time a kernel's main() takes, from
   its first instruction to exit() (atexit), written to the file named by
   HETILE_BENCH_TIME_FILE; the process's start (loading its shared objects)
   and its end are left out. The kernel is compiled with
   -Dmain=hetile_timed_main. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int hetile_timed_main(int argc, char **argv);

static struct timespec Start;

static void report(void) {
  struct timespec End;
  clock_gettime(CLOCK_MONOTONIC, &End);
  const char *Path = getenv("HETILE_BENCH_TIME_FILE");
  FILE *F = Path ? fopen(Path, "w") : NULL;
  if (!F)
    return;
  fprintf(F, "%.9f\n", (double)(End.tv_sec - Start.tv_sec) +
                           1e-9 * (double)(End.tv_nsec - Start.tv_nsec));
  fclose(F);
}

int main(int argc, char **argv) {
  atexit(report);
  clock_gettime(CLOCK_MONOTONIC, &Start);
  return hetile_timed_main(argc, argv);
}
