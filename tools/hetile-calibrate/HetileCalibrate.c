/*
 * hetile-calibrate: run under mpirun, measures every rank and writes a
 * platform file (HETILE_PLATFORM, format in docs/runtime.md):
 *   - "times": each rank's cycle time, from the time of the runtime's
 *     calibration tile (hetile_mpi_calibrate: relative, larger = slower,
 *     [BDRV98] Table 1 convention);
 *   - "startup", "per_byte": T_com = startup + bytes * per_byte, one way,
 *     by ping-pong between rank 0 and every other rank
 *     (hetile_mpi_pingpong);
 *   - "names": the processor name of each rank;
 *   - with ranks on two hosts or more (or HETILE_EMULATE_HOSTS), the
 *     ranks of each host as "clusters" and the "link" between clusters,
 *     measured by ping-pong between the first ranks of the first two
 *     clusters (hetile_mpi_host_clusters); "startup" and "per_byte" are
 *     then those inside a cluster (docs/clusters.md), when a host has two
 *     ranks.
 * Usage: mpirun -np P hetile-calibrate [-o PATH]   (default: stdout)
 */
#include "hetile_rt_mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char Usage[] =
    "usage: mpirun -np P hetile-calibrate [-o PATH]\n"
    "Measures each rank's cycle time and the communication start-up and\n"
    "per-byte costs (ping-pong), and writes a platform file for\n"
    "HETILE_PLATFORM to PATH (default: standard output), from rank 0.\n"
    "Ranks on several hosts: the hosts' clusters, the link between them\n"
    "and the costs inside them too.\n";

/* Parses the command line; 0 on success, 1 after --help, -1 on error. */
static int parseArgs(int argc, char **argv, const char **path) {
  int i;
  *path = NULL;
  for (i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
      return 1;
    if (!strcmp(argv[i], "-o") && i + 1 < argc) {
      *path = argv[++i];
      continue;
    }
    return -1;
  }
  return 0;
}

/* Every rank's processor name on rank 0 (names[size][MPI_MAX_PROCESSOR_NAME]),
 * with anything but [A-Za-z0-9._-] replaced by '_' so the JSON stays plain. */
static char *gatherNames(int rank, int size) {
  char mine[MPI_MAX_PROCESSOR_NAME];
  char *all = rank == 0 ? calloc(size, MPI_MAX_PROCESSOR_NAME) : NULL;
  int len = 0, i;
  memset(mine, 0, sizeof mine);
  MPI_Get_processor_name(mine, &len);
  for (i = 0; i < len; ++i)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                "0123456789._-", mine[i]))
      mine[i] = '_';
  MPI_Gather(mine, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all,
             MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, MPI_COMM_WORLD);
  return all;
}

/* The measured platform: with nclusters >= 2, cluster[rank] and the costs
 * inside a cluster (costs[0..1], -1 when no host has two ranks) and across
 * (costs[2..3]). */
struct Platform {
  int size;
  const double *t;
  const char *names;
  double startup, per_byte;
  int nclusters;
  const int *cluster;
  const double *costs;
};

static void writePlatform(FILE *f, const struct Platform *p) {
  int i, k;
  double startup = p->startup, per_byte = p->per_byte;
  if (p->nclusters > 1 && p->costs[0] >= 0) {
    startup = p->costs[0];
    per_byte = p->costs[1];
  }
  fprintf(f, "{\n  \"times\": [");
  for (i = 0; i < p->size; ++i)
    fprintf(f, "%s%.17g", i ? ", " : "", p->t[i]);
  fprintf(f, "],\n  \"names\": [");
  for (i = 0; i < p->size; ++i)
    fprintf(f, "%s\"%s\"", i ? ", " : "",
            p->names + i * MPI_MAX_PROCESSOR_NAME);
  fprintf(f, "],\n  \"startup\": %.6g,\n  \"per_byte\": %.6g", startup,
          per_byte);
  if (p->nclusters > 1) {
    fprintf(f, ",\n  \"clusters\": [");
    for (k = 0; k < p->nclusters; ++k) {
      int first = 1;
      fprintf(f, "%s[", k ? ", " : "");
      for (i = 0; i < p->size; ++i)
        if (p->cluster[i] == k) {
          fprintf(f, "%s%d", first ? "" : ", ", i);
          first = 0;
        }
      fprintf(f, "]");
    }
    fprintf(f, "],\n  \"link\": {\"startup\": %.6g, \"per_byte\": %.6g}",
            p->costs[2], p->costs[3]);
  }
  fprintf(f, "\n}\n");
}

/* Rank 0: the file, and one line of summary on stderr. */
static int report(const char *path, const struct Platform *p,
                  const double *seconds) {
  FILE *f = path ? fopen(path, "w") : stdout;
  int i;
  if (!f) {
    fprintf(stderr, "hetile-calibrate: cannot write '%s'\n", path);
    return 1;
  }
  writePlatform(f, p);
  if (path && fclose(f) != 0) {
    fprintf(stderr, "hetile-calibrate: cannot write '%s'\n", path);
    return 1;
  }
  fprintf(stderr, "hetile-calibrate: %d ranks; calibration tile (ms):",
          p->size);
  for (i = 0; i < p->size; ++i)
    fprintf(stderr, "%s%.3f", i ? ", " : " ", seconds[i] * 1e3);
  fprintf(stderr, "; startup %.3g s, per byte %.3g s", p->startup,
          p->per_byte);
  if (p->nclusters > 1) {
    fprintf(stderr, "; %d clusters (hosts)", p->nclusters);
    if (p->costs[0] >= 0)
      fprintf(stderr, ", inside %.3g s + %.3g s/byte", p->costs[0],
              p->costs[1]);
    fprintf(stderr, ", link %.3g s + %.3g s/byte", p->costs[2], p->costs[3]);
  }
  fprintf(stderr, "\n");
  return 0;
}

int main(int argc, char **argv) {
  const char *path;
  int parsed = parseArgs(argc, argv, &path);
  int rank = hetile_mpi_world_rank(), size = hetile_mpi_world_size();
  double *t, *seconds, startup = 0, per_byte = 0, costs[4];
  char *names;
  int *cluster, nclusters = 1, rc = 0;
  if (rank < 0 || size < 0) {
    fprintf(stderr, "hetile-calibrate: %s\n", hetile_last_error());
    return 1;
  }
  if (parsed != 0) {
    if (rank == 0)
      fputs(Usage, parsed > 0 ? stdout : stderr);
    return parsed > 0 ? 0 : 2;
  }
  t = malloc(size * sizeof *t);
  seconds = malloc(size * sizeof *seconds);
  cluster = malloc(size * sizeof *cluster);
  if (!t || !seconds || !cluster || hetile_mpi_calibrate(t, seconds) < 0 ||
      hetile_mpi_pingpong(&startup, &per_byte) < 0 ||
      (nclusters = hetile_mpi_host_clusters(cluster, costs)) < 0) {
    if (rank == 0)
      fprintf(stderr, "hetile-calibrate: %s\n",
              t && seconds && cluster ? hetile_last_error() : "out of memory");
    return 1;
  }
  names = gatherNames(rank, size);
  if (rank == 0) {
    struct Platform p = {size,     t,         names,   startup,
                         per_byte, nclusters, cluster, costs};
    rc = report(path, &p, seconds);
  }
  free(names);
  free(cluster);
  free(seconds);
  free(t);
  return rc;
}
