/* exec-common.h - what every differential-execution kernel prints.
 *
 * A kernel's main runs its nest for several parameter values and prints, for
 * each, a hash of the raw bytes of every output array, its first and last
 * elements in hexadecimal floating point (%a: exact), and the final values
 * of the iterators. The harness (exec-driver.py) compares these prints of
 * the original and the tiled program byte for byte. */
#ifndef HETILE_EXEC_COMMON_H
#define HETILE_EXEC_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a over the bytes. */
static inline unsigned long long hetile_exec_hash(const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  unsigned long long h = 1469598103934665603ULL;
  size_t k;
  for (k = 0; k < n; k++) {
    h ^= b[k];
    h *= 1099511628211ULL;
  }
  return h;
}

static inline void hetile_exec_dump(const char *name, const double *a,
                                    size_t n) {
  printf("%s: n=%zu hash=%016llx", name, n,
         hetile_exec_hash(a, n * sizeof(double)));
  if (n > 0)
    printf(" first=%a last=%a", a[0], a[n - 1]);
  printf("\n");
}

static inline void hetile_exec_dump_int(const char *name, const int *a,
                                        size_t n) {
  printf("%s: n=%zu hash=%016llx", name, n,
         hetile_exec_hash(a, n * sizeof(int)));
  if (n > 0)
    printf(" first=%d last=%d", a[0], a[n - 1]);
  printf("\n");
}

/* A deterministic value in [0, 1) from two or three indices. */
static inline double hetile_exec_init(long i, long j, long k) {
  unsigned long long h = (unsigned long long)(i * 7919 + j * 104729 + k * 1299709 + 17);
  h ^= h >> 13;
  h *= 0x9E3779B97F4A7C15ULL;
  h ^= h >> 29;
  return (double)(h % 100003) / 100003.0;
}

/* n x m doubles (one at least), element k hetile_exec_init(k, seed, 0). */
static inline double *hetile_exec_grid(long n, long m, long seed) {
  size_t count = n > 0 && m > 0 ? (size_t)n * (size_t)m : 1;
  double *v = calloc(count, sizeof(double));
  for (size_t k = 0; k < count; k++)
    v[k] = hetile_exec_init((long)k, seed, 0);
  return v;
}

#endif
