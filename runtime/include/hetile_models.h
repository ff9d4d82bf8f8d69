/*
 * hetile_models.h - the models of hetile's runtime (libhetile_rt): the
 * formulas of the papers in shared/papers/, as pure functions of their
 * inputs. hetile-plan is a shell over them; the schedules of hetile_rt.h
 * and hetile_rt_mpi.h call them.
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
 * Modules: alloc (column allocation [BDRV98], [ZZ16] chunks), hier
 * (clusters [BRR99]), sim (makespan [BDRV98]), tilesize_nd (n-dimensional
 * tile sizes [AY98]), tilesize_3d (three-level nests [ZZ16]), strips (strip
 * heights and width [RD02]). Conventions are those of hetile_rt.h.
 */
#ifndef HETILE_MODELS_H
#define HETILE_MODELS_H

#include "hetile_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* The allocation the schedules use (hetile_sched, hetile_mpi): owner[n2]
 * for p processors of relative cycle times t (positive decimals, e.g. from
 * HETILE_SPEEDS; they are scaled exactly to integers, up to 6 decimals).
 * AUTO uses the optimal heuristic when its chunk C <= n2, else the bounded
 * algorithm with bound hetile_alloc_default_bound(p, n2). OPTIMAL falls
 * back to BOUNDED when the lcm overflows. CHUNK is the distribution of
 * [ZZ16] section 3 (Algorithm 1) with U_c = n2 and vp_i = 1/t_i: processor
 * i owns ONE block of V_i contiguous columns (hetile_tilesize_3d_chunks),
 * the blocks laid out left to right fastest first (ties: lower index
 * first), as the paper numbers its nodes vp_1 >= vp_2 >= ...; e.g. t = 3,1
 * on 8 columns: 1 1 1 1 1 1 0 0. When n2 < p, the n2 fastest processors get
 * one column each, in that order, and the others none; when n2 >= p, a
 * processor whose share rounds to 0 (hetile_tilesize_3d_chunks refuses
 * those) gets none (t = 1,2,4,8 on 4 columns: 0 0 0 1). param is ignored. */
int hetile_alloc_owners(int p, const double *t, long n2, int strategy,
                        long param, int *owner);

/* The block counts behind hetile_alloc_owners for the integer cycle times
 * t (hetile_alloc_times_to_integers): counts_out[p] columns per processor
 * in each chunk of *chunk_out = sum(counts) columns, the chunk repeating
 * over the n2 columns (hetile_alloc_owners_from_counts). CYCLIC and
 * BLOCK_CYCLIC give param (1 for CYCLIC) columns to each; CHUNK the V_i
 * of [ZZ16] Algorithm 1 (n2 >= p needed), the chunk being all n2 columns
 * (owners laid out fastest first, as hetile_alloc_owners does). *fell_back
 * (may be NULL) receives 1 when AUTO or OPTIMAL took the bounded algorithm
 * (AUTO: the optimal chunk exceeds n2; both: the lcm overflows), else 0. */
int hetile_alloc_counts(int p, const long *t, long n2, int strategy,
                        long param, long *counts_out, long *chunk_out,
                        int *fell_back);

/* The bound of the bounded algorithm when none is given: max(p, n2/4) (a
 * choice of ours, not of the paper: at least about four chunks so that the
 * pipeline fills). */
long hetile_alloc_default_bound(int p, long n2);

/* The allocation grammar of HETILE_ALLOC and of hetile-plan:
 * auto|optimal|bounded|bounded:S|cyclic|block-cyclic:B|chunk into a
 * HETILE_ALLOC_* strategy and its parameter (S, B integers >= 1; 0 when
 * none). HETILE_ERR_INVALID with a message naming `what` (e.g. the
 * variable) when text is none of these. */
int hetile_alloc_parse(const char *text, const char *what, int *strategy,
                       long *param);

/* The name of a HETILE_ALLOC_* strategy as the grammar spells it ("auto"
 * for an unknown value). */
const char *hetile_alloc_strategy_name(int strategy);

/* Exact scaling of positive decimal cycle times to integers with the same
 * ratios (divided by their gcd): 1.5,3 -> 1,2. */
int hetile_alloc_times_to_integers(int p, const double *t, long *t_out);

/* Lemma 1 of [BDRV98]: T_opt >= N1*N2 / sum(1/t_i). */
int hetile_alloc_lower_bound(int p, const double *t, long n1, long n2,
                             double *bound_out);

/* Lemma 3 of [BDRV98]: the makespan T of the optimal heuristic is at most
 * T_opt + (P-1) T_com + (N1 + N2 - 1) lcm(t). slack_out receives that
 * bound on the gap T - T_opt. */
int hetile_alloc_gap_bound(int p, const long *t, long n1, long n2,
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

/* The static strategy on the tile columns of a pipeline ([BRR99] section 3
 * and appendix): p processors with integer cycle times t, processor r in
 * cluster cluster_of[r] (0..nclusters-1, none empty). Panels of `panel`
 * columns (the last one may be shorter) go to the clusters by the
 * incremental algorithm on the clusters' cycle times (their first panel's,
 * hetile_hier_alloc); inside a cluster the incremental algorithm continues
 * from one of its panels to the next (the appendix's refinement), and each
 * of its processors receives its blocks of the panel as one run of
 * contiguous columns, processors in increasing order (the blocks of
 * [BDRV98] section 3.2, so that a row crosses each processor once).
 *   owner_out[n2]            the owner of each column
 *   panels_out[nclusters]    panels per cluster (may be NULL)        */
int hetile_hier_owners(int p, const long *t, const int *cluster_of,
                       int nclusters, long panel, long n2, int *owner_out,
                       long *panels_out);

/* [BRR99] section 3's panel size: B large enough that updating a panel
 * takes longer than sending it to another cluster (B >= tau_c / (r
 * tau_a)). On a pipeline, what crosses the link is one message per row of
 * a panel: the smallest B in 1..max_b with cycle_k(B) * unit_s >= link_s
 * for every cluster k, cycle_k(B) the cycle time of k's first panel of B
 * blocks (hetile_hier_panel_cycles) and unit_s the seconds of one unit of
 * t. *met_out = 0 (and B = max_b) when no B up to max_b meets it. */
int hetile_hier_panel_size(int p, const long *t, const int *cluster_of,
                           int nclusters, double unit_s, double link_s,
                           long max_b, long *panel_out, int *met_out);

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

/* hetile_sim_makespan on clusters: a message between processors of
 * different clusters (cluster_of[p]) costs link instead of tcom, paid by
 * the sender (busy for link after the row it sends, as the runtime's
 * HETILE_EMULATE_LINKS charges it) and received when the sender is done. */
int hetile_sim_makespan_links(int p, const double *t, long n1, long n2,
                              const int *owner, double tcom,
                              const int *cluster_of, double link,
                              double *makespan_out);

/* Makespan of the grid schedule of [AY98] section 2 (docs/grids.md) on a
 * p1 x p2 grid of processors: an n0 x n1 x n2 space of tiles, dependences
 * (1,0,0), (0,1,0) and (0,0,1); tile (j0, j1, j2) on the processor of grid
 * row row_of[j0] (0..p1-1) and grid column col_of[j1] (0..p2-1), rank
 * row_of[j0] * p2 + col_of[j1], which takes t[rank] for it. The owner
 * tables are explicit, so that any per-dimension mapping can be simulated
 * (the cyclic one is j mod p). A message between different processors
 * takes tcom[0] along dimension 0 and tcom[1] along dimension 1 and
 * overlaps computation (H3 of [BDRV98]); each processor computes its tiles
 * in lexicographic order of (j0, j1, j2), each as soon as its processor is
 * free and its predecessors' messages are there. */
int hetile_sim_grid_makespan(int p1, int p2, const double *t, long n0,
                             long n1, long n2, const int *row_of,
                             const int *col_of, const double *tcom,
                             double *makespan_out);

/* hetile_sim_grid_makespan on clusters: a message to a rank of another
 * cluster (cluster_of[rank], p1*p2 entries) costs link instead of tcom,
 * paid by the sender after the tile (busy meanwhile, as the runtime's
 * HETILE_EMULATE_LINKS charges it; the message along dimension 1 first,
 * then along dimension 0, as the generated code sends them) and received
 * when the sender has paid it. */
int hetile_sim_grid_makespan_links(int p1, int p2, const double *t, long n0,
                                   long n1, long n2, const int *row_of,
                                   const int *col_of, const double *tcom,
                                   const int *cluster_of, double link,
                                   double *makespan_out);

/* Writes a Gantt chart (SVG) of the schedule computed by
 * hetile_sim_makespan (one row per processor, one box per block row). */
int hetile_sim_write_gantt(const char *path, int p, const double *t, long n1,
                           long n2, const int *owner, const double *start);

/* ----------------------------------------- tile sizes [AY98] */

typedef struct hetile_tilesize_nd_problem {
  int n;              /* the grid has n dimensions, the nest n+1          */
  const long *m;      /* m[0..n]: extents m_1..m_{n+1}                    */
  const long *p;      /* p[0..n-1]: processor grid p_1..p_n               */
  double beta;        /* start-up latency (3)                             */
  double tau_a;       /* time of one loop body                            */
  double tau_t;       /* transmission time per word (3)                   */
  int b_variant;      /* HETILE_TILESIZE_ND_B_PRINTED or _EXAMPLE          */
} hetile_tilesize_nd_problem;

enum {
  /* B = tau_a * sum(p_k - 1): formula (16) as printed (the default). */
  HETILE_TILESIZE_ND_B_PRINTED = 0,
  /* B = tau_a * (1 + sum(p_k - 1)): the value that reproduces every number
   * of the paper's Example 1 (mu = 135538.8711, nu = 135873.2441,
   * v = 135856, x = 17.9368, 4.4842, 26.9052, 62.7788). */
  HETILE_TILESIZE_ND_B_EXAMPLE = 1
};

typedef struct hetile_tilesize_nd_result {
  double mu, nu;        /* bounds of Theorem 3.2 (27)                     */
  double volume;        /* root of f'(v) = 0 in [mu, nu]                  */
  double continuous[16];/* (19) x~_i, i < n                               */
  double projected[16]; /* Algorithm 1 (problem (28)), i < n              */
  long tile[17];        /* Algorithm 2 + x_{n+1} (Lemma 3.1 / (15)), n+1  */
  int on_edge;          /* 1 if v > prod u_k: the edge E_{n+1} case (15)  */
} hetile_tilesize_nd_result;

/* The whole n-dimensional orthogonal tile sizing of [AY98] section 3. */
int hetile_tilesize_nd_solve(const hetile_tilesize_nd_problem *prob,
                             hetile_tilesize_nd_result *res);

/* Algorithm 1 of [AY98] section 3.3 (problem (28)): from the continuous
 * optimum x~ (19), a point with prod x = v inside 1 <= x_i <= u_i: clamp,
 * then raise the coordinates with the largest gaps u_i - x_i to u_i (or,
 * if the clamped product exceeds v, lower those with the largest x_i - 1
 * to 1) until the last one can be solved for exactly. If v > prod u the
 * result is u; if v < 1, all ones. x_out[n]. */
int hetile_tilesize_nd_project(int n, const double *xtilde, const long *u,
                               double v, double *x_out);

/* Algorithm 2 of [AY98] section 3.4 (problem (30)): round x-bar, then move
 * the largest coordinate by the integer part (toward zero, as in Example 2:
 * -26.8 -> -26) of (v - prod x^)/prod_{k != i*} x^_k; kept in [1, u_i]. */
int hetile_tilesize_nd_integer_point(int n, const double *xbar,
                                     const long *u, double v, long *x_out);

/* T restricted to the facet x_{n+1} = 1, formula (16), at real x[0..n-1]. */
int hetile_tilesize_nd_time_facet(const hetile_tilesize_nd_problem *prob,
                                  const double *x, double *time_out);

/* ------------------------- pipelined tile sizes and block widths [AY98],
 * [BDRV98] with measured costs (docs/tile-sizes.md) */

/* The costs of [AY98] section 2.3 on the machine at hand, in seconds. */
typedef struct hetile_costs {
  double beta;  /* start-up of one transfer (3): a post seen by a waiter  */
  double tau_t; /* transfer time per element (3)                          */
  double tau_a; /* time of one loop body                                  */
  int measured; /* 1 if measured, 0 if the fixed values of CALIBRATE=0    */
} hetile_costs;

/* The fixed costs taken under HETILE_CALIBRATE=0 (and wherever a
 * measurement cannot run): beta = 1e-6 s, tau_t = 1e-9 s per element,
 * tau_a = HETILE_ITERATION_SECONDS (default 1e-9 s). */
int hetile_costs_fixed(hetile_costs *out);

/* Measures the costs between threads of shared memory, within about
 * budget_s seconds of wall time: beta is half the fastest round trip of two
 * threads ping-ponging through hetile_sched_wait / hetile_sched_post;
 * tau_t is the extra fastest round trip when each side also rewrites a
 * 64 KiB buffer the other side reads, per element moved; tau_a is the CPU time
 * per point of an in-place 5-point Gauss-Seidel sweep on a 64 x 64 array
 * (best of 3), unless HETILE_ITERATION_SECONDS is set. Never cached. */
int hetile_costs_measure(double budget_s, hetile_costs *out);

/* tau_a alone: HETILE_ITERATION_SECONDS if set, else 1e-9 under
 * HETILE_CALIBRATE=0, else the sweep of hetile_costs_measure (once per
 * process). */
int hetile_costs_point_seconds(double *out);

/* The costs of this process: measured once (hetile_costs_measure with a
 * 4 ms budget) and cached; hetile_costs_fixed under HETILE_CALIBRATE=0. */
int hetile_costs_shared(hetile_costs *out);

/* A network's costs startup + bytes * per_byte ([BDRV98] H3, [AY98] (3))
 * from a ping-pong: round_trips holds, for each of the nsizes message
 * sizes bytes[s], repeats round-trip times in seconds (size after size).
 * One way is half a size's fastest round trip (a slower one waited for a
 * rank that was not running); the least-squares line through the nsizes
 * points gives both costs, each clamped to 0. */
int hetile_pingpong_fit(int nsizes, const double *bytes, int repeats,
                        const double *round_trips, double *startup_out,
                        double *per_byte_out);

/* The makespan of a columnwise allocation of n2 tile columns of n1 rows in
 * blocks k times the counts of Proposition 1 ([BDRV98] section 3.2):
 * c_i = k L / t_i columns for processor i (t integers, L their lcm, chunk
 * k C with C = L sum 1/t_i). With tile_s the time of one tile on a
 * processor of cycle time min t, a block row takes R = k L tile_s / min t
 * (the same on every processor, [BDRV98] Lemma 2) plus 2 beta of wait and
 * post ([AY98] (4), n = 1); a row reaches the next processor T_com after
 * it ends ([BDRV98] H3, Lemma 2). With nb = ceil(n2 / (k C)) blocks on the
 * busiest processor, period = max(n1 (R + 2 beta), p (R + 2 beta + T_com))
 * ([AY98] (8)) and makespan = (nb - 1) period + n1 (R + 2 beta) +
 * (p - 1)(R + 2 beta + T_com) ([AY98] (10); [BDRV98] Lemma 3). */
int hetile_alloc_block_makespan(int p, const long *t, long n1, long n2,
                                long k, double tile_s, double beta,
                                double tcom, double *makespan_out);

/* The largest k in 1..kmax whose hetile_alloc_block_makespan is within 1%
 * of the least over 1..kmax (the model prices no switch between blocks);
 * kmax = ceil(n2 / C), or with min_blocks > 1 the largest k giving every
 * processor min_blocks blocks (at least 1). */
int hetile_alloc_block_width(int p, const long *t, long n1, long n2,
                             double tile_s, double beta, double tcom,
                             long min_blocks, long *k_out);

/* The pipelined schedule's tile sizes ([AY98] section 3 with n = 1, the
 * distributed dimension first in extents). */
typedef struct hetile_pipeline_problem {
  int depth;            /* band depth, 1..16                              */
  const long *extents;  /* extents[0] is the distributed (column) one     */
  int p;                /* processors                                     */
  int long_dim;         /* as hetile_tilesize_for, -1 for none            */
  hetile_costs costs;
  int flags;            /* HETILE_PIPELINE_SKEWED (hetile_rt.h) or 0      */
} hetile_pipeline_problem;

typedef struct hetile_pipeline_choice {
  long sizes[16];       /* tile sizes, in the order of extents            */
  double volume;        /* [AY98] optimal volume of a block row on the facet */
  int on_edge;          /* 1: one block per processor is best ((15))      */
  long row_points;      /* x_{n+1}: the rows' thickness the model asks    */
  long block_points;    /* x_1: the block width in points the model asks  */
  long n1, n2;          /* tile rows and tile columns                     */
  double tile_s, tcom;  /* one tile's time and T_com of one block row     */
  long block;           /* hetile_alloc_block_width for equal speeds      */
  long min_blocks;      /* blocks per processor at least (4 if skewed)    */
  int chunk;            /* 1: one block per processor, Proposition 1's
                         * proportions kept (hetile_refine's trials of the
                         * block width), instead of block                 */
} hetile_pipeline_choice;

int hetile_tilesize_pipeline_solve(const hetile_pipeline_problem *prob,
                                   hetile_pipeline_choice *out);

/* ----------------------------------------- 3D tile sizes [ZZ16] */

/* Three-level nest U_c x U_s1 x U_s2 on P nodes of computational powers vp
 * ([ZZ16] section 3): the u_c dimension is cut into one chunk V_i per
 * node, the chunks into h1 x h2 subchunks (tiles) run in a pipeline.
 * Node i's cost per iteration c_p_i(h1, h2) is measured on a grid and
 * bilinearly interpolated (section 4); a 1 x 1 grid is a constant. */
typedef struct hetile_tilesize_3d_problem {
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
} hetile_tilesize_3d_problem;

typedef struct hetile_tilesize_3d_result {
  long h1, h2;          /* the tile sizes                                   */
  double time;          /* T_P(h1, h2), (3.4)                               */
  long bound;           /* M of (3.6): h1*h2 <= M (-1 without caches)       */
  long evaluations;     /* evaluations of (3.4)                             */
  long generation;      /* GA: the generation that found h1, h2 (0: exact)  */
  double seconds;       /* wall-clock time of the solver                    */
} hetile_tilesize_3d_result;

/* Algorithm 1 of [ZZ16], V_i = U_c * vp_i with sum vp_i = 1, in integers:
 * floor(U_c vp_i / sum vp) (exact for decimals of <= 6 digits), then the
 * U_c - sum V_i left over one each to the nodes from the fastest down
 * (ties: input order). This rounding reproduces every V_i of Table 4.4.
 * chunks_out[p] is in input order. */
int hetile_tilesize_3d_chunks(int p, const double *vp, long uc,
                              long *chunks_out);

/* M of (3.6): min_i floor(cache_i / (V_i * elem_bytes)); the constraint
 * V_i h1 h2 <= CacheSize_i of (3.5) is h1*h2 <= M. HETILE_ERR_INFEASIBLE
 * (naming the node) when M < 1. */
int hetile_tilesize_3d_cache_bound(int p, const long *chunks, const long *cache,
                          long elem_bytes, long *bound_out);

/* c_p_i(h1, h2): bilinear interpolation in node i's grid (section 4),
 * constant beyond the grid's edges. */
int hetile_tilesize_3d_cost(const hetile_tilesize_3d_problem *prob, int node,
                            double h1, double h2, double *cp_out);

/* T_P(h1, h2) of (3.4) for integer 1 <= h1 <= U_s1, 1 <= h2 <= U_s2. */
int hetile_tilesize_3d_time(const hetile_tilesize_3d_problem *prob, long h1,
                            long h2, double *time_out);

/* Problem (3.5) solved exactly: every integer (h1, h2) with h1*h2 <= M
 * (O(M log U) points; at most 2e8, else HETILE_ERR_INVALID). Ties go to
 * the smaller h1 + h2, then the smaller h1. */
int hetile_tilesize_3d_solve_exact(const hetile_tilesize_3d_problem *prob,
                          hetile_tilesize_3d_result *res);

/* The tiling genetic algorithm of [ZZ16] section 3.4. Fields <= 0 take
 * the defaults in brackets (the paper gives no values). */
typedef struct hetile_tilesize_3d_ga_params {
  long population;      /* chromosomes per generation [50]                  */
  long generations;     /* fixed number of generations [500]                */
  double p_crossover;   /* arithmetic crossover probability [0.8]           */
  double p_mutation;    /* mutation probability per child [0.1]             */
  double penalty;       /* c of (3.6) [T_P(1, 1)]                           */
  unsigned long seed;   /* the RNG (splitmix64) seed; 0 is a valid seed     */
} hetile_tilesize_3d_ga_params;

int hetile_tilesize_3d_solve_ga(const hetile_tilesize_3d_problem *prob,
                       const hetile_tilesize_3d_ga_params *params,
                       hetile_tilesize_3d_result *res);

/* ------------------------------------------ strips [RD02] */

/* The computation model of [RD02] section 4.4 and the communication model
 * of section 4.5 (seconds). */
typedef struct hetile_strips_model {
  double tau_calc;      /* average calculation time of one task             */
  double tau_l2;        /* fetch from L2 to L1                              */
  double tau_mem;       /* fetch from memory to L2, counted if h > threshold*/
  long mem_threshold;   /* the delta_{h>3000} of section 4.4 (3000 there)   */
  double beta, tau_comm;/* one tile's messages cost beta + w tau_comm       */
} hetile_strips_model;

/* Redundant tasks of one tile of width w: the two triangles, w(w-1)
 * ([RD02] section 3.3). */
int hetile_strips_redundant_tasks(long w, long *tasks_out);

/* T_calc(h, w) of [RD02] section 4.4 on a processor of relative cycle time
 * t (every tau scaled by t: the T_calc(h, w, P_j) of section 5). */
int hetile_strips_tcalc(const hetile_strips_model *m, long h, long w, double t,
                    double *tcalc_out);

/* Strip heights h_j >= 1, sum h_j = H, minimising max_j T_calc(h_j, w,
 * P_j) ([RD02] section 5: T_calc(h_j, w, P_j) ~ constant); exact over the
 * integers. tmax_out (may be NULL) receives the maximum. h_out[p]. */
int hetile_strips_heights(const hetile_strips_model *m, int p, const double *t,
                      long H, long w, long *h_out, double *tmax_out);

/* Time per column of width w with the heights above: (max_j T_calc +
 * beta + w tau_comm) / w ([RD02] sections 4.4-4.5). */
int hetile_strips_column_time(const hetile_strips_model *m, int p,
                              const double *t, long H, long w,
                              double *time_out);

/* Section 4.6 / Figure 9: over nw candidate widths, times_out[nw] (may be
 * NULL) per column; w_opt (ties: the smaller) and the band of widths
 * within (1 + tolerance) of the optimum (2% in the paper): its min and
 * max. */
int hetile_strips_width(const hetile_strips_model *m, int p, const double *t,
                    long H, int nw, const long *widths, double tolerance,
                    double *times_out, long *wopt_out, long *wmin_out,
                    long *wmax_out);

/* The extrapolated optimal time per task of section 5: 1 / sum_j 1/t_j. */
int hetile_strips_extrapolated_time(int p, const double *t, double *time_out);

#ifdef __cplusplus
}
#endif

#endif /* HETILE_MODELS_H */
