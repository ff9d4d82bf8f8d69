/* bench-kernel.h - what every kernel of bench/tiling_speed.py and
 * bench/mpi_hetero.py uses.
 *
 * A kernel is a complete C program with one `#pragma hetile` nest. It takes
 * its sizes on the command line, times the nest alone and prints, on rank 0
 * only (every process is rank 0 unless compiled with -DBENCH_MPI):
 *
 *   checksum <16 hex digits>   FNV-1a over the raw bytes of its arrays (exact)
 *   time <seconds>             wall-clock time of the nest
 *   cpu <seconds>              CPU time of this process during the nest (on
 *                              a busy machine, cpu / time is the share of the
 *                              cores the process got)
 *
 * With -DBENCH_MPI (code rewritten by `hetile rewrite --backend=mpi`),
 * bench_start() initialises MPI through the runtime (hetile_mpi_world_rank)
 * and waits at a barrier before the clock starts, so that neither MPI_Init
 * nor the ranks' different start-up times are counted; the nest's own
 * hetile_mpi_begin (allocation, communicator) and its final gather are
 * counted: they are part of the nest. The clock stops on each rank when the
 * nest returns there, and `time` and `cpu` are the slowest rank's (a rank
 * whose share of the final exchange ends later than rank 0's is counted).
 *
 * Compile with -D_POSIX_C_SOURCE=200809L (clock_gettime under -std=c11; the
 * rewritten file includes <stdio.h> before this header, so the macro cannot
 * be defined here).
 */
#ifndef HETILE_BENCH_KERNEL_H
#define HETILE_BENCH_KERNEL_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef BENCH_MPI
#include "hetile_rt_mpi.h"
#endif

static inline double bench_clock(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline double bench_now(void) { return bench_clock(CLOCK_MONOTONIC); }
static inline double bench_cpu(void) {
  return bench_clock(CLOCK_PROCESS_CPUTIME_ID);
}

/* The rank of this process (0 without MPI); with MPI, also synchronises. */
static inline int bench_start(void) {
#ifdef BENCH_MPI
  int rank = hetile_mpi_world_rank();
  if (rank < 0) {
    fprintf(stderr, "bench: MPI initialisation failed: %s\n",
            hetile_last_error());
    exit(2);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  return rank;
#else
  return 0;
#endif
}

/* FNV-1a, continued from h (start with BENCH_HASH_INIT): any change of any
 * bit of the n bytes at p changes it. */
#define BENCH_HASH_INIT 1469598103934665603ULL
static inline unsigned long long bench_hash(unsigned long long h,
                                            const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  for (size_t k = 0; k < n; k++) {
    h ^= b[k];
    h *= 1099511628211ULL;
  }
  return h;
}

/* A deterministic value in [0, 1) from three indices. */
static inline double bench_init(long i, long j, long k) {
  unsigned long long h =
      (unsigned long long)(i * 7919 + j * 104729 + k * 1299709 + 17);
  h ^= h >> 13;
  h *= 0x9E3779B97F4A7C15ULL;
  h ^= h >> 29;
  return (double)(h >> 11) * (1.0 / 9007199254740992.0);
}

/* The three lines above, on rank 0 only. With MPI every rank calls it, and
 * the times are the slowest rank's: a rank's share of the final exchange may
 * end after rank 0's. */
static inline void bench_report(int rank, unsigned long long hash,
                                double seconds, double cpu_seconds) {
#ifdef BENCH_MPI
  double mine[2] = {seconds, cpu_seconds}, slowest[2] = {0, 0};
  MPI_Reduce(mine, slowest, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  seconds = slowest[0];
  cpu_seconds = slowest[1];
#endif
  if (rank != 0)
    return;
  printf("checksum %016llx\n", hash);
  printf("time %.6f\n", seconds);
  printf("cpu %.6f\n", cpu_seconds);
  fflush(stdout);
}

/* argv[k] as an int >= min, or the default; exits on nonsense. */
static inline int bench_arg(int argc, char **argv, int k, int dflt, int min) {
  if (argc <= k)
    return dflt;
  char *end;
  long v = strtol(argv[k], &end, 10);
  if (*end || v < min || v > 1000000000L) {
    fprintf(stderr, "%s: argument %d must be an integer >= %d\n", argv[0], k,
            min);
    exit(2);
  }
  return (int)v;
}

static inline void *bench_alloc(size_t bytes) {
  void *p = malloc(bytes);
  if (!p) {
    fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
    exit(2);
  }
  return p;
}

/* main() of a kernel of T steps over two N x N grids of doubles that the
 * kernel fills itself: `KERNEL N T` (defaults 1000 and 10); it reports the
 * kernel's time and the hash of both grids. */
static inline int bench_grids_main(int argc, char **argv,
                                   void (*kernel)(int T, int N,
                                                  double (*A)[N],
                                                  double (*B)[N])) {
  int N = bench_arg(argc, argv, 1, 1000, 3), T = bench_arg(argc, argv, 2, 10, 0);
  size_t bytes = sizeof(double) * (size_t)N * (size_t)N;
  double (*A)[N] = bench_alloc(bytes), (*B)[N] = bench_alloc(bytes);
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel(T, N, A, B);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = bench_hash(BENCH_HASH_INIT, A, bytes);
  bench_report(rank, bench_hash(h, B, bytes), t1 - t0, c1 - c0);
  free(A);
  free(B);
  return 0;
}

#endif
