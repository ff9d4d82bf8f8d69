/*
 * hetile_rt.h - the C API of hetile's runtime (libhetile_rt).
 *
 * The runtime decides, at run time, which processor gets which tile columns
 * and how large the tiles are, following the papers in shared/papers/:
 *
 *   [BDRV98] Boulet, Dongarra, Robert, Vivien. Tiling for heterogeneous
 *            computing platforms. LIP RR-98-08, 1998.
 *   [BRR99]  Boudet, Rastello, Robert. Algorithmic issues for (distributed)
 *            heterogeneous computing platforms. LIP RR-1999-19, 1999.
 *   [AY98]   Andonov, Yanev. n-dimensional orthogonal tile sizing problem.
 *            Pliska Stud. Math. Bulgar. 12, 1998.
 *   [ZZ16]   Zarei Zefreh, Lotfi, Mohammad Khanli, Karimpour. Tiling and
 *            scheduling of three-level perfectly nested loops with
 *            dependencies on heterogeneous systems. 2016.
 *   [RD02]   Rastello, Dauxois. Efficient tiling for an ODE discrete
 *            integration program: redundant tasks instead of trapezoidal
 *            shaped-tiles. 2002.
 *
 * Conventions (one grammar for the whole API):
 *   - Every function is named hetile_<module>_<verb>.
 *   - A function returning int returns 0 (or a documented non-negative value)
 *     on success and a negative HETILE_ERR_* code on error. After an error,
 *     hetile_last_error() returns a message (thread-local) that names what is
 *     wrong. The library never prints, never calls exit().
 *   - Processor cycle times t_i follow [BDRV98] Table 1: the time one
 *     processor needs for one tile; larger means slower. Everywhere.
 *   - Output arrays are owned by the caller and sized as documented.
 *   - Plain C99; callable from C and C++ with or without MPI/OpenMP.
 */
#ifndef HETILE_RT_H
#define HETILE_RT_H

#include <stddef.h>
#include <stdint.h> /* uintptr_t, in the generated run-time alias checks */

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- errors */

enum {
  HETILE_OK = 0,
  HETILE_ERR_INVALID = -1,    /* an argument is out of its domain          */
  HETILE_ERR_OVERFLOW = -2,   /* exact 64-bit arithmetic would overflow    */
  HETILE_ERR_INFEASIBLE = -3, /* constraints admit no solution             */
  HETILE_ERR_ENV = -4,        /* an environment variable is malformed      */
  HETILE_ERR_IO = -5,         /* a file cannot be read or written          */
  HETILE_ERR_NOMEM = -6,      /* out of memory                             */
  HETILE_ERR_TIMEOUT = -7     /* a watchdog expired (-8: hetile_rt_mpi.h)  */
};

/* The message of the last failing call of this thread ("" if none). */
const char *hetile_last_error(void);

/* ------------------------------------------------- allocation [BDRV98] */

/* L = lcm(t_0..t_{p-1}) ([BDRV98] section 3.2). HETILE_ERR_OVERFLOW if L
 * does not fit in 63 bits. */
int hetile_alloc_lcm(int p, const long *t, long *lcm_out);

/* The asymptotically optimal heuristic ([BDRV98] section 3.2, Proposition
 * 1): chunks of C = L * sum(1/t_i) columns, L/t_i columns to processor i.
 * counts_out[p] receives L/t_i, *chunk_out receives C. Overflow of L or C
 * is HETILE_ERR_OVERFLOW (callers fall back to hetile_alloc_bounded). */
int hetile_alloc_optimal(int p, const long *t, long *counts_out,
                         long *chunk_out);

/* cost(C) = max_i(c_i t_i) / sum_i c_i ([BDRV98] Definition 1), as an exact
 * fraction num/den (not reduced). The chunk sum_i c_i must be >= 1. */
int hetile_alloc_cost(int p, const long *t, const long *counts, long *num,
                      long *den);

/* The incremental algorithm of [BDRV98] section 4.2.2 (equation (2), Lemmas
 * 4 and 5): rows[s*p + i] = c_i of the best allocation of chunk size s, for
 * s = 0..max_chunk; selected[s] = the j incremented to build row s+1 (ties
 * go to the smallest index, which reproduces Table 2). rows has
 * (max_chunk+1)*p entries, selected has max_chunk+1 (may be NULL). O(p*s). */
int hetile_alloc_table(int p, const long *t, long max_chunk, long *rows,
                       int *selected);

/* The bounded-chunk heuristic ([BDRV98] section 4.2): among the allocations
 * of the incremental algorithm with chunk 1..max_chunk, the one of least
 * cost (compared exactly); among equal costs, the smallest chunk. */
int hetile_alloc_bounded(int p, const long *t, long max_chunk,
                         long *counts_out, long *chunk_out);

/* Owners of n2 tile columns from block counts ([BDRV98] section 3.2): the
 * chunk (counts[0] columns to processor 0, then counts[1] to processor 1,
 * ...) repeats periodically; the last chunk may be incomplete. owner[n2]. */
int hetile_alloc_owners_from_counts(int p, const long *counts, long n2,
                                    int *owner);

/* Cyclic(b) allocation ([BDRV98] section 4.3.2): column j goes to processor
 * (j / b) mod p. b = 1 is the pure cyclic allocation. owner[n2]. */
int hetile_alloc_block_cyclic(int p, long b, long n2, int *owner);

enum {
  HETILE_ALLOC_AUTO = 0,        /* optimal if its chunk fits, else bounded */
  HETILE_ALLOC_OPTIMAL = 1,     /* Proposition 1 heuristic                 */
  HETILE_ALLOC_BOUNDED = 2,     /* section 4.2, param = bound s (0: auto)  */
  HETILE_ALLOC_CYCLIC = 3,      /* cyclic(1)                               */
  HETILE_ALLOC_BLOCK_CYCLIC = 4,/* cyclic(param)                           */
  HETILE_ALLOC_CHUNK = 5        /* [ZZ16] section 3: one chunk V_i each    */
};

/* The one call the generated code makes: owner[n2] for p processors of
 * relative cycle times t (positive decimals, e.g. from HETILE_SPEEDS; they
 * are scaled exactly to integers, up to 6 decimals). AUTO uses the optimal
 * heuristic when its chunk C <= n2, else the bounded algorithm with bound
 * max(p, n2/4) (a choice of ours, not of the paper: at least about four
 * chunks so that the pipeline fills). OPTIMAL falls back to BOUNDED when
 * the lcm overflows. CHUNK is the distribution of [ZZ16] section 3
 * (Algorithm 1) with U_c = n2 and vp_i = 1/t_i: processor i owns ONE block
 * of V_i contiguous columns (hetile_zz_chunks), the blocks laid out left to
 * right fastest first (ties: lower index first), as the paper numbers its
 * nodes vp_1 >= vp_2 >= ...; e.g. t = 3,1 on 8 columns: 1 1 1 1 1 1 0 0.
 * When n2 < p, the n2 fastest processors get one column each, in that
 * order, and the others none; when n2 >= p, a processor whose share rounds
 * to 0 (hetile_zz_chunks refuses those) gets none (t = 1,2,4,8 on 4
 * columns: 0 0 0 1). param is ignored. */
int hetile_alloc_owners(int p, const double *t, long n2, int strategy,
                        long param, int *owner);

/* Exact scaling of positive decimal cycle times to integers with the same
 * ratios (divided by their gcd): 1.5,3 -> 1,2. */
int hetile_alloc_times_to_integers(int p, const double *t, long *t_out);

/* Lemma 1 of [BDRV98]: T_opt >= N1*N2 / sum(1/t_i). */
int hetile_alloc_lower_bound(int p, const double *t, long n1, long n2,
                             double *bound_out);

/* Lemma 3 of [BDRV98]: the makespan T of the optimal heuristic satisfies
 * T - T_opt <= (P-1) T_com + (N1 + N2 - 1) lcm(t). Returns that slack. */
int hetile_alloc_lemma3_slack(int p, const long *t, long n1, long n2,
                              double tcom, double *slack_out);

/* ------------------------------------------- hierarchical [BRR99] */

/* Static strategy for a collection of clusters ([BRR99] section 3 and
 * appendix). Cluster k has sizes[k] processors whose cycle times are listed
 * one cluster after the other in t. Inside each cluster a panel of `panel`
 * blocks is allocated by the incremental algorithm ([BDRV98] eq. (2));
 * the cluster's cycle time is max_i c_i t_i over that panel. Across
 * clusters, `period` panels are allocated by the same algorithm as if the
 * clusters were processors with those cycle times.
 *   cycle_out[nclusters]     cluster cycle times
 *   inner_out[sum(sizes)*panel]  for cluster k, the local processor index
 *                            of each block of its first panel, in order
 *   panels_out[period]       the cluster of each panel of one period   */
int hetile_hier_alloc(int nclusters, const int *sizes, const long *t,
                      long panel, long period, long *cycle_out,
                      int *inner_out, int *panels_out);

/* The refinement of [BRR99] appendix: continue the incremental allocation
 * inside a cluster from one panel to the next; cycle_out[npanels] receives
 * the cycle time of each successive panel of that cluster (max_i of the
 * blocks added times t_i), e.g. 9 then 10 for t = 3,5,8 and panel 5. */
int hetile_hier_panel_cycles(int p, const long *t, long panel, long npanels,
                             long *cycle_out);

/* ------------------------------------------------ simulator [BDRV98] */

/* Makespan of a columnwise allocation under hypotheses H1-H5 of [BDRV98]
 * section 2.1 and 3.2: an n1 x n2 grid of tiles, dependences (1,0) and
 * (0,1), tile (i,j) on processor owner[j] takes t[owner[j]], a message
 * between different processors takes tcom and overlaps computation; each
 * processor computes its blocks of contiguous columns left to right, row
 * by row inside a block, as soon as possible. An n-dimensional pipeline
 * whose extra tile dimensions are all local and scanned lexicographically
 * is the same problem with n1 = the product of their tile counts.
 * start_out (n1*n2, row-major, may be NULL) receives each tile's start. */
int hetile_sim_makespan(int p, const double *t, long n1, long n2,
                        const int *owner, double tcom, double *makespan_out,
                        double *start_out);

/* Writes a Gantt chart (SVG) of the schedule computed by
 * hetile_sim_makespan (one row per processor, one box per block row). */
int hetile_sim_write_gantt(const char *path, int p, const double *t, long n1,
                           long n2, const int *owner, const double *start);

/* ----------------------------------------- tile sizes [AY98] */

typedef struct hetile_ay_problem {
  int n;              /* the grid has n dimensions, the nest n+1          */
  const long *m;      /* m[0..n]: extents m_1..m_{n+1}                    */
  const long *p;      /* p[0..n-1]: processor grid p_1..p_n               */
  double beta;        /* start-up latency (3)                             */
  double tau_a;       /* time of one loop body                            */
  double tau_t;       /* transmission time per word (3)                   */
  int b_variant;      /* HETILE_AY_B_PRINTED or HETILE_AY_B_EXAMPLE       */
} hetile_ay_problem;

enum {
  /* B = tau_a * sum(p_k - 1): formula (16) as printed (the default). */
  HETILE_AY_B_PRINTED = 0,
  /* B = tau_a * (1 + sum(p_k - 1)): the value that reproduces every number
   * of the paper's Example 1 (mu = 135538.8711, nu = 135873.2441,
   * v = 135856, x = 17.9368, 4.4842, 26.9052, 62.7788). */
  HETILE_AY_B_EXAMPLE = 1
};

typedef struct hetile_ay_result {
  double mu, nu;        /* bounds of Theorem 3.2 (27)                     */
  double volume;        /* root of f'(v) = 0 in [mu, nu]                  */
  double continuous[16];/* (19) x~_i, i < n                               */
  double projected[16]; /* Algorithm 1 (problem (28)), i < n              */
  long tile[17];        /* Algorithm 2 + x_{n+1} (Lemma 3.1 / (15)), n+1  */
  int on_edge;          /* 1 if v > prod u_k: the edge E_{n+1} case (15)  */
} hetile_ay_result;

/* The whole n-dimensional orthogonal tile sizing of [AY98] section 3. */
int hetile_ay_solve(const hetile_ay_problem *prob, hetile_ay_result *res);

/* Algorithm 1 of [AY98] section 3.3 (problem (28)): from the continuous
 * optimum x~ (19), a point with prod x = v inside 1 <= x_i <= u_i: clamp,
 * then raise the coordinates with the largest gaps u_i - x_i to u_i (or,
 * if the clamped product exceeds v, lower those with the largest x_i - 1
 * to 1) until the last one can be solved for exactly. If v > prod u the
 * result is u; if v < 1, all ones. x_out[n]. */
int hetile_ay_project(int n, const double *xtilde, const long *u, double v,
                      double *x_out);

/* Algorithm 2 of [AY98] section 3.4 (problem (30)): round x-bar, then move
 * the largest coordinate by the integer part (toward zero, as in Example 2:
 * -26.8 -> -26) of (v - prod x^)/prod_{k != i*} x^_k; kept in [1, u_i]. */
int hetile_ay_integer_point(int n, const double *xbar, const long *u,
                            double v, long *x_out);

/* T restricted to the facet x_{n+1} = 1, formula (16), at real x[0..n-1]. */
int hetile_ay_time_facet(const hetile_ay_problem *prob, const double *x,
                         double *time_out);

/* ----------------------------------------- 3D tile sizes [ZZ16] */

/* Three-level nest U_c x U_s1 x U_s2 on P nodes of computational powers vp
 * ([ZZ16] section 3): the u_c dimension is cut into one chunk V_i per
 * node, the chunks into h1 x h2 subchunks (tiles) run in a pipeline.
 * Node i's cost per iteration c_p_i(h1, h2) is measured on a grid and
 * bilinearly interpolated (section 4); a 1 x 1 grid is a constant. */
typedef struct hetile_zz_problem {
  int p;                /* number of nodes P                                 */
  const double *vp;     /* vp[p] > 0, any scale (normalised to sum 1)        */
  long uc, us1, us2;    /* extents U_c, U_s1, U_s2                           */
  const long *cache;    /* cache[p] bytes per node, (3.5); NULL: none        */
  long elem_bytes;      /* bytes per iteration point, (3.6) (e.g. 8)         */
  double cd, cc;        /* start-up latency, cost per unit of data (3.2)     */
  double twa;           /* work assignment time T_wa (3.4), e.g. 0           */
  int ngrid1, ngrid2;   /* c_p grid: ngrid1 values of h1 x ngrid2 of h2      */
  const long *grid1;    /* increasing h1 abscissae (NULL if ngrid1 == 1)     */
  const long *grid2;    /* increasing h2 abscissae (NULL if ngrid2 == 1)     */
  const double *cp;     /* cp[(i*ngrid1 + a)*ngrid2 + b] > 0: node i, input  */
                        /* order, at (grid1[a], grid2[b])                    */
} hetile_zz_problem;

typedef struct hetile_zz_result {
  long h1, h2;          /* the tile sizes                                   */
  double time;          /* T_P(h1, h2), (3.4)                               */
  long bound;           /* M of (3.6): h1*h2 <= M (-1 without caches)       */
  long evaluations;     /* evaluations of (3.4)                             */
  long generation;      /* GA: the generation that found h1, h2 (0: exact)  */
  double seconds;       /* wall-clock time of the solver                    */
} hetile_zz_result;

/* Algorithm 1 of [ZZ16], V_i = U_c * vp_i with sum vp_i = 1, in integers:
 * floor(U_c vp_i / sum vp) (exact for decimals of <= 6 digits), then the
 * U_c - sum V_i left over one each to the nodes from the fastest down
 * (ties: input order). This rounding reproduces every V_i of Table 4.4.
 * chunks_out[p] is in input order. */
int hetile_zz_chunks(int p, const double *vp, long uc, long *chunks_out);

/* M of (3.6): min_i floor(cache_i / (V_i * elem_bytes)); the constraint
 * V_i h1 h2 <= CacheSize_i of (3.5) is h1*h2 <= M. HETILE_ERR_INFEASIBLE
 * (naming the node) when M < 1. */
int hetile_zz_cache_bound(int p, const long *chunks, const long *cache,
                          long elem_bytes, long *bound_out);

/* c_p_i(h1, h2): bilinear interpolation in node i's grid (section 4),
 * constant beyond the grid's edges. */
int hetile_zz_cost(const hetile_zz_problem *prob, int node, double h1,
                   double h2, double *cp_out);

/* T_P(h1, h2) of (3.4) for integer 1 <= h1 <= U_s1, 1 <= h2 <= U_s2. */
int hetile_zz_time(const hetile_zz_problem *prob, long h1, long h2,
                   double *time_out);

/* Problem (3.5) solved exactly: every integer (h1, h2) with h1*h2 <= M
 * (O(M log U) points; at most 2e8, else HETILE_ERR_INVALID). Ties go to
 * the smaller h1 + h2, then the smaller h1. */
int hetile_zz_solve_exact(const hetile_zz_problem *prob,
                          hetile_zz_result *res);

/* The tiling genetic algorithm of [ZZ16] section 3.4. Fields <= 0 take
 * the defaults in brackets (the paper gives no values). */
typedef struct hetile_zz_ga_params {
  long population;      /* chromosomes per generation [50]                  */
  long generations;     /* fixed number of generations [500]                */
  double p_crossover;   /* arithmetic crossover probability [0.8]           */
  double p_mutation;    /* mutation probability per child [0.1]             */
  double penalty;       /* c of (3.6) [T_P(1, 1)]                           */
  unsigned long seed;   /* the RNG (splitmix64) seed; 0 is a valid seed     */
} hetile_zz_ga_params;

int hetile_zz_solve_ga(const hetile_zz_problem *prob,
                       const hetile_zz_ga_params *params,
                       hetile_zz_result *res);

/* ------------------------------------------ strips [RD02] */

/* The computation model of [RD02] section 4.4 and the communication model
 * of section 4.5 (seconds). */
typedef struct hetile_rd_model {
  double tau_calc;      /* average calculation time of one task             */
  double tau_l2;        /* fetch from L2 to L1                              */
  double tau_mem;       /* fetch from memory to L2, counted if h > threshold*/
  long mem_threshold;   /* the delta_{h>3000} of section 4.4 (3000 there)   */
  double beta, tau_comm;/* one tile's messages cost beta + w tau_comm       */
} hetile_rd_model;

/* Redundant tasks of one tile of width w: the two triangles, w(w-1)
 * ([RD02] section 3.3). */
int hetile_rd_redundant_tasks(long w, long *tasks_out);

/* T_calc(h, w) of [RD02] section 4.4 on a processor of relative cycle time
 * t (every tau scaled by t: the T_calc(h, w, P_j) of section 5). */
int hetile_rd_tcalc(const hetile_rd_model *m, long h, long w, double t,
                    double *tcalc_out);

/* Strip heights h_j >= 1, sum h_j = H, minimising max_j T_calc(h_j, w,
 * P_j) ([RD02] section 5: T_calc(h_j, w, P_j) ~ constant); exact over the
 * integers. tmax_out (may be NULL) receives the maximum. h_out[p]. */
int hetile_rd_heights(const hetile_rd_model *m, int p, const double *t,
                      long H, long w, long *h_out, double *tmax_out);

/* Time per column of width w with the heights above: (max_j T_calc +
 * beta + w tau_comm) / w ([RD02] sections 4.4-4.5). */
int hetile_rd_column_time(const hetile_rd_model *m, int p, const double *t,
                          long H, long w, double *time_out);

/* Section 4.6 / Figure 9: over nw candidate widths, times_out[nw] (may be
 * NULL) per column; w_opt (ties: the smaller) and the band of widths
 * within (1 + tolerance) of the optimum (2% in the paper): its min and
 * max. */
int hetile_rd_width(const hetile_rd_model *m, int p, const double *t,
                    long H, int nw, const long *widths, double tolerance,
                    double *times_out, long *wopt_out, long *wmin_out,
                    long *wmax_out);

/* The extrapolated optimal time per task of section 5: 1 / sum_j 1/t_j. */
int hetile_rd_extrapolated_time(int p, const double *t, double *time_out);

/* ------------------------------------------- platform and environment */

/* HETILE_TILE_SIZES=a,b,c: a band of depth d takes the first d entries; a
 * shorter list repeats its last entry. Returns 0 if unset (sizes_out
 * untouched), 1 if set, HETILE_ERR_ENV if an entry is not an integer >= 1
 * (the message names the variable). */
int hetile_env_tile_sizes(int depth, long *sizes_out);

/* 1 if HETILE_STATS is set (and not 0): the generated code then says on
 * stderr when a nest ran its original code because a run-time alias check
 * failed (the library itself prints nothing). */
int hetile_env_stats(void);

/* HETILE_SPEEDS=11,26,33: one relative cycle time per processor (larger =
 * slower). 0 if unset, 1 if set, HETILE_ERR_ENV if an entry is not a
 * positive number or the count differs from nprocs. */
int hetile_env_speeds(int nprocs, double *t_out);

/* Parses a comma-separated list of positive numbers (what HETILE_SPEEDS
 * holds); returns the count or a negative error naming `what`. */
int hetile_parse_times(const char *text, const char *what, double *out,
                       int max);

/* Reads a platform file (format in docs/runtime.md): cycle times of nprocs
 * processors and, if present, the communication start-up and per-byte
 * costs (else 0). HETILE_ERR_IO / HETILE_ERR_INVALID with a message. */
int hetile_platform_read(const char *path, int nprocs, double *t_out,
                         double *startup_out, double *per_byte_out);

/* Cycle times from, in order: HETILE_PLATFORM (a platform file), then
 * HETILE_SPEEDS; 0 if neither is set (t_out untouched), 1 if set. */
int hetile_platform_times(int nprocs, double *t_out);

/* HETILE_EMULATE_SPEEDS=1,2,4: processor `rank` is slowed by that factor.
 * After `seconds_of_work` of real work, sleeps (factor - 1) times as long
 * (sleeping, not spinning). Returns 0 if unset or factor <= 1, 1 if it
 * slept, HETILE_ERR_ENV if malformed or too short for rank. The work is
 * measured in CPU time (hetile_thread_cpu_now) by every caller of the
 * runtime: on a loaded machine, the time a thread waits for a core is not
 * work, and multiplying it would multiply the load. */
int hetile_emulate_delay(int rank, double seconds_of_work);

/* Seconds on a monotonic clock, for timing a real tile. */
double hetile_timer_now(void);

/* Seconds of CPU time used by the calling thread (CLOCK_THREAD_CPUTIME_ID):
 * the work that HETILE_EMULATE_SPEEDS multiplies. */
double hetile_thread_cpu_now(void);

/* Relative integer cycle times from measured tile times: t_i =
 * round(resolution * seconds_i / min_j seconds_j), at least 1 (resolution
 * 10 turns 1.0s, 2.4s into 10, 24). */
int hetile_calibrate_times(int p, const double *seconds, long resolution,
                           long *t_out);

/* --------------------------------- pipelined schedule [BDRV98] s. 3.2 */
/* The schedule generated OpenMP code runs ([BDRV98] section 3.2, with
 * threads as processors): ncols tile columns allocated in blocks of
 * consecutive columns; processor q computes its blocks in order, row by row
 * inside a block; before row r of a block starting at column f it waits
 * until column f-1 has finished row r (hetile_sched_wait(s, f-1, r)), and
 * after the row it posts the block's last column (hetile_sched_post).
 * Rows are numbered the same way by every processor. Use:
 *   hetile_sched_create (one thread), hetile_sched_calibrate (every thread,
 *   if hetile_sched_needs_calibration), hetile_sched_allocate (one thread,
 *   after the others calibrated), then hetile_sched_block / wait / post
 *   from every thread, hetile_sched_destroy (one thread) at the end.
 * Cycle times: HETILE_PLATFORM, else HETILE_SPEEDS, else a calibration
 * (cached per process and processor count), or equal with
 * HETILE_CALIBRATE=0. Allocation: HETILE_ALLOC (hetile_env_alloc). */
typedef struct hetile_sched hetile_sched;
/* HETILE_ALLOC=auto|optimal|bounded|bounded:S|cyclic|block-cyclic:B|chunk
 * into a HETILE_ALLOC_* strategy and its parameter: 0 if unset (auto), 1
 * if set, HETILE_ERR_ENV naming the variable if malformed. */
int hetile_env_alloc(int *strategy, long *param);
int hetile_sched_create(int p, long ncols, hetile_sched **out);
/* 1 if the cycle times must be measured by hetile_sched_calibrate. */
int hetile_sched_needs_calibration(const hetile_sched *s);
/* Processor `me` times a fixed workload (best of 3 in CPU time, so that
 * processors that share a core are not mistaken for slow ones; slowed by
 * HETILE_EMULATE_SPEEDS as real work would be). Safe to call from all
 * processors at once. */
int hetile_sched_calibrate(hetile_sched *s, int me);
/* The calibration workload alone: seconds_out receives its CPU time on the
 * calling processor `me`, times its HETILE_EMULATE_SPEEDS factor (the time
 * the emulated processor takes; the sleep itself is done). */
int hetile_calibrate_run(int me, double *seconds_out);
/* Cycle times from calibration seconds: hetile_calibrate_times with
 * resolution 10, then all equal (1) when the largest is within 15% of the
 * smallest (a choice of ours: measurement noise is not heterogeneity). */
int hetile_calibrate_snap(int p, const double *seconds, double *t_out);
/* Allocates the columns (hetile_alloc_owners) and resets the progress. */
int hetile_sched_allocate(hetile_sched *s);
/* Owner of column col (after allocate), or a negative error. */
int hetile_sched_owner(const hetile_sched *s, long col);
/* Block b (0, 1, ...) of processor me: 1 and its first/last columns, or 0
 * when me has fewer blocks. */
int hetile_sched_block(const hetile_sched *s, int me, long b, long *first,
                       long *last);
/* Waits until column col has finished row row (col < 0: returns at once).
 * Spins briefly, then yields, then sleeps: threads may outnumber cores. */
void hetile_sched_wait(hetile_sched *s, long col, long row);
/* Column col has finished rows 0..row (release). */
void hetile_sched_post(hetile_sched *s, long col, long row);
/* 1 if the generated code should time its work and report it with
 * hetile_sched_work_done (HETILE_EMULATE_SPEEDS is set). */
int hetile_sched_timing(const hetile_sched *s);
/* Processor me did seconds of work (CPU time: the generated code passes a
 * difference of hetile_thread_cpu_now): sleeps as HETILE_EMULATE_SPEEDS
 * asks. */
int hetile_sched_work_done(hetile_sched *s, int me, double seconds);
/* 1 if HETILE_STATS is set (and not 0): the generated code prints
 * hetile_sched_describe() to stderr. */
int hetile_sched_verbose(const hetile_sched *s);
/* One line: processors, cycle times and their source, the strategy, the
 * number of columns each processor got. Valid until destroy. */
const char *hetile_sched_describe(const hetile_sched *s);
void hetile_sched_destroy(hetile_sched *s);
/* ------------------------------------------------ default tile sizes */

/* Tile sizes usable before any calibration or model (not from the papers):
 * a tile of about 4096 iterations (32 KiB of doubles, an L1 cache),
 * size = floor(4096^(1/depth)) per dimension, capped by the extent; the
 * first (distributed) dimension is further capped so that it has at least
 * 4 * nprocs tiles when extents[0] allows it. extents[i] >= 1. */
int hetile_tile_sizes_default(int depth, const long *extents, int nprocs,
                              long *sizes_out);

/* The same, for a nest whose innermost loop has no recurrence (the code
 * generator knows: no statement depends on itself along the last band
 * dimension alone), so that the C compiler vectorizes it: dimension
 * long_dim (the innermost, in the order of extents) gets long tiles,
 * min(extent, 512), and each other dimension
 * min(64, floor(256^(1/(depth-1)))), again capped by its extent; the cap of
 * dimension 0 for nprocs applies last. long_dim < 0 or >= depth: exactly
 * hetile_tile_sizes_default. Measured on the bench kernels (docs/benchmarks.md): with
 * jacobi-2d 16x16x512 tiles run 2.6x faster on 2 threads than 16x16x16
 * ones, while SOR, whose innermost loop recurs, is fastest with cubes. */
int hetile_tile_sizes_for(int depth, const long *extents, int nprocs,
                          int long_dim, long *sizes_out);

#ifdef __cplusplus
}
#endif

#endif /* HETILE_RT_H */
