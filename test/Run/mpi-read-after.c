// Differential execution: arrays that the nest's function owns (a local
// array, a pointer to what malloc returned) and reads in sight after the
// nest: the mpi backends' final exchange moves only the elements read
// after (Frontend/ReadAfter.h). A dynamic-programming table whose last
// cell is returned moves one element; a scratch table only freed moves
// none; a table passed to a function after the nest, and an array of the
// caller, move every final value.
// RUN: %differential %s --work %t
//
// What `hetile analyze` says each final exchange moves:
// RUN: %hetile analyze %s -- -I %S/../Exec/Inputs | FileCheck %s --check-prefix=ANALYZE
// ANALYZE: in function 'last_cell'
// ANALYZE: final exchange (mpi backends): [n, m] -> { 4 : n > 0 and m > 0 } bytes of final values (of 'D', which the function owns, only what it reads after the nest);
// ANALYZE: in function 'two_ends'
// ANALYZE: final exchange (mpi backends): [T, n] -> { 16 : T > 0 and n >= 3 } bytes of final values (of 'B', 'A', which
// ANALYZE: in function 'scratch'
// ANALYZE: final exchange (mpi backends): [n, m] -> { ((8 - 8 * n) + (-8 + 8 * n) * m) : n >= 2 and m >= 2 } bytes of final values (of 'W', which
// ANALYZE: in function 'escapes'
// ANALYZE: final exchange (mpi backends): [n, m] -> { ((4 - 4 * n) + (-4 + 4 * n) * m) : n >= 2 and m >= 2 } bytes of final values; each
// ANALYZE: in function 'in_a_loop'
// ANALYZE: final exchange (mpi backends): [n, m, pass] -> { (((8 - 8 * n) + (-8 + 8 * n) * m) + (56 - 56 * n) * pass) : n >= 2 and 7pass <= -2 + m } bytes of final values; each
// ANALYZE: in function 'flat_cell'
// ANALYZE: final exchange (mpi backends): [n, m] -> { 4 : n > 0 and m > 0 } bytes of final values (of 'D', which
// ANALYZE: in function 'corner'
// ANALYZE: final exchange (mpi backends): [n] -> { 8 : n >= 2 } bytes of final values (of 'A', which
//
// The exchange as it runs: HETILE_STATS's final exchange per rank, 2 ranks
// of equal speed, a block of tile columns each. last_cell: the owner of
// D[n][m] (rank 1, the last columns) sends its 4 bytes, rank 0 receives
// them; scratch: W's final values stay where they are, only `out`, the
// caller's, moves (rows 1..23; rank 0's columns 1..19, 3496 bytes, rank
// 1's 20..39, 3680 bytes).
// RUN: %hetile rewrite --backend=mpi %s -o %t.mpi.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags -I %S/../Exec/Inputs %t.mpi.c -o %t.mpi %rt_mpi_libs
// RUN: %gcc -std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -I %S/../Exec/Inputs %s -o %t.orig
// RUN: %t.orig 1 30 40 > %t.expected
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 1 30 40 2> %t.err
// RUN: FileCheck %s --check-prefix=LAST < %t.err
// RUN: diff %t.expected %t.out.0
// RUN: diff %t.expected %t.out.1
// LAST-DAG: hetile: rank 0/2: {{.*}}; final exchange 4 bytes received, 0 bytes sent in 0 messages,
// LAST-DAG: hetile: rank 1/2: {{.*}}; final exchange 0 bytes received, 4 bytes sent in 1 messages,
// RUN: %t.orig 3 24 40 > %t.expected.scratch
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 3 24 40 2> %t.err
// RUN: FileCheck %s --check-prefix=SCRATCH < %t.err
// RUN: diff %t.expected.scratch %t.out.0
// RUN: diff %t.expected.scratch %t.out.1
// SCRATCH-DAG: hetile: rank 0/2: {{.*}}; final exchange 3680 bytes received, 3496 bytes sent in
// SCRATCH-DAG: hetile: rank 1/2: {{.*}}; final exchange 3496 bytes received, 3680 bytes sent in
//
// The table passed to a function after the nest moves whole: rows 1..29 of
// ints, rank 0's columns 1..19 (2204 bytes), rank 1's 20..39 (2320).
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 %mpirun -np 2 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.mpi 4 30 40 2> %t.err
// RUN: FileCheck %s --check-prefix=ESCAPES < %t.err
// ESCAPES-DAG: hetile: rank 0/2: {{.*}}; final exchange 2320 bytes received, 2204 bytes sent in
// ESCAPES-DAG: hetile: rank 1/2: {{.*}}; final exchange 2204 bytes received, 2320 bytes sent in
//
// What each rank holds in memory (HETILE_STATS's resident bytes of the box
// the nest touches, mincore): rows of 8193 ints (8 pages), two blocks of
// columns; when only the last cell moves, each rank has touched only part
// of D's pages (unless the kernel backs them with transparent huge pages
// whatever the program asks); when the table goes to a function after the
// nest, every value moves and both hold all of it.
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,1024 %mpirun -np 2 sh -c '"$0" "$@" > /dev/null' %t.mpi 1 64 8192 2> %t.err
// RUN: python3 -c "import re, sys; r = [(int(a), int(b)) for a, b in re.findall(r'resident: D (\d+) of (\d+) bytes', open(sys.argv[1]).read())]; thp = open('/sys/kernel/mm/transparent_hugepage/enabled').read() if __import__('os').path.exists('/sys/kernel/mm/transparent_hugepage/enabled') else ''; assert len(r) == 2 and all(b == 2130180 for a, b in r), r; assert '[always]' in thp or all(a < b for a, b in r), r" %t.err
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 HETILE_SPEEDS=1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,1024 %mpirun -np 2 sh -c '"$0" "$@" > /dev/null' %t.mpi 4 64 8192 2> %t.err
// RUN: FileCheck %s --check-prefix=HELD < %t.err
// HELD-COUNT-2: ; resident: D 2097152 of 2097152 bytes
//
// With --gather=root on 3 ranks, the last cell's owner (rank 2) sends it
// to rank 0 only.
// RUN: %hetile rewrite --backend=mpi --gather=root %s -o %t.root.c -- -I %S/../Exec/Inputs
// RUN: %mpicc -std=c99 -O2 -Wall -Werror %rt_cflags -I %S/../Exec/Inputs %t.root.c -o %t.root %rt_mpi_libs
// RUN: env HETILE_STATS=1 HETILE_PROFIT=0 HETILE_SPEEDS=1,1,1 HETILE_ALLOC=chunk HETILE_TILE_SIZES=8,10 %mpirun -np 3 sh -c '"$0" "$@" > %t.out.$OMPI_COMM_WORLD_RANK' %t.root 1 30 40 2> %t.err
// RUN: FileCheck %s --check-prefix=ROOT < %t.err
// RUN: diff %t.expected %t.out.0
// ROOT-DAG: hetile: rank 0/3: {{.*}}; final exchange 4 bytes received, 0 bytes sent in 0 messages,
// ROOT-DAG: hetile: rank 1/3: {{.*}}; final exchange 0 bytes received, 0 bytes sent in 0 messages,
// ROOT-DAG: hetile: rank 2/3: {{.*}}; final exchange 0 bytes received, 4 bytes sent in 1 messages,
//
//@ args 0 0 0 | 0 1 1 | 0 7 5 | 0 30 40 | 0 23 31
//@ mpi-runs 2:8,10 3:3,4 4:1,1
//@ gather-root
#include "exec-common.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* Edit distance: the function allocates its table and returns its last
   cell, the one element read after the nest. */
static int last_cell(int n, int m, const char *a, const char *b) {
  int (*D)[m + 1] = malloc(sizeof(int[n + 1][m + 1]));
  if (!D)
    return -1;
  for (int i = 0; i <= n; i++)
    D[i][0] = i;
  for (int j = 0; j <= m; j++)
    D[0][j] = j;
#pragma hetile
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++)
      D[i][j] = MIN(MIN(D[i - 1][j] + 1, D[i][j - 1] + 1),
                    D[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
  int r = D[n][m];
  free(D);
  return r;
}

/* A time-skewed 1-D stencil on a local array (a VLA): two elements read
   after. */
static double two_ends(int T, int n) {
  double A[n], B[n];
  for (int i = 0; i < n; i++) {
    A[i] = hetile_exec_init(i, 3, 0);
    B[i] = 0;
  }
#pragma hetile
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
  return A[1] + B[n - 2];
}

/* A scratch table the function only frees: none of its values move; the
   caller's array `out` moves whole. */
static void scratch(int n, int m, double out[restrict n][m]) {
  double (*W)[m] = calloc((size_t)n * (size_t)m, sizeof(double));
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++) {
      W[i][j] = 0.5 * W[i - 1][j] + 0.25 * W[i][j - 1] + 1.0;
      out[i][j] = W[i][j] - 0.5 * out[i - 1][j];
    }
  free(W);
}

static unsigned long long hash_table(int n, int m, int (*D)[m]) {
  return hetile_exec_hash(D, sizeof(int) * (size_t)n * (size_t)m);
}

/* The table goes to a function after the nest: every final value moves. */
static unsigned long long escapes(int n, int m) {
  int (*D)[m] = malloc(sizeof(int[n][m]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      D[i][j] = i - j;
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++)
      D[i][j] = D[i - 1][j] + 2 * D[i][j - 1] - D[i - 1][j - 1];
  unsigned long long h = hash_table(n, m, D);
  free(D);
  return h;
}

/* The nest in a loop reads, on the next pass, what it wrote (on other
   columns, as the columns start further right each pass): every final
   value moves. */
static double in_a_loop(int n, int m) {
  double (*E)[m] = malloc(sizeof(double[n][m]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      E[i][j] = hetile_exec_init(i, j, 5);
  for (int pass = 0; pass < 3; pass++) {
#pragma hetile
    for (int i = 1; i < n; i++)
      for (int j = 1 + 7 * pass; j < m; j++)
        E[i][j] = 0.25 * (E[i - 1][j] + E[i][j - 1]) + 0.5 * E[i][j];
  }
  double r = E[n - 1][m - 1];
  free(E);
  return r;
}

/* Edit distance on a flat table, `D[i * (m + 1) + j]` (delinearized): the
   reads after the nest are split into the model's row and column. */
static int flat_cell(int n, int m, const char *a, const char *b) {
  int *D = malloc(sizeof(int) * (size_t)(n + 1) * (size_t)(m + 1));
  if (D == NULL)
    return -1;
  for (int i = 0; i <= n; i++)
    D[i * (m + 1)] = i;
  for (int j = 0; j <= m; j++)
    D[j] = j;
#pragma hetile
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++)
      D[i * (m + 1) + j] =
          MIN(MIN(D[(i - 1) * (m + 1) + j] + 1, D[i * (m + 1) + j - 1] + 1),
              D[(i - 1) * (m + 1) + j - 1] + (a[i - 1] != b[j - 1]));
  int r = D[n * (m + 1) + m] + D[n * m + n];
  free(D);
  return r;
}

/* A 3-D recurrence on a table the function owns: on a processor grid too,
   only the corner moves. */
static double corner(int n) {
  double (*A)[n][n] = malloc(sizeof(double[n][n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        A[i][j][k] = hetile_exec_init(i, j, k);
#pragma hetile
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      for (int k = 1; k < n; k++)
        A[i][j][k] = 0.25 * (A[i - 1][j][k] + A[i][j - 1][k] + A[i][j][k - 1]) +
                     0.125 * A[i][j][k];
  double r = A[n - 1][n - 1][n - 1];
  free(A);
  return r;
}

int main(int argc, char **argv) {
  int which = argc > 1 ? atoi(argv[1]) : 0;
  int n = argc > 2 ? atoi(argv[2]) : 10, m = argc > 3 ? atoi(argv[3]) : 10;
  char *a = malloc((size_t)n + 1), *b = malloc((size_t)m + 1);
  for (int i = 0; i < n; i++)
    a[i] = (char)('a' + (i * 7 + 3) % 5);
  for (int j = 0; j < m; j++)
    b[j] = (char)('a' + (j * 5 + 1) % 4);
  if (which == 0 || which == 1)
    printf("last_cell %d\n", last_cell(n, m, a, b));
  if (which == 0 || which == 2) {
    double r = two_ends(m, n + 2);
    printf("two_ends %a\n", r);
  }
  if (which == 0 || which == 3) {
    double *out = hetile_exec_grid(n > 0 ? n : 1, m > 0 ? m : 1, 4);
    if (n > 0 && m > 0)
      scratch(n, m, (double (*)[m])out);
    hetile_exec_dump("out", out, (size_t)(n > 0 ? n : 1) * (size_t)(m > 0 ? m : 1));
    free(out);
  }
  if (which == 0 || which == 4)
    printf("escapes %llx\n", n > 0 && m > 0 ? escapes(n, m) : 0ULL);
  if (which == 0 || which == 5)
    printf("in_a_loop %a\n", n > 0 && m > 0 ? in_a_loop(n, m) : 0.0);
  if (which == 0 || which == 7)
    printf("flat_cell %d\n", flat_cell(n, m, a, b));
  if ((which == 0 || which == 6) && n > 0)
    printf("corner %a\n", corner(n < 20 ? n : 20));
  free(a);
  free(b);
  return 0;
}
