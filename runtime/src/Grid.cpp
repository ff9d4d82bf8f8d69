//===- Grid.cpp - processor grids of Andonov & Yanev ----------------------===//
//
// See hetile_grid.h: HETILE_GRID's text and the mapping of tile columns to
// the processors of a grid, [AY98] section 2.
//
//===----------------------------------------------------------------------===//
#include "Error.h"

#include "hetile_grid.h"
#include "hetile_rt.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

using namespace hetile::rt;

extern "C" int hetile_grid_parse(const char *text, int ranks, int *ndims,
                                 int *p) {
  if (!ndims || !p)
    return fail(HETILE_ERR_INVALID, "hetile_grid_parse: no output");
  *ndims = 0;
  if (!text || !*text)
    return HETILE_OK;
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
