/* nussinov (PolyBench, medley): Nussinov's dynamic programme for RNA
 * secondary structure, the maximal number of base pairs of every
 * subsequence seq[i..j] in table[i][j] (int), as PolyBench 4.2 writes it.
 *
 *   nussinov N   seq has N bases, table is N x N */
#include "../bench-kernel.h"

typedef char base;

#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

static void kernel_nussinov(int n, base seq[n], int table[n][n]) {
  for (int i = n - 1; i >= 0; i--) {
    for (int j = i + 1; j < n; j++) {
      if (j - 1 >= 0)
        table[i][j] = max_score(table[i][j], table[i][j - 1]);
      if (i + 1 < n)
        table[i][j] = max_score(table[i][j], table[i + 1][j]);
      if (j - 1 >= 0 && i + 1 < n) {
        if (i < j - 1)
          table[i][j] = max_score(table[i][j],
                                  table[i + 1][j - 1] + match(seq[i], seq[j]));
        else
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
      }
      for (int k = i + 1; k < j; k++)
        table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
    }
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 2200, 1);
  size_t s_seq = sizeof(base) * (size_t)n;
  size_t s_table = sizeof(int) * (size_t)n * (size_t)n;
  base *seq = bench_alloc(s_seq);
  int (*table)[n] = bench_alloc(s_table);
  for (int i = 0; i < n; i++)
    seq[i] = (base)((i + 1) % 4);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      table[i][j] = 0;
  int rank = bench_start();
  double t0 = bench_now(), c0 = bench_cpu();
  kernel_nussinov(n, seq, table);
  double t1 = bench_now(), c1 = bench_cpu();
  unsigned long long h = BENCH_HASH_INIT;
  h = bench_hash(h, seq, s_seq);
  h = bench_hash(h, table, s_table);
  bench_report(rank, h, t1 - t0, c1 - c0);
  free(seq);
  free(table);
  return 0;
}
