/* HETILE_EMULATE_SPEEDS multiplies CPU time, not wall time: a rank of
 * factor 4 computes 40 ms of CPU time inside hetile_mpi_compute_begin/end
 * while three hog threads compete for the cores, so that the bracket lasts
 * longer than 40 ms of wall time; it must then sleep 3 x 40 ms, not 3 x the
 * wall time (which multiplied the load of an oversubscribed machine). The
 * sleep is read from the statistics: compute = the bracket's wall time +
 * the time slept (the upper bound leaves room for nanosleep overshooting on
 * a loaded machine; wall time would give 3 x bracket / cpu, above 4.5).
 * REQUIRES: mpi
 * RUN: %mpicc -std=c11 -Wall -Werror -pthread %rt_cflags %s -o %t %rt_mpi_libs
 * RUN: env HETILE_EMULATE_SPEEDS=4 HETILE_STATS=1 %mpirun -np 1 %t | FileCheck %s
 * RUN: env HETILE_STATS=1 %mpirun -np 1 %t | FileCheck %s --check-prefix=NONE
 * CHECK: slept/cpu within 2.7..4.5: yes
 * NONE: slept/cpu within 0..0.1: yes
 */
#define _POSIX_C_SOURCE 200809L
#include "hetile_rt_mpi.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static volatile int Stop;

static void *hog(void *arg) {
  volatile double x = 1;
  (void)arg;
  while (!Stop)
    x = x * 1.0000001;
  return NULL;
}

int main(void) {
  hetile_mpi *m;
  if (hetile_mpi_begin(1, &m) < 0) {
    printf("begin: %s\n", hetile_last_error());
    return 1;
  }
  pthread_t hogs[3];
  for (int i = 0; i < 3; ++i)
    pthread_create(&hogs[i], NULL, hog, NULL);
  double wall0 = hetile_timer_now();
  hetile_mpi_compute_begin(m);
  double cpu0 = hetile_timer_thread_cpu(), cpu;
  volatile double x = 1;
  while ((cpu = hetile_timer_thread_cpu() - cpu0) < 0.04)
    x = x * 1.0000001;
  double bracket = hetile_timer_now() - wall0;
  hetile_mpi_compute_end(m, 1); /* pays the debt: more than 1 ms */
  Stop = 1;
  for (int i = 0; i < 3; ++i)
    pthread_join(hogs[i], NULL);
  double compute = -1;
  const char *stats = hetile_mpi_stats(m);
  const char *at = stats;
  while (*at && sscanf(at, "compute %lf", &compute) != 1)
    ++at;
  double ratio = (compute - bracket) / cpu;
  const char *want = getenv("HETILE_EMULATE_SPEEDS") ? "2.7..4.5" : "0..0.1";
  int ok = getenv("HETILE_EMULATE_SPEEDS") ? ratio >= 2.7 && ratio <= 4.5
                                           : ratio >= -0.01 && ratio <= 0.1;
  printf("slept/cpu within %s: %s (%.3f: cpu %.4f s, bracket %.4f s; %s)\n",
         want, ok ? "yes" : "no", ratio, cpu, bracket, stats);
  return hetile_mpi_end(m) < 0;
}
