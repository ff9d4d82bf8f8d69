/*
 * hetile_platform.h - where the runtime's inputs come from (libhetile_rt):
 * the environment (HETILE_SPEEDS, HETILE_ALLOC, ...), the platform file of
 * HETILE_PLATFORM, the calibration of the processors and the emulation of
 * slow ones (HETILE_EMULATE_SPEEDS). The schedules of hetile_rt.h and
 * hetile_rt_mpi.h read them; a program or a tool may too. Conventions are
 * those of hetile_rt.h; the variables are listed in docs/runtime.md.
 */
#ifndef HETILE_PLATFORM_H
#define HETILE_PLATFORM_H

#include "hetile_models.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------- environment */

/* HETILE_SPEEDS=11,26,33: one relative cycle time per processor (larger =
 * slower). 0 if unset, 1 if set, HETILE_ERR_ENV if an entry is not a
 * positive number or the count differs from nprocs. */
int hetile_env_speeds(int nprocs, double *t_out);

/* HETILE_ALLOC=auto|optimal|bounded|bounded:S|cyclic|block-cyclic:B|chunk
 * into a HETILE_ALLOC_* strategy and its parameter: 0 if unset (auto), 1
 * if set, HETILE_ERR_ENV naming the variable if malformed. */
int hetile_env_alloc(int *strategy, long *param);

/* Reads every HETILE_* variable again. The runtime reads the environment
 * once, at its first use, and validates each variable then (a malformed
 * one is reported, naming it, by every call that needs it); a program (or
 * a test) that changes the environment with setenv calls this afterwards,
 * while no nest runs. Returns 0. */
int hetile_env_reload(void);

/* -------------------------------------------------------------- platform */

/* Parses a comma-separated list of positive numbers (what HETILE_SPEEDS
 * holds); returns the count or a negative error naming `what`. */
int hetile_platform_parse_times(const char *text, const char *what, double *out,
                                int max);

/* Reads a platform file (format in docs/runtime.md): cycle times of nprocs
 * processors and, if present, the communication start-up and per-byte
 * costs (else 0). HETILE_ERR_IO / HETILE_ERR_INVALID with a message. */
int hetile_platform_read(const char *path, int nprocs, double *t_out,
                         double *startup_out, double *per_byte_out);

/* The clusters of a platform file ("clusters" and "link", docs/clusters.md)
 * for nprocs processors: cluster_out[nprocs] receives each processor's
 * cluster (all 0 without "clusters"), link_out[2] (may be NULL) the link's
 * start-up and per-byte costs in seconds. Returns the number of clusters,
 * or HETILE_ERR_IO / HETILE_ERR_INVALID with a message naming the line or
 * the processor. */
int hetile_platform_clusters(const char *path, int nprocs, int *cluster_out,
                             double *link_out);

/* Clusters from the host of each of n processors (docs/clusters.md): the
 * processors of one host name form a cluster. Clusters are numbered in the
 * order of their smallest processor, so that the rank order is kept:
 * hosts b,b,a,c,a give clusters 0,0,1,2,1. cluster_out[n] receives each
 * processor's cluster. Returns the number of clusters, or
 * HETILE_ERR_INVALID for an empty name. */
int hetile_clusters_from_hosts(int n, const char *const *hosts,
                               int *cluster_out);

/* Cycle times from, in order: HETILE_PLATFORM (a platform file), then
 * HETILE_SPEEDS; 0 if neither is set (t_out untouched), 1 if set. */
int hetile_platform_times(int nprocs, double *t_out);

/* -------------------------------------------------------------- emulation */

/* HETILE_EMULATE_SPEEDS=1,2,4: processor `rank` is slowed by that factor.
 * After `seconds_of_work` of real work, sleeps (factor - 1) times as long
 * (sleeping, not spinning). Returns 0 if unset or factor <= 1, 1 if it
 * slept, HETILE_ERR_ENV if malformed or too short for rank. The work is
 * measured in CPU time (hetile_timer_thread_cpu) by every caller of the
 * runtime: on a loaded machine, the time a thread waits for a core is not
 * work, and multiplying it would multiply the load. */
int hetile_emulate_delay(int rank, double seconds_of_work);

/* ------------------------------------------------------------ calibration */

/* Relative integer cycle times from measured tile times: t_i =
 * round(resolution * seconds_i / min_j seconds_j), at least 1 (resolution
 * 10 turns 1.0s, 2.4s into 10, 24). */
int hetile_calibrate_times(int p, const double *seconds, long resolution,
                           long *t_out);

/* The calibration workload alone: seconds_out receives its CPU time on the
 * calling processor `me`, times its HETILE_EMULATE_SPEEDS factor (the time
 * the emulated processor takes; the sleep itself is done). */
int hetile_calibrate_run(int me, double *seconds_out);
/* Cycle times from calibration seconds: hetile_calibrate_times with
 * resolution 10, then all equal (1) when the largest is within 15% of the
 * smallest (a choice of ours: measurement noise is not heterogeneity). */
int hetile_calibrate_snap(int p, const double *seconds, double *t_out);

#ifdef __cplusplus
}
#endif

#endif /* HETILE_PLATFORM_H */
