/* A 2D pipeline written the way `hetile rewrite --backend=mpi` code calls
 * libhetile_rt_mpi ([BDRV98] section 3.2): an N x M recurrence
 *   A[i][j] = 0.5 (A[i-1][j] + A[i][j-1]) + 0.25 A[i-1][j-1] + 1
 * (dependences (1,0), (0,1), (1,1)) in tiles of bi x bj points; tile column
 * c holds point columns c*bj+1 .. (c+1)*bj. Each rank computes its blocks
 * in order, row of tiles by row of tiles; before a row it receives the last
 * point column of the column left of its block (rows i0-1 .. i1 arrive over
 * this row's and the previous rows' messages), after it sends its own last
 * column to the owner of the next column. Then every rank's columns are
 * gathered and compared with a sequential run, bit for bit.
 *
 * usage: pipeline N M bi bj [root]      ("root": gather to rank 0 only)
 * Rank 0 prints the allocation, the owners and "ok" (stdout); with
 * HETILE_STATS=1 every rank prints its statistics (stderr). On an error of
 * hetile_mpi_begin, rank 0 prints it and every rank returns 1.
 */
#include "hetile_rt_mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long N, M, BI, BJ;
#define AT(A, i, j) (A)[(i) * (M + 1) + (j)]

static void point(double *A, long i, long j) {
  AT(A, i, j) = 0.5 * (AT(A, i - 1, j) + AT(A, i, j - 1)) +
                0.25 * AT(A, i - 1, j - 1) + 1;
}

static double *boundary(void) {
  double *A = calloc((N + 1) * (M + 1), sizeof *A);
  long i, j;
  for (j = 0; j <= M; ++j)
    AT(A, 0, j) = 0.5 * j;
  for (i = 0; i <= N; ++i)
    AT(A, i, 0) = 0.25 * i - 3;
  return A;
}

static long minl(long a, long b) { return a < b ? a : b; }

/* Tag of the message for row r of tile column c (wraps; MPI keeps the
 * order of messages with the same source and tag). */
static int tagOf(hetile_mpi *m, long r, long c, long ncols) {
  return (int)((r * ncols + c) % ((long)hetile_mpi_tag_ub(m) + 1));
}

static int check(int rc, const char *what) {
  if (rc < 0) {
    fprintf(stderr, "rank %d: %s: %s\n", hetile_mpi_world_rank(), what,
            hetile_last_error());
    hetile_mpi_abort(NULL, 2);
  }
  return rc;
}

/* One row r of tiles of the block first..last. */
static void row(hetile_mpi *m, double *A, long r, long first, long last,
                long ncols) {
  long i0 = r * BI + 1, i1 = minl(N, i0 + BI - 1), h = i1 - i0 + 1, i, j;
  if (first > 0) {
    double *in = malloc(h * sizeof *in);
    check(hetile_mpi_recv(m, hetile_mpi_owner(m, first - 1),
                          tagOf(m, r, first, ncols), in, h * sizeof *in),
          "recv");
    for (i = i0; i <= i1; ++i)
      AT(A, i, first * BJ) = in[i - i0];
    free(in);
  }
  check(hetile_mpi_compute_begin(m), "compute_begin");
  for (i = i0; i <= i1; ++i)
    for (j = first * BJ + 1; j <= minl(M, (last + 1) * BJ); ++j)
      point(A, i, j);
  check(hetile_mpi_compute_end(m, last - first + 1), "compute_end");
  if (last + 1 < ncols) {
    double *out = hetile_mpi_send_buffer(m, h * sizeof *out);
    if (!out)
      check(-1, "send_buffer");
    for (i = i0; i <= i1; ++i)
      out[i - i0] = AT(A, i, (last + 1) * BJ);
    check(hetile_mpi_send(m, hetile_mpi_owner(m, last + 1),
                          tagOf(m, r, last + 1, ncols), out,
                          h * sizeof *out), "send");
  }
}

/* Packs (pack != 0) or unpacks the point columns of rank q's blocks. */
static size_t copyColumns(hetile_mpi *m, int q, double *A, double *buf,
                          int pack) {
  long b, first, last, i, j;
  size_t k = 0;
  for (b = 0; hetile_mpi_block(m, q, b, &first, &last); ++b)
    for (j = first * BJ + 1; j <= minl(M, (last + 1) * BJ); ++j)
      for (i = 1; i <= N; ++i, ++k)
        if (pack && buf)
          buf[k] = AT(A, i, j);
        else if (buf)
          AT(A, i, j) = buf[k];
  return k;
}

/* Gathers every rank's columns into A; 1 if this rank received them. */
static int gather(hetile_mpi *m, double *A, int rootOnly) {
  int me = hetile_mpi_rank(m), size = hetile_mpi_size(m), q;
  size_t n = copyColumns(m, me, A, NULL, 1), *offsets;
  double *mine = malloc((n ? n : 1) * sizeof *mine);
  const void *all;
  offsets = malloc((size + 1) * sizeof *offsets);
  copyColumns(m, me, A, mine, 1);
  check(hetile_mpi_gather(m, mine, n * sizeof *mine, rootOnly, &all, offsets),
        "gather");
  for (q = 0; all && q < size; ++q)
    copyColumns(m, q, A, (double *)((const char *)all + offsets[q]), 0);
  free(mine);
  free(offsets);
  return all != NULL;
}

static void printAllocation(hetile_mpi *m, long ncols) {
  long c;
  printf("%s\nowners:", hetile_mpi_describe(m));
  for (c = 0; c < ncols; ++c)
    printf(" %d", hetile_mpi_owner(m, c));
  printf("\n");
  fflush(stdout);
}

/* hetile_mpi_begin failed: the same error on every rank? */
static int reportBeginError(int rc) {
  int me = hetile_mpi_world_rank(), lo, hi;
  MPI_Allreduce(&rc, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&rc, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (me == 0)
    fprintf(stderr, "error: %s\nsame error on every rank: %s\n",
            hetile_last_error(), lo == hi ? "yes" : "no");
  return 1;
}

int main(int argc, char **argv) {
  hetile_mpi *m;
  double *A, *S;
  long nrows, ncols, b, first, last, r, i, j, bad = 0, anyBad = 0;
  int rc, me, rootOnly;
  if (argc < 5)
    return 2;
  N = atol(argv[1]), M = atol(argv[2]), BI = atol(argv[3]), BJ = atol(argv[4]);
  rootOnly = argc > 5 && !strcmp(argv[5], "root");
  nrows = (N + BI - 1) / BI, ncols = (M + BJ - 1) / BJ;
  if ((rc = hetile_mpi_begin(ncols, &m)) < 0)
    return reportBeginError(rc);
  me = hetile_mpi_rank(m);
  if (me == 0)
    printAllocation(m, ncols);
  A = boundary();
  for (b = 0; hetile_mpi_block(m, me, b, &first, &last); ++b)
    for (r = 0; r < nrows; ++r)
      row(m, A, r, first, last, ncols);
  if (gather(m, A, rootOnly)) {
    S = boundary();
    for (i = 1; i <= N; ++i)
      for (j = 1; j <= M; ++j)
        point(S, i, j);
    bad = memcmp(A, S, (N + 1) * (M + 1) * sizeof *A) != 0;
    free(S);
  }
  if (hetile_mpi_verbose(m)) {
    /* Where the values went: null arguments are refused, a text longer
       than 200 characters is cut there. */
    char where[300];
    memset(where, 'w', sizeof where - 1);
    where[sizeof where - 1] = 0;
    memcpy(where, "every rank: ", 12);
    if (hetile_mpi_final_to(NULL, where) != HETILE_ERR_INVALID ||
        hetile_mpi_final_to(m, NULL) != HETILE_ERR_INVALID)
      bad = 1;
    check(hetile_mpi_final_to(m, where), "final_to");
    fprintf(stderr, "%s\n", hetile_mpi_stats(m));
  }
  MPI_Allreduce(&bad, &anyBad, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
  if (me == 0)
    printf("%ld x %ld tiles on %d ranks: %s\n", nrows, ncols,
           hetile_mpi_size(m), anyBad ? "MISMATCH" : "ok");
  check(hetile_mpi_end(m), "end");
  free(A);
  return anyBad ? 1 : 0;
}
