/*
 * hetile_rt_mpi.h - the MPI layer of hetile's runtime (libhetile_rt_mpi).
 *
 * What the SPMD code of `hetile rewrite --backend=mpi` calls: one tiled nest
 * of ncols tile columns runs the pipelined columnwise schedule of [BDRV98]
 * section 3.2 (hypotheses H1-H5) with MPI ranks as processors:
 *
 *   hetile_mpi *m;
 *   if (hetile_mpi_begin(ncols, &m) < 0) { print hetile_last_error(); abort }
 *   for (b = 0; hetile_mpi_block(m, me, b, &first, &last); ++b)
 *     for each row r of tiles (the same order on every rank):
 *       if (first > 0) hetile_mpi_recv(m, owner(first - 1), tag, ...);
 *       hetile_mpi_compute_begin(m); ...tiles first..last of row r...;
 *       hetile_mpi_compute_end(m, last - first + 1);
 *       if (last + 1 < ncols) {
 *         buf = hetile_mpi_send_buffer(m, bytes); ...pack...;
 *         hetile_mpi_send(m, owner(last + 1), tag, buf, bytes);
 *       }
 *   the final values: posted row by row as pieces (hetile_mpi_piece_done,
 *   with threads hetile_mpi_row_done, see below); hetile_mpi_run(m, rank, array, addr, bytes) per run of
 *   consecutive ones of each rank, then hetile_mpi_exchange(m, ...); or
 *   packed element by element, hetile_mpi_gather(m, ...);
 *   hetile_mpi_end(m);
 *
 * Blocks are maximal runs of consecutive columns with the same owner, so the
 * column left of a block always belongs to another rank. Every rank must call
 * hetile_mpi_begin, hetile_mpi_exchange, hetile_mpi_gather and hetile_mpi_end
 * (collectives), from one thread.
 *
 * With OpenMP threads inside each rank (`--backend=mpi+omp`), see "Threads"
 * below: a rank's columns are split among its threads, which run the
 * shared-memory pipeline of hetile_sched (progress counters per column) and
 * send and receive their own tiles' messages; the runtime serialises its
 * MPI calls with a lock, so MPI_THREAD_SERIALIZED is enough (the runtime
 * asks for MPI_THREAD_MULTIPLE when it initialises MPI).
 *
 * Conventions are those of hetile_rt.h: 0 or a documented non-negative value
 * on success, a negative HETILE_ERR_* with a message for hetile_last_error()
 * on error; nothing is printed and nothing exits, except hetile_mpi_abort.
 * Errors of MPI itself are HETILE_ERR_MPI (the nest's communicator returns
 * errors instead of aborting).
 *
 * Environment (read by hetile_mpi_begin on every rank; rank 0's values are
 * used, except each rank's own HETILE_EMULATE_SPEEDS factor; a malformed
 * value on any rank is an error naming the variable, on every rank):
 *   HETILE_PLATFORM, HETILE_SPEEDS   cycle times (hetile_platform_times)
 *   HETILE_CALIBRATE=0               equal cycle times instead of measuring
 *   HETILE_ALLOC                     strategy (hetile_env_alloc)
 *   HETILE_EMULATE_SPEEDS            slows rank r (hetile_emulate_delay)
 *   HETILE_WATCHDOG=S                receive timeout in seconds (default
 *                                    120; 0 waits forever)
 *   HETILE_STATS=1                   hetile_mpi_verbose() returns 1
 *   HETILE_DEFER=0                   hetile_mpi_defer moves the values at
 *                                    once, to every rank
 *   HETILE_RELEASE=0|1|poison        hetile_mpi_fetch keeps, gives back
 *                                    (default) or overwrites with 0xff
 *                                    the pages of dead values
 *   HETILE_GRID=p1,p2                a processor grid instead of the ring,
 *                                    for nests whose band has 3 dimensions
 *                                    or more (read by hetile_mpi_grid;
 *                                    unset: a default grid or the ring;
 *                                    ring: the ring)
 *   HETILE_MPI_MAX_COUNT=N           largest count passed to one MPI call
 *                                    (default and maximum INT_MAX); larger
 *                                    messages and gathers use derived
 *                                    datatypes. For testing those paths.
 */
#ifndef HETILE_RT_MPI_H
#define HETILE_RT_MPI_H

#include <mpi.h>

#include "hetile_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  HETILE_ERR_MPI = -8 /* an MPI call failed (its message is quoted)        */
};

typedef struct hetile_mpi hetile_mpi;

/* ------------------------------------------------------------ the world */

/* Rank and size of MPI_COMM_WORLD (or a negative error), initialising MPI
 * first if the program has not (MPI_Init_thread, MPI_THREAD_MULTIPLE; then
 * MPI_Finalize runs at exit, via atexit, unless the program finalised MPI
 * itself). For the program's own I/O. A program that calls MPI_Init itself
 * must do so before its first hetile_mpi_* call. */
int hetile_mpi_world_rank(void);
int hetile_mpi_world_size(void);
/* Collective over MPI_COMM_WORLD (initialises MPI if needed): 1 if ok is
 * non-zero on every rank, else 0 (one MPI_Allreduce), so that every rank
 * takes the same branch of a nest's run-time alias check before the nest's
 * collectives; a negative HETILE_ERR_MPI on error. */
int hetile_mpi_agree(int ok);

/* hetile_profit_end for a call of an agreed site
 * (hetile_profit_agreed_site_get): a timed call records the slowest rank's
 * time (one MPI_Allreduce over MPI_COMM_WORLD), so that every rank's site
 * makes the same choices; an untimed call communicates nothing. Every rank
 * calls it after every call of the nest. Returns 1 when the choice for the
 * call's size class changed, 0 if not, a negative HETILE_ERR_MPI on
 * error. */
HETILE_RT_EAGER int hetile_mpi_profit_end(hetile_profit_call *call, int ran);

/* ------------------------------------------------------------- one nest */

/* Starts one tiled nest of ncols >= 0 tile columns (collective): MPI init if
 * needed; a private communicator (MPI_Comm_idup of MPI_COMM_WORLD, under
 * the watchdog: a rank that never starts the nest is a timeout); cycle
 * times from HETILE_PLATFORM / HETILE_SPEEDS (one per rank), else equal with
 * HETILE_CALIBRATE=0, else a calibration (hetile_mpi_calibrate, once per
 * process); the allocation hetile_alloc_owners with HETILE_ALLOC. Rank 0's
 * settings are broadcast, so the allocation is identical on every rank. An
 * error on any rank is returned on every rank (message of the lowest failing
 * rank, prefixed with "rank R: " on the others); *out is then NULL. */
int hetile_mpi_begin(long ncols, hetile_mpi **out);
int hetile_mpi_rank(const hetile_mpi *m);
int hetile_mpi_size(const hetile_mpi *m);
/* Owner of column col, or HETILE_ERR_INVALID. */
int hetile_mpi_owner(const hetile_mpi *m, long col);
/* Block b (0, 1, ...) of rank `rank` (any rank, not only mine): 1 and its
 * first/last columns, 0 when that rank has fewer blocks (or bad input). */
int hetile_mpi_block(const hetile_mpi *m, int rank, long b, long *first,
                     long *last);

/* A buffer of `bytes` bytes (0 allowed; never NULL on success) for the next
 * hetile_mpi_send; owned by the runtime until that send completes. NULL
 * (with a message) when out of memory. */
void *hetile_mpi_send_buffer(hetile_mpi *m, size_t bytes);
/* Non-blocking send (MPI_Isend) of `bytes` bytes of a buffer returned by
 * hetile_mpi_send_buffer (bytes <= its size) to rank dest, tag in
 * 0..hetile_mpi_tag_ub. Completed sends are reaped on later calls. Counts
 * messages and bytes for the statistics. */
int hetile_mpi_send(hetile_mpi *m, int dest, int tag, void *buf,
                    size_t bytes);
/* Blocking receive of exactly `bytes` bytes from src with tag (another size
 * is HETILE_ERR_INVALID), under the watchdog: if no such message arrived
 * after HETILE_WATCHDOG seconds, HETILE_ERR_TIMEOUT with a message naming
 * this rank, src and tag. Waits politely (spin, yield, then short sleeps)
 * so that oversubscribed ranks do not steal each other's cores. The wait
 * is counted in the statistics. */
int hetile_mpi_recv(hetile_mpi *m, int src, int tag, void *buf,
                    size_t bytes);
/* The largest usable tag (the MPI_TAG_UB attribute, at least 32767). */
int hetile_mpi_tag_ub(const hetile_mpi *m);

/* Brackets a piece of computation (e.g. a tile, or a row of tiles of a
 * block): counts `tiles`, accumulates compute time (wall time). Under
 * HETILE_EMULATE_SPEEDS this rank (factor F) then owes (F - 1) times the
 * CPU time the calling thread spent in the bracket (CLOCK_THREAD_CPUTIME_ID:
 * time lost to preemption on a loaded machine is not multiplied) in sleep
 * (hetile_emulate_delay), counted as compute: paid once it reaches 1 ms and
 * always before the next send, receive, gather or end, the time actually
 * slept subtracted (so that many short sleeps do not add up their
 * overshoot). */
int hetile_mpi_compute_begin(hetile_mpi *m);
int hetile_mpi_compute_end(hetile_mpi *m, long tiles);

/* ---------------------------------------------------- processor grids */

/* A processor grid for a nest whose band has 3 dimensions or more
 * ([AY98] section 2, hetile_grid.h, docs/grids.md), after hetile_mpi_begin
 * (collective): the grid p1 x p2 of HETILE_GRID=p1,p2 (rank 0's), or when
 * it is unset, hetile_grid_default's for n0 x n1 tile columns (none when
 * HETILE_ALLOC is set to other than auto or the platform file's ranks
 * form clusters: the ring's allocations), puts tile
 * column (j0, j1) of the band dimensions 0 and 1, n0 x n1 of them, on rank
 * row_of[j0] * p2 + col_of[j1], the owner tables of
 * hetile_grid_owner_tables for the ranks' cycle times (j0 mod p1 and j1
 * mod p2 when they are equal); the other band dimensions are walked inside
 * each rank. 1: the grid is used (hetile_mpi_describe then says so); 0:
 * the ring (HETILE_GRID=ring, one entry equal to the rank count, empty, or
 * unset without a default grid); HETILE_ERR_ENV on every rank, naming
 * HETILE_GRID, when it is malformed, has more than 2 entries or p1 x p2 is
 * not the rank count. Instead of hetile_mpi_owner and hetile_mpi_block, a
 * grid nest then uses: */
int hetile_mpi_grid(hetile_mpi *m, long n0, long n1);
/* hetile_mpi_grid for ranks of `nthreads` threads each (rank 0's count
 * decides; mpi+omp): with more than one, no default grid (the grid runs
 * one thread per rank), HETILE_GRID=p1,p2 still selects one. */
int hetile_mpi_grid_threads(hetile_mpi *m, long n0, long n1, int nthreads);
/* hetile_mpi_grid_threads that, with HETILE_GRID unset, takes the grid the
 * tile sizes were chosen for: `sized`, the grid_out of the nest's
 * hetile_mpi_tile_sizes_grid (null or {0, 0}: none), when it is a grid of
 * the nest's ranks, n0 and n1 are at least its sizes and every grid row and
 * column then has a tile column (else the default grid, as above). The
 * generated code calls this one; hetile_mpi_grid and
 * hetile_mpi_grid_threads pass no sized grid. */
int hetile_mpi_grid_sized(hetile_mpi *m, long n0, long n1, int nthreads,
                          const int *sized);
/* p1 (d = 0) or p2 (d = 1); 1 on the ring. */
int hetile_mpi_grid_dim(const hetile_mpi *m, int d);
/* The grid coordinate d of `rank`: rank / p2 (d = 0), rank mod p2 (d = 1). */
int hetile_mpi_grid_coord(const hetile_mpi *m, int rank, int d);
/* The rank of tile column (j0, j1), 0 <= j0 < n0, 0 <= j1 < n1. */
int hetile_mpi_grid_owner(const hetile_mpi *m, long j0, long j1);
/* The least tile column j > g along band dimension d (0 or 1) whose grid
 * row (d = 0) or grid column (d = 1) is `rank`'s; n_d when there is none
 * (and on bad input, with hetile_last_error set), so that
 *   for (j = hetile_mpi_grid_next(m, r, d, -1); j < n_d;
 *        j = hetile_mpi_grid_next(m, r, d, j))
 * walks rank r's columns along d in increasing order. */
long hetile_mpi_grid_next(const hetile_mpi *m, int rank, int d, long g);

/* ------------------------------------------------------------- threads */

/* Prepares m for `nthreads` >= 1 threads of this rank (e.g. an OpenMP team):
 * call it from one thread while the others wait (`omp single`), after
 * hetile_mpi_begin. Fails (HETILE_ERR_MPI, naming the level) when nthreads
 * > 1 and MPI provides less than MPI_THREAD_SERIALIZED (a program that
 * calls MPI_Init itself must call MPI_Init_thread instead).
 *
 * Hierarchical allocation ([BRR99]: columns to ranks by their speeds, then
 * a rank's columns to its processors): each block of this rank is cut into
 * min(width, nthreads) parts of equal width (+-1), and the parts, in column
 * order, are dealt to the threads round-robin, continuing from block to
 * block (blocks of one column thus go to the threads in turn). A thread
 * computes its parts in column order, row by row, as a rank computes its
 * blocks. Before a row it waits (hetile_mpi_wait_column) until `after`,
 * the column of this rank just left of the part (-1: none), has finished
 * that row; after it, it posts the part's last column. By induction on the
 * columns, "column c finished row r" then holds for every column of this
 * rank left of c, and the tiles of other ranks arrive by messages. */
int hetile_mpi_threads(hetile_mpi *m, int nthreads);
/* Part j (0, 1, ...) of thread `thread`: 1 with its first and last columns
 * and the column to wait on; 0 when the thread has fewer parts. */
int hetile_mpi_part(const hetile_mpi *m, int thread, long j, long *first,
                    long *last, long *after);
/* Waits until column col (this rank's) has posted row `row` (col < 0:
 * returns at once), politely and under the watchdog (HETILE_ERR_TIMEOUT). */
int hetile_mpi_wait_column(hetile_mpi *m, long col, long row);
/* Column col has finished rows 0..row. */
void hetile_mpi_post_column(hetile_mpi *m, long col, long row);
/* hetile_mpi_compute_begin/end for thread `thread` (0..nthreads-1); the
 * emulated slowdown a thread owes is paid at the end of each bracket. */
int hetile_mpi_thread_compute_begin(hetile_mpi *m, int thread);
int hetile_mpi_thread_compute_end(hetile_mpi *m, int thread, long tiles);

/* A buffer of `bytes` bytes (0 allowed) for this rank's contribution to
 * hetile_mpi_gather, owned by the runtime until hetile_mpi_end; NULL (with
 * a message) when out of memory. It and the results of hetile_mpi_gather
 * come from buffers the process keeps for reuse (the largest few), so that
 * a nest inside a time loop does not allocate its arrays' size twice per
 * step. */
void *hetile_mpi_gather_buffer(hetile_mpi *m, size_t bytes);

/* Final values (collective): every rank contributes `bytes` bytes (mine may
 * be NULL when bytes is 0). root_only == 0: every rank receives all
 * contributions (MPI_Allgatherv); else only rank 0 does (MPI_Gatherv) and
 * the others get *all_out = NULL. *all_out is the concatenation in rank
 * order, owned by the runtime until hetile_mpi_end (each call has its own
 * buffer, reused by later nests of the process); offsets_out[size + 1]
 * (every rank) receives each rank's start offset, offsets_out[size] = the
 * total. Totals over 2 GiB (counts beyond
 * int) go through derived datatypes, one rank at a time. The ranks that
 * arrive first wait politely for the others, under the watchdog
 * (HETILE_ERR_TIMEOUT if some rank has not arrived after HETILE_WATCHDOG
 * seconds). */
int hetile_mpi_gather(hetile_mpi *m, const void *mine, size_t bytes,
                      int root_only, const void **all_out,
                      size_t *offsets_out);

/* Final values that lie in runs of consecutive bytes (a block of columns of
 * a row-major array: one run per row, or one for whole rows), moved in
 * place, without packing. Every rank first lists the runs of each rank that
 * it sends or receives: hetile_mpi_run(m, q, array, addr, bytes) says that
 * rank q holds the final values of the `bytes` bytes at addr (in every
 * process's own copy of the arrays; runs of different ranks must not
 * overlap), in the array numbered `array` (>= 0; adjacent runs of one
 * array merge, those of two arrays never do: the arrays' addresses differ
 * between processes, and every rank must see the same runs). Then
 * hetile_mpi_exchange (collective) moves them: each rank's runs to every
 * other rank (root_only == 0) or to rank 0 only (the other ranks need list
 * only their own runs then), as non-blocking point-to-point messages:
 * a rank's runs each as a message of its own, in place, when they are few
 * (at most 64) and large (256 KiB on average), else copied into one
 * contiguous message (memcpy per run) and out of it at the receiver (Open
 * MPI moves contiguous messages within a node with one copy, derived
 * datatypes of many runs at a third of that speed). The ranks that arrive
 * first wait politely for the others, under the watchdog; the runs listed
 * are then forgotten. */
int hetile_mpi_run(hetile_mpi *m, int rank, int array, void *addr,
                   size_t bytes);
int hetile_mpi_exchange(hetile_mpi *m, int root_only);

/* Final values left where they were computed (docs/mpi-exchange.md,
 * "Values left for the next nest"). A nest that the next nest of its
 * function follows at once lists, instead of its final exchange, each
 * rank's runs of final values, hetile_mpi_defer_run(m, q, array, addr,
 * bytes) as hetile_mpi_run, and hetile_mpi_defer(m) (every rank) enters
 * them in the process's table: what each rank lacks and which rank holds
 * it. hetile_mpi_deferred() is 1 while the table holds something. The next
 * nest, before its tiles, lists the runs each rank's blocks read,
 * hetile_mpi_need_run(m, q, addr, bytes), and the runs it writes whatever
 * its data, hetile_mpi_kill_run(m, addr, bytes), the runs whose last
 * write lies in each rank's blocks, hetile_mpi_write_run(m, q, addr,
 * bytes) (only this rank's are kept), and the boxes of the arrays it
 * writes, hetile_mpi_touch_run(m, first, end);
 * hetile_mpi_fetch(m) (collective) moves to each rank what its tiles read
 * of what it lacks, and to every rank the rest of what it lacks within
 * the boxes listed (all of it where none was) but what the nest
 * overwrites; the rest stays in the table, for a later nest, or for
 * hetile_mpi_settle after the nest's own exchange. It then gives back the
 * whole pages of what the nest overwrites and this rank's blocks neither
 * read nor write ("Storage by share"; HETILE_RELEASE). hetile_mpi_settle(m)
 * (collective; m may be NULL: before an original nest, after a loop whose
 * steps left values) moves to every rank everything it lacks. The stats
 * line of m says what was left and what moved.
 * HETILE_ERR_INVALID on bad arguments, HETILE_ERR_NOMEM, HETILE_ERR_MPI,
 * HETILE_ERR_TIMEOUT (HETILE_WATCHDOG) as the final exchange. */
int hetile_mpi_defer_run(hetile_mpi *m, int rank, int array, void *addr,
                         size_t bytes);
int hetile_mpi_defer(hetile_mpi *m);
int hetile_mpi_deferred(void);
int hetile_mpi_need_run(hetile_mpi *m, int rank, void *addr, size_t bytes);
int hetile_mpi_kill_run(hetile_mpi *m, void *addr, size_t bytes);
int hetile_mpi_write_run(hetile_mpi *m, int rank, void *addr, size_t bytes);
int hetile_mpi_touch_run(hetile_mpi *m, const void *first, const void *end);
int hetile_mpi_fetch(hetile_mpi *m);
int hetile_mpi_settle(hetile_mpi *m);
/* hetile_mpi_settle(NULL) before the original nest of a call that the
 * run-time decision times: the settle's time is not counted as the
 * original's (call->start moves by it). */
int hetile_mpi_settle_call(hetile_profit_call *call);
/* Collective: moves to every rank what it lacks of [first, end), before a
 * nest reads it once (a load before the nest, docs/invariant-loads.md);
 * nothing where nothing of it was left. */
int hetile_mpi_take(const void *first, const void *end);

/* Final values sent while the nest runs ("pieces": the runs of consecutive
 * final values whose last write lies in one row of tiles of one block).
 * Before its tiles, every rank lists the pieces it sends or receives
 * (root_only: rank 0 all, the others their own), for each rank q in the
 * order q computes them (its blocks in order, rows in order): the piece's
 * runs with hetile_mpi_run(m, q, ...), then hetile_mpi_piece(m, q, first),
 * first the block's first column. hetile_mpi_pieces_post(m, root_only)
 * (every rank) prepares them. After each row of each of its blocks, the
 * rank calls hetile_mpi_piece_done(m, first): its finished pieces are
 * sent, in order and non-blocking, to every rank that receives (one
 * message per run, in place, when the runs are 128 KiB on average, else
 * packed into one, at most 16 MiB of packed pieces in flight); the
 * receives of the other ranks' pieces whose row this rank has run in its
 * blocks left of theirs (no tile it has still to run writes or reads
 * them) are posted, in place or into a buffer unpacked on arrival, and
 * those that arrived are placed. hetile_mpi_exchange posts and completes
 * the rest, under the watchdog.
 * A packed piece's buffer is reused once its messages completed. Errors
 * as above (HETILE_ERR_NOMEM when a piece's buffer cannot be allocated;
 * HETILE_ERR_INVALID when a rank finishes more rows than it listed). */
int hetile_mpi_piece(hetile_mpi *m, int rank, long first);
int hetile_mpi_pieces_post(hetile_mpi *m, int root_only);
int hetile_mpi_piece_done(hetile_mpi *m, long first);
/* The same with threads (hetile_mpi_threads): the thread of a part whose
 * last column is `last` calls it after each row `row` (0, 1, ... as
 * counted in the part's block) instead of hetile_mpi_piece_done. When
 * `last` ends one of the rank's blocks, the row's piece is finished (every
 * column of the rank left of `last` has finished the row); the finished
 * pieces are sent in the order listed, and the other ranks' pieces are
 * received as above. Other parts: nothing. Thread-safe. HETILE_ERR_INVALID
 * for a row that was not listed. */
int hetile_mpi_row_done(hetile_mpi *m, long last, long row);

/* One line describing the allocation ("hetile: 4 ranks, cycle times
 * 1,1,2,4 (HETILE_SPEEDS), allocation auto, 20 tile columns; columns per
 * rank: 8,8,4,0"). Valid until hetile_mpi_end. */
const char *hetile_mpi_describe(const hetile_mpi *m);
/* One line of statistics for this rank ("hetile: rank 1/4: 12 tiles, 40
 * messages, 81920 bytes sent, compute 0.5213 s, wait 0.1002 s, communicate
 * 0.0125 s; final exchange 409600 bytes received, 102400 bytes sent in 3
 * messages, 0.0310 s"): compute = inside compute_begin/end (emulated slowdown
 * included; summed over the threads); wait = until a receive's message
 * arrived, and until every rank reached hetile_mpi_gather or
 * hetile_mpi_exchange; communicate = the rest of the time in the
 * pipeline's sends and receives (its messages and bytes are those counted
 * before); final exchange = the final values that hetile_mpi_exchange and
 * hetile_mpi_gather moved, and the rest of the time in them, then in
 * parentheses the part of that time spent while the rank still had tiles to
 * run, the pieces it sent then and the bytes of other ranks' pieces it
 * received into place then ("(0.0123 s during the nest: 40 pieces sent,
 * 102400 bytes placed)").
 * Valid until the next call on m. */
const char *hetile_mpi_stats(const hetile_mpi *m);
/* Notes, for hetile_mpi_stats, how many bytes of [first, end), the box of
 * array `array` that the nest touches, are resident in this rank's memory
 * (mincore: pages the rank has touched and that are not swapped out). The
 * stats line then ends with "; resident: A 1048576 of 4194304 bytes, ...".
 * The generated code calls it after the nest, under HETILE_STATS, for each
 * array the nest writes. HETILE_ERR_INVALID on bad arguments. */
int hetile_mpi_resident(hetile_mpi *m, const char *array, const void *first,
                        const void *end);
/* Notes, for hetile_mpi_stats, where the final exchange sent the values and
 * why (text of the compiler: "every rank: the nest at line 41, which hetile
 * also tiles, runs after it", "rank 0: --gather=root"); the final exchange's
 * part of the stats line then ends with ", to every rank: ...". At most 200
 * characters are kept. HETILE_ERR_INVALID on bad arguments. */
int hetile_mpi_final_to(hetile_mpi *m, const char *where);
/* 1 if HETILE_STATS is set and not 0. */
int hetile_mpi_verbose(const hetile_mpi *m);

/* Completes all pending sends (under the watchdog) and frees the nest, its
 * communicator and its buffers (m may be NULL). On HETILE_ERR_TIMEOUT the
 * buffers of the sends still pending are leaked on purpose (MPI may still
 * read them); the caller is expected to hetile_mpi_abort(NULL, code). */
int hetile_mpi_end(hetile_mpi *m);

/* MPI_Abort on the nest's communicator (MPI_COMM_WORLD if m is NULL) with
 * `code`; for the generated code after it printed an error. Does not
 * return. If MPI is already finalised, calls abort(). */
void hetile_mpi_abort(hetile_mpi *m, int code);

/* ---------------------------------------------------------- tile sizes */

/* Tile sizes for a tiled nest of the MPI backends when HETILE_TILE_SIZES is
 * not set (the generated code reads it first, hetile_env_tile_sizes).
 * extents[depth] >= 1 are the band's extents with the distributed (column)
 * dimension first, the others in band order; sizes_out in the same order.
 * Collective (every rank calls it with the same arguments and gets the
 * same sizes).
 *
 * With depth >= 3, when the nest will run on a processor grid
 * (HETILE_GRID=p1,p2, or HETILE_GRID unset and hetile_grid_default finds
 * a grid for the points of band dimensions 0 and 1, the auto allocation,
 * no clusters and nprocs equal to the rank count, i.e. one thread per
 * rank): Andonov & Yanev's integer tile sizes for that grid
 * (hetile_grid_tile_sizes: [AY98] section 3, Algorithms 1 and 2) with the
 * costs of the ring's model below, tau_a scaled to the slowest rank.
 * hetile_mpi_tile_sizes_grid then writes that grid to grid_out, for the
 * nest's hetile_mpi_grid_sized (which runs after the sizes are chosen).
 *
 * Under HETILE_ALLOC=chunk, with depth 3 and at least 2 ranks: the 3D
 * tiling of Zarei Zefreh et al. (2016), section 3. Each rank owns one chunk
 * V_i of the column dimension (u_c, hetile_alloc_owners); the two other
 * dimensions (u_s1, u_s2) get h1 x h2 from problem (3.5), solved exactly
 * (hetile_tilesize_3d_solve_exact) with
 *   vp_i = 1 / t_i           the ranks' cycle times (as hetile_mpi_begin
 *                            finds them; a calibration is cached for it)
 *   c_p_i = c t_i / min t    c = HETILE_ITERATION_SECONDS (default 1e-9):
 *                            one iteration on the fastest rank (the paper
 *                            measures it on the kernel, section 4)
 *   c_d, c_c                 "startup" and "per_byte" x elem_bytes of the
 *                            HETILE_PLATFORM file, else hetile_mpi_pingpong
 *                            (once per process and rank count)
 *   CacheSize_i              HETILE_CACHE_BYTES, else each rank's L2
 *                            (sysconf; 1 MiB if unknown)
 *   elem_bytes               bytes of one point's value ((3.6), e.g. 8).
 * Beyond the exact search's 2e8 sizes, the genetic algorithm of section
 * 3.4 (seed 1) answers. (3.4) depends on the area h1 h2 only; ours: the
 * shape is then chosen near the optimal area A, h2 the nearest to A / h1
 * for each h1, the least h1 + h2 among those within 1% of the optimum's
 * T_P. When no (h1, h2) satisfies the cache constraint, h1 = h2 = 1. The
 * column
 * size (not in the paper, which leaves u_c untiled) is the resolution of
 * the V_i: about an eighth of the slowest rank's chunk, 1..512.
 * hetile_mpi_tile_sizes_describe then says on rank 0 what the model was
 * given and what it found.
 *
 * Otherwise: hetile_tilesize_for(depth, extents, nprocs, long_dim). */
int hetile_mpi_tile_sizes(int depth, const long *extents, int nprocs,
                          int long_dim, long elem_bytes, long *sizes_out);
/* hetile_mpi_tile_sizes that also writes to grid_out (2 ints, may be null)
 * the processor grid p1 x p2 the sizes were chosen for, {0, 0} when none:
 * the argument `sized` of the nest's hetile_mpi_grid_sized. */
int hetile_mpi_tile_sizes_grid(int depth, const long *extents, int nprocs,
                               int long_dim, long elem_bytes, long *sizes_out,
                               int *grid_out);
/* hetile_mpi_tile_sizes_grid with the flags of hetile_tilesize_pipeline
 * (hetile_rt.h) for the ring's model: HETILE_PIPELINE_SKEWED where a band
 * dimension is no original iterator, 0 otherwise. Without the flag a rank
 * may get one block of columns (the [BDRV98] width the model finds best):
 * where the columns run along the rows of an array, a block of a few
 * columns shares its pages with the neighbours' and every rank touches
 * nearly every page of the array. hetile_mpi_tile_sizes_grid passes
 * HETILE_PIPELINE_SKEWED (at least 4 blocks per rank). */
int hetile_mpi_tile_sizes_flags(int depth, const long *extents, int nprocs,
                                int long_dim, long elem_bytes, int flags,
                                long *sizes_out, int *grid_out);

/* One line describing the model of the calling thread's last
 * hetile_mpi_tile_sizes on rank 0 ("hetile: tile sizes [ZZ16] (3.5): U =
 * 1000 x 1000 x 1000, c_p 1e-09 s, ...", "hetile: tile sizes [AY98] (grid
 * 2x2, ...", ...; the generated code prints it under
 * HETILE_STATS); "" on the other ranks, after the default sizes, or before
 * any call. Valid until the thread's next hetile_mpi_tile_sizes. */
const char *hetile_mpi_tile_sizes_describe(void);

/* --------------------------------------------------------- calibration */

/* Every rank times the calibration workload (hetile_calibrate_run of
 * hetile_platform.h, slowed by HETILE_EMULATE_SPEEDS); the seconds are
 * gathered and turned into cycle times by hetile_calibrate_snap, identical
 * on every rank (collective). t_out and seconds_out (may be NULL) have
 * world-size entries. What hetile_mpi_begin does when it must measure. */
int hetile_mpi_calibrate(double *t_out, double *seconds_out);

/* The communication cost T_com = startup + bytes * per_byte ([BDRV98] H3,
 * [AY98] (3): beta + tau_t * size), one-way, by ping-pong between rank 0
 * and every other rank in turn (0 B .. 1 MiB, each size repeated, half
 * the fastest round trip kept), then a least-squares line through those
 * (hetile_pingpong_fit; negative coefficients clamped to 0). Collective;
 * the result is sent
 * from rank 0 so it is identical on every rank. One rank: both 0. */
int hetile_mpi_pingpong(double *startup_out, double *per_byte_out);

/* The ranks grouped by host (docs/clusters.md): ranks with the same
 * MPI_Get_processor_name, or the same entry of HETILE_EMULATE_HOSTS (a
 * test aid, one name per rank), form a cluster, numbered in the order of
 * their smallest rank (hetile_clusters_from_hosts); cluster_out receives
 * each rank's cluster (world-size entries). With two clusters or more,
 * costs_out[4] receives the one-way start-up and per-byte costs inside a
 * cluster (the first two ranks of the first cluster that has two, by
 * ping-pong; -1, -1 when none has) and between clusters (the first ranks
 * of clusters 0 and 1), the pair across paying the link of
 * HETILE_EMULATE_LINKS=startup,per_byte; all -1 with one cluster.
 * Collective; returns the number of clusters, identical on every rank. */
int hetile_mpi_host_clusters(int *cluster_out, double *costs_out);

/* ----------------------------------------- strips on MPI ranks [RD02] */
/* The schedule of code generated with --omp-schedule=strips and
 * --backend=mpi or mpi+omp (docs/strips.md): hetile_strips (hetile_rt.h)
 * over the threads of every rank, thread t of rank r being processor
 * r * T + t, T the largest nthreads of the ranks, each of its rank's cycle
 * time (hetile_mpi_begin's). Every rank computes the same plan (rank 0's
 * HETILE_STRIP_WIDTH; each trial band timed as the slowest rank ran it).
 * Use, after hetile_mpi_begin(0, &m): hetile_strips_mpi_create
 * (collective), hetile_strips_mpi_array per written array, then the
 * hetile_strips_* calls of the OpenMP code on hetile_strips_mpi_plan with
 * T threads per rank, hetile_strips_mpi_exchange after each
 * hetile_strips_next_band (one thread; the rank's threads have published
 * the band before), hetile_strips_mpi_final (collective) after the last,
 * hetile_strips_mpi_destroy, hetile_mpi_end. */
typedef struct hetile_strips_mpi hetile_strips_mpi;
int hetile_strips_mpi_create(hetile_mpi *m, int nthreads, int nstmts,
                             const long *reach, int nedges, const long *edges,
                             long rlo, long rhi, long tlo, long thi,
                             hetile_strips_mpi **out);
hetile_strips *hetile_strips_mpi_plan(hetile_strips_mpi *sm);
/* T, the threads of each rank. */
int hetile_strips_mpi_threads(const hetile_strips_mpi *sm);
/* Written array number `array` (0, 1, ...): its rows (row_bytes each,
 * from row 0) in this process; the nest touches rows rmin..rmax. carried:
 * a flow dependence carries it across time steps, so a band reads its
 * halo's values of the band before; else only the rows a rank takes over
 * from another move between bands. */
int hetile_strips_mpi_array(hetile_strips_mpi *sm, int array, void *base,
                            unsigned long row_bytes, long rmin, long rmax,
                            int carried);
/* Before the current band (from one thread, every rank): sends to each
 * other rank the rows of the arrays this rank owned in the band before
 * that it reads now, and receives those it reads from theirs
 * (non-blocking sends, receives under the watchdog). */
int hetile_strips_mpi_exchange(hetile_strips_mpi *sm);
/* After the last band (collective): each rank's final strip to every rank
 * (root_only == 0) or to rank 0 (hetile_mpi_run, hetile_mpi_exchange). */
int hetile_strips_mpi_final(hetile_strips_mpi *sm, int root_only);
/* One line for this rank under HETILE_STATS: its rows in the last band,
 * the bands, and the bytes its exchanges between bands moved. */
const char *hetile_strips_mpi_describe(hetile_strips_mpi *sm);
void hetile_strips_mpi_destroy(hetile_strips_mpi *sm);

#ifdef __cplusplus
}
#endif

#endif /* HETILE_RT_MPI_H */
