//===- Grid.cpp - processor grids of Andonov & Yanev ----------------------===//
//
// See hetile_grid.h: HETILE_GRID's text and the mapping of tile columns to
// the processors of a grid, [AY98] section 2.
//
//===----------------------------------------------------------------------===//
#include "Error.h"

#include "hetile_grid.h"
#include "hetile_models.h"
#include "hetile_rt.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace hetile::rt;

extern "C" int hetile_grid_parse(const char *text, int ranks, int *ndims,
                                 int *p) {
  if (!ndims || !p)
    return fail(HETILE_ERR_INVALID, "hetile_grid_parse: no output");
  *ndims = 0;
  if (!text || !*text)
    return HETILE_OK;
  const char *Word = text;
  while (std::isspace((unsigned char)*Word))
    ++Word;
  if (!std::strncmp(Word, "ring", 4)) {
    Word += 4;
    while (std::isspace((unsigned char)*Word))
      ++Word;
    if (!*Word) {
      *ndims = 1;
      p[0] = ranks;
      return HETILE_OK;
    }
  }
  int N = 0;
  long long Product = 1;
  const char *S = text;
  for (;;) {
    while (std::isspace((unsigned char)*S))
      ++S;
    errno = 0;
    char *End = nullptr;
    long V = std::strtol(S, &End, 10);
    if (End == S || errno || V < 1 || V > 1 << 20)
      return fail(HETILE_ERR_ENV, "HETILE_GRID: '%s' is not a list of "
                  "integers >= 1 (e.g. 2,2 for a grid of 2 x 2 ranks)", text);
    if (N == HETILE_GRID_MAX_DIMS)
      return fail(HETILE_ERR_ENV, "HETILE_GRID: '%s' has more than %d "
                  "dimensions", text, HETILE_GRID_MAX_DIMS);
    p[N++] = int(V);
    Product *= V;
    if (Product > 1 << 30)
      Product = 1 << 30;
    S = End;
    while (std::isspace((unsigned char)*S))
      ++S;
    if (!*S)
      break;
    if (*S != ',')
      return fail(HETILE_ERR_ENV, "HETILE_GRID: '%s' is not a list of "
                  "integers >= 1 (e.g. 2,2 for a grid of 2 x 2 ranks)", text);
    ++S;
  }
  if (Product != ranks)
    return fail(HETILE_ERR_ENV, "HETILE_GRID: the grid '%s' has %lld "
                "processors, but the job has %d ranks", text, Product, ranks);
  *ndims = N;
  return HETILE_OK;
}

extern "C" int hetile_grid_owner(int ndims, const int *p, const long *j) {
  if (ndims < 1 || ndims > HETILE_GRID_MAX_DIMS || !p || !j)
    return -1;
  long Rank = 0;
  for (int D = 0; D < ndims; ++D) {
    if (p[D] < 1 || j[D] < 0)
      return -1;
    Rank = Rank * p[D] + j[D] % p[D];
  }
  return int(Rank);
}

extern "C" int hetile_grid_coords(int ndims, const int *p, int rank,
                                  int *r) {
  if (ndims < 1 || ndims > HETILE_GRID_MAX_DIMS || !p || !r || rank < 0)
    return -1;
  for (int D = ndims - 1; D >= 0; --D) {
    if (p[D] < 1)
      return -1;
    r[D] = rank % p[D];
    rank /= p[D];
  }
  return rank == 0 ? 0 : -1;
}

extern "C" long hetile_grid_passes(long n, int p) {
  if (n <= 0 || p < 1)
    return 0;
  return (n + p - 1) / p;
}

extern "C" int hetile_grid_dim_times(int p1, int p2, const double *t,
                                     double *row_t, double *col_t) {
  if (p1 < 1 || p2 < 1 || !t || !row_t || !col_t)
    return fail(HETILE_ERR_INVALID, "grid times: need p1, p2 >= 1 and the "
                "times");
  for (int R = 0; R < p1; ++R)
    row_t[R] = 0;
  for (int C = 0; C < p2; ++C)
    col_t[C] = 0;
  for (int R = 0; R < p1; ++R)
    for (int C = 0; C < p2; ++C) {
      double T = t[R * p2 + C];
      if (!(T > 0))
        return fail(HETILE_ERR_INVALID, "grid times: the cycle time of rank "
                    "%d must be positive", R * p2 + C);
      if (T > row_t[R])
        row_t[R] = T;
      if (T > col_t[C])
        col_t[C] = T;
    }
  return HETILE_OK;
}

extern "C" int hetile_grid_owner_tables(int p1, int p2, const double *t,
                                        long n1, long n2, int *row_of,
                                        int *col_of) {
  if (n1 < 0 || n2 < 0 || (n1 && !row_of) || (n2 && !col_of))
    return fail(HETILE_ERR_INVALID, "grid owners: need n1, n2 >= 0 and the "
                "tables");
  if (p1 < 1 || p2 < 1 || p1 > 1 << 20 || p2 > 1 << 20)
    return fail(HETILE_ERR_INVALID, "grid owners: need p1, p2 >= 1");
  std::vector<double> RowT(p1), ColT(p2);
  if (int E = hetile_grid_dim_times(p1, p2, t, RowT.data(), ColT.data()))
    return E;
  if (n1)
    if (int E = hetile_alloc_owners(p1, RowT.data(), n1, HETILE_ALLOC_AUTO, 0,
                                    row_of))
      return E;
  if (n2)
    if (int E = hetile_alloc_owners(p2, ColT.data(), n2, HETILE_ALLOC_AUTO, 0,
                                    col_of))
      return E;
  return HETILE_OK;
}

extern "C" int hetile_grid_default(int ranks, long n1, long n2, int *p) {
  if (!p)
    return fail(HETILE_ERR_INVALID, "grid default: no output");
  int Found = 0;
  long BestWork = 0, BestFill = 0;
  for (int P1 = ranks / 2; P1 >= 2; --P1) {
    if (ranks % P1)
      continue;
    int P2 = ranks / P1;
    if (P2 < 2 || P1 > n1 || P2 > n2)
      continue;
    long Work = hetile_grid_passes(n1, P1) * hetile_grid_passes(n2, P2);
    long Fill = P1 + P2;
    if (!Found || Work < BestWork || (Work == BestWork && Fill < BestFill)) {
      Found = 1;
      BestWork = Work;
      BestFill = Fill;
      p[0] = P1;
      p[1] = P2;
    }
  }
  return Found;
}

extern "C" int hetile_grid_tile_sizes(int depth, const long *extents,
                                      const int *p, double beta,
                                      double tau_t, double tau_a,
                                      long *sizes_out,
                                      hetile_tilesize_nd_result *res_out) {
  if (depth < 3 || depth > 17 || !extents || !p || !sizes_out)
    return fail(HETILE_ERR_INVALID, "grid tile sizes: need a band of 3 to 17 "
                "dimensions, its extents and a grid");
  // Band order: m[d] is band dimension d's extent; the runtime's order has
  // the last band dimension first.
  const int N = depth - 1;
  std::vector<long> M((size_t)depth), P((size_t)N, 1);
  for (int D = 0; D < N; ++D)
    M[size_t(D)] = extents[D + 1];
  M[size_t(N)] = extents[0];
  P[0] = p[0];
  P[1] = p[1];
  hetile_tilesize_nd_problem Prob = {N,          M.data(), P.data(), beta,
                                     tau_a,      tau_t,
                                     HETILE_TILESIZE_ND_B_PRINTED};
  hetile_tilesize_nd_result R;
  if (int E = hetile_tilesize_nd_solve(&Prob, &R))
    return E;
  // On the edge E_{n+1} (one tile column per processor along the grid),
  // [AY98]'s x_i = u_i = floor(m_i / p_i) assumes p_i divides m_i; with a
  // remainder it leaves a last column of m_i mod p_i points, a second pass
  // for the first grid row or column. Ours: ceil(m_i / p_i) when that
  // still makes p_i columns of the extent (not for 5 points on 4).
  if (R.on_edge)
    for (int D = 0; D < 2; ++D) {
      long X = (M[size_t(D)] + P[size_t(D)] - 1) / P[size_t(D)];
      if ((M[size_t(D)] + X - 1) / X == P[size_t(D)])
        R.tile[D] = X;
    }
  sizes_out[0] = R.tile[N];
  for (int D = 0; D < N; ++D)
    sizes_out[D + 1] = R.tile[D];
  if (res_out)
    *res_out = R;
  return HETILE_OK;
}
