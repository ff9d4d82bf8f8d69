//===- Alloc.cpp - columnwise block allocation of [BDRV98] ------------------===//
//
// Boulet, Dongarra, Robert, Vivien, "Tiling for heterogeneous computing
// platforms", LIP RR-98-08 (1998). Tile columns are given to processors of
// cycle times t_i (time per tile, larger = slower) by blocks; a chunk of
// blocks (c_0 columns to P_0, c_1 to P_1, ...) repeats periodically.
// Costs are fractions compared exactly with 128-bit products.
//
// The strategies built from these (hetile_alloc_owners, HETILE_ALLOC) are in
// AllocStrategy.cpp.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "Math.h"

#include "hetile_models.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>
#include <vector>

using namespace hetile::rt;

namespace {

using I128 = __int128;

long gcdLong(long A, long B) {
  while (B) {
    long R = A % B;
    A = B;
    B = R;
  }
  return A;
}

/// Equation (2) of section 4.2.2: the j minimising t_j (c_j + 1); ties go to
/// the smallest index (this reproduces the "Selected j" column of Table 2).
int selectNext(int P, const long *T, const long *C) {
  int Best = 0;
  for (int I = 1; I < P; ++I)
    if ((I128)T[I] * (C[I] + 1) < (I128)T[Best] * (C[Best] + 1))
      Best = I;
  return Best;
}

/// Definition 1 as an exact fraction; false if max c_i t_i overflows.
bool exactCost(int P, const long *T, const long *C, long &Num, long &Den) {
  I128 Max = 0, Sum = 0;
  for (int I = 0; I < P; ++I) {
    I128 Prod = (I128)C[I] * T[I];
    if (Prod > Max)
      Max = Prod;
    Sum += C[I];
  }
  if (Max > LONG_MAX || Sum > LONG_MAX)
    return false;
  Num = (long)Max;
  Den = (long)Sum;
  return true;
}

/// A/B < C/D for positive denominators.
bool lessFraction(long A, long B, long C, long D) {
  return (I128)A * D < (I128)C * B;
}

} // namespace

/// L = lcm(t_0, ..., t_{P-1}), section 3.2 of [BDRV98].
extern "C" int hetile_alloc_lcm(int p, const long *t, long *lcm_out) {
  if (int E = checkTimes(p, t, "lcm"))
    return E;
  I128 L = 1;
  for (int I = 0; I < p; ++I) {
    L = L / gcdLong((long)L, t[I]) * t[I];
    if (L > LONG_MAX)
      return fail(HETILE_ERR_OVERFLOW, "lcm of the cycle times exceeds 2^63 "
                  "(after t_%d = %ld)", I, t[I]);
  }
  *lcm_out = (long)L;
  return HETILE_OK;
}

/// The heuristic of section 3.2 (Proposition 1: asymptotically optimal):
/// chunks of C = L * sum(1/t_i) columns, of which L/t_i go to processor i.
extern "C" int hetile_alloc_optimal(int p, const long *t, long *counts_out,
                                    long *chunk_out) {
  long L;
  if (int E = hetile_alloc_lcm(p, t, &L))
    return E;
  I128 Chunk = 0;
  for (int I = 0; I < p; ++I) {
    counts_out[I] = L / t[I];
    Chunk += counts_out[I];
  }
  if (Chunk > LONG_MAX)
    return fail(HETILE_ERR_OVERFLOW, "optimal chunk L * sum(1/t_i) exceeds "
                "2^63 columns");
  *chunk_out = (long)Chunk;
  return HETILE_OK;
}

/// Definition 1 of section 4.2.1: cost = max_i(c_i t_i) / sum_i c_i.
extern "C" int hetile_alloc_cost(int p, const long *t, const long *counts,
                                 long *num, long *den) {
  if (int E = checkTimes(p, t, "cost"))
    return E;
  for (int I = 0; I < p; ++I)
    if (counts[I] < 0)
      return fail(HETILE_ERR_INVALID, "cost: negative block count c_%d", I);
  if (!exactCost(p, t, counts, *num, *den))
    return fail(HETILE_ERR_OVERFLOW, "cost: c_i * t_i exceeds 2^63");
  if (*den == 0)
    return fail(HETILE_ERR_INVALID, "cost: empty chunk (all c_i = 0)");
  return HETILE_OK;
}

/// The incremental algorithm of section 4.2.2 (Lemma 5: each row satisfies
/// condition (1), hence is optimal for its chunk size by Lemma 4).
extern "C" int hetile_alloc_table(int p, const long *t, long max_chunk,
                                  long *rows, int *selected) {
  if (int E = checkTimes(p, t, "table"))
    return E;
  if (max_chunk < 0)
    return fail(HETILE_ERR_INVALID, "table: negative maximum chunk %ld",
                max_chunk);
  for (int I = 0; I < p; ++I)
    rows[I] = 0;
  for (long S = 0; S <= max_chunk; ++S) {
    long *Row = rows + S * p;
    int J = selectNext(p, t, Row);
    if (selected)
      selected[S] = J;
    if (S == max_chunk)
      break;
    long *Next = Row + p;
    for (int I = 0; I < p; ++I)
      Next[I] = Row[I];
    Next[J] += 1;
  }
  return HETILE_OK;
}

/// Section 4.2: the best allocation of chunk size at most max_chunk, by
/// least exact cost and then smallest chunk. O(P * max_chunk).
extern "C" int hetile_alloc_bounded(int p, const long *t, long max_chunk,
                                    long *counts_out, long *chunk_out) {
  if (int E = checkTimes(p, t, "bounded"))
    return E;
  if (max_chunk < 1)
    return fail(HETILE_ERR_INVALID, "bounded: the maximum chunk must be >= 1, "
                "got %ld", max_chunk);
  std::vector<long> C(p, 0);
  long BestNum = 0, BestDen = 0;
  for (long S = 1; S <= max_chunk; ++S) {
    C[selectNext(p, t, C.data())] += 1;
    long Num, Den;
    if (!exactCost(p, t, C.data(), Num, Den))
      return fail(HETILE_ERR_OVERFLOW, "bounded: c_i * t_i exceeds 2^63");
    if (BestDen != 0 && !lessFraction(Num, Den, BestNum, BestDen))
      continue;
    BestNum = Num;
    BestDen = Den;
    for (int I = 0; I < p; ++I)
      counts_out[I] = C[I];
    *chunk_out = S;
  }
  return HETILE_OK;
}

/// Section 3.2: blocks of counts[i] columns, chunk after chunk; the last
/// chunk may be incomplete.
extern "C" int hetile_alloc_owners_from_counts(int p, const long *counts,
                                               long n2, int *owner) {
  if (p < 1 || n2 < 0)
    return fail(HETILE_ERR_INVALID, "owners: need p >= 1 and n2 >= 0");
  I128 Chunk = 0;
  for (int I = 0; I < p; ++I) {
    if (counts[I] < 0)
      return fail(HETILE_ERR_INVALID, "owners: negative block count c_%d", I);
    Chunk += counts[I];
  }
  if (Chunk == 0)
    return fail(HETILE_ERR_INVALID, "owners: empty chunk (all c_i = 0)");
  long J = 0;
  while (J < n2)
    for (int I = 0; I < p && J < n2; ++I)
      for (long K = 0; K < counts[I] && J < n2; ++K)
        owner[J++] = I;
  return HETILE_OK;
}

/// Cyclic(b) of section 4.3.2: column j to processor (j / b) mod p.
extern "C" int hetile_alloc_block_cyclic(int p, long b, long n2, int *owner) {
  if (p < 1 || b < 1 || n2 < 0)
    return fail(HETILE_ERR_INVALID, "block-cyclic: need p >= 1, b >= 1, "
                "n2 >= 0 (got p=%d b=%ld n2=%ld)", p, b, n2);
  for (long J = 0; J < n2; ++J)
    owner[J] = (int)((J / b) % p);
  return HETILE_OK;
}

extern "C" int hetile_alloc_times_to_integers(int p, const double *t,
                                              long *t_out) {
  if (p < 1 || !t)
    return fail(HETILE_ERR_INVALID, "times: need at least one cycle time");
  for (int I = 0; I < p; ++I)
    if (!(t[I] > 0) || !std::isfinite(t[I]))
      return fail(HETILE_ERR_INVALID, "times: cycle time t_%d = %g must be a "
                  "positive number", I, t[I]);
  double Scale = 1;
  for (int Digits = 0; Digits <= 6; ++Digits, Scale *= 10) {
    bool Exact = true;
    for (int I = 0; I < p && Exact; ++I) {
      double V = t[I] * Scale;
      Exact = V < 9e15 && std::fabs(V - math::nearbyint(V)) <= 1e-9 * V;
    }
    if (!Exact)
      continue;
    long G = 0;
    for (int I = 0; I < p; ++I) {
      t_out[I] = (long)math::nearbyint(t[I] * Scale);
      G = gcdLong(t_out[I], G);
    }
    for (int I = 0; I < p; ++I)
      t_out[I] /= G;
    return HETILE_OK;
  }
  return fail(HETILE_ERR_INVALID, "times: cycle times must be decimals with "
              "at most 6 digits after the point and below 9e9");
}

/// Lemma 1: T_opt >= N1 N2 / sum(1/t_i).
extern "C" int hetile_alloc_lower_bound(int p, const double *t, long n1,
                                        long n2, double *bound_out) {
  if (p < 1 || n1 < 0 || n2 < 0)
    return fail(HETILE_ERR_INVALID, "lower bound: need p >= 1, n1, n2 >= 0");
  double Inv = 0;
  for (int I = 0; I < p; ++I) {
    if (!(t[I] > 0))
      return fail(HETILE_ERR_INVALID, "lower bound: t_%d must be positive", I);
    Inv += 1 / t[I];
  }
  *bound_out = (double)n1 * (double)n2 / Inv;
  return HETILE_OK;
}

/// Lemma 3: T - T_opt <= (P-1) T_com + (N1 + N2 - 1) lcm(t).
extern "C" int hetile_alloc_gap_bound(int p, const long *t, long n1, long n2,
                                      double tcom, double *slack_out) {
  long L;
  if (int E = hetile_alloc_lcm(p, t, &L))
    return E;
  if (n1 < 1 || n2 < 1 || !(tcom >= 0))
    return fail(HETILE_ERR_INVALID, "lemma 3: need n1, n2 >= 1, tcom >= 0");
  *slack_out = (p - 1) * tcom + (double)(n1 + n2 - 1) * (double)L;
  return HETILE_OK;
}
