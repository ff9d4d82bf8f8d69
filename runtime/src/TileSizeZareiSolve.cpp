//===- TileSizeZareiSolve.cpp - solving problem (3.5) of [ZZ16] -------------===//
//
// Two solvers of the integer program (3.5) (minimise T_P(h1, h2) of (3.4)
// subject to V_i h1 h2 <= CacheSize_i, 1 <= h_k <= U_sk):
//  - exact: every feasible point. Since h1 h2 <= M, there are about
//    M (1 + ln M) of them, not U_s1 U_s2 (the paper's "searching the entire
//    space", section 4.1, made cheap by the cache bound).
//  - the tiling genetic algorithm of section 3.4: integer chromosomes
//    <h1, h2>, objective (3.6) with a constant penalty, fitness (3.7),
//    roulette-wheel selection, arithmetic crossover, mutation that redraws a
//    chromosome, elitism, a fixed number of generations.
//
// Choices where the paper is silent or ambiguous (also in docs/design.md):
//  - population 50, 500 generations, P_crossover 0.8, P_mutation 0.1, and
//    the penalty c = T_P(1, 1): the paper gives no values (its Table 4.3
//    reports generations up to 522).
//  - the initial genes are uniform integers in [1, U_sk], as the text
//    says; the printed Round(1 + U Rand()) could give U + 1.
//  - one lambda per crossover, shared by both genes; children's genes are
//    rounded to the nearest integer (a convex combination of genes in
//    range stays in range).
//  - mutation replaces both genes of the chosen chromosome ("replaced the
//    value of the chosen chromosomes, <h1, h2>").
//  - elitism: if the best of the old population beats the best of the new
//    one, it replaces the worst of the new one.
//  - the answer is the best feasible chromosome ever evaluated; ties as in
//    the exact solver (smaller h1 + h2, then smaller h1).
//  - the RNG is splitmix64, so that a seed gives the same answer on every
//    platform and standard library.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "Math.h"
#include "ZareiModel.h"

#include "hetile_models.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

using namespace hetile::rt;

namespace {

struct Point {
  long H1 = 0, H2 = 0;
  double Time = INFINITY; // T_P
  double Obj = INFINITY;  // (3.6)
  bool Feasible = false;
};

/// Strictly better: a smaller time; ties to smaller h1 + h2, then h1.
bool better(double TA, long A1, long A2, double TB, long B1, long B2) {
  if (TA != TB)
    return TA < TB;
  if (A1 + A2 != B1 + B2)
    return A1 + A2 < B1 + B2;
  return A1 < B1;
}

bool betterPoint(const Point &A, const Point &B) {
  return better(A.Obj, A.H1, A.H2, B.Obj, B.H1, B.H2);
}

double secondsSince(std::chrono::steady_clock::time_point T0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
      .count();
}

/// splitmix64 (Steele, Lea, Flood 2014): small, seedable, the same stream
/// everywhere.
struct Rng {
  unsigned long long State;
  unsigned long long next() {
    unsigned long long Z = (State += 0x9e3779b97f4a7c15ULL);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
    return Z ^ (Z >> 31);
  }
  /// Rand() of section 3.4: uniform in [0, 1).
  double uniform() { return (double)(next() >> 11) * 0x1.0p-53; }
  /// A uniform integer in [1, U].
  long gene(long U) {
    return 1 + (long)std::min<double>((double)U - 1, uniform() * (double)U);
  }
};

struct Ga {
  const ZzModel &M;
  hetile_tilesize_3d_ga_params Par;
  Rng R;
  long Evaluations = 0;
  Point Best; // best feasible so far
  long BestGeneration = 0;

  Point evaluate(long H1, long H2, long Generation);
  Point randomPoint(long Generation) {
    long H1 = R.gene(M.Prob->us1);
    return evaluate(H1, R.gene(M.Prob->us2), Generation);
  }
  size_t roulette(const std::vector<double> &Cumulative);
  std::vector<Point> breed(const std::vector<Point> &Pop, long Generation);
};

/// Objective (3.6): T_P plus the constant penalty c when h1 h2 > M.
Point Ga::evaluate(long H1, long H2, long Generation) {
  Point X;
  X.H1 = H1;
  X.H2 = H2;
  X.Time = zzTime(M, H1, H2);
  X.Feasible = zzFeasible(M, H1, H2);
  X.Obj = X.Time + (X.Feasible ? 0 : Par.penalty);
  ++Evaluations;
  if (X.Feasible && (!Best.Feasible || betterPoint(X, Best))) {
    Best = X;
    BestGeneration = Generation;
  }
  return X;
}

/// Roulette-wheel selection over the cumulative fitness (3.7).
size_t Ga::roulette(const std::vector<double> &Cumulative) {
  double X = R.uniform() * Cumulative.back();
  size_t K = std::upper_bound(Cumulative.begin(), Cumulative.end(), X) -
             Cumulative.begin();
  return std::min(K, Cumulative.size() - 1);
}

/// One generation: selection, arithmetic crossover, mutation.
std::vector<Point> Ga::breed(const std::vector<Point> &Pop, long Generation) {
  std::vector<double> Cumulative;
  double Sum = 0;
  for (const Point &X : Pop)
    Cumulative.push_back(Sum += 1 / (X.Obj + 1)); // (3.7)
  std::vector<Point> Next;
  while ((long)Next.size() < Par.population) {
    const Point &A = Pop[roulette(Cumulative)], &B = Pop[roulette(Cumulative)];
    long C[2][2] = {{A.H1, A.H2}, {B.H1, B.H2}};
    if (R.uniform() <= Par.p_crossover) {
      double L = R.uniform();
      for (int G = 0; G < 2; ++G) {
        long PA = G ? A.H2 : A.H1, PB = G ? B.H2 : B.H1;
        C[0][G] = math::lround(L * PA + (1 - L) * PB);
        C[1][G] = math::lround((1 - L) * PA + L * PB);
      }
    }
    for (int K = 0; K < 2 && (long)Next.size() < Par.population; ++K)
      Next.push_back(R.uniform() < Par.p_mutation
                         ? randomPoint(Generation)
                         : evaluate(C[K][0], C[K][1], Generation));
  }
  return Next;
}

int checkParams(const hetile_tilesize_3d_ga_params *In,
                hetile_tilesize_3d_ga_params &Par) {
  Par = In ? *In : hetile_tilesize_3d_ga_params{};
  Par.population = Par.population > 0 ? Par.population : 50;
  Par.generations = Par.generations > 0 ? Par.generations : 500;
  Par.p_crossover = Par.p_crossover > 0 ? Par.p_crossover : 0.8;
  Par.p_mutation = Par.p_mutation > 0 ? Par.p_mutation : 0.1;
  if (Par.population < 2 || Par.population > 1000000 ||
      Par.generations > 100000000 / Par.population)
    return fail(HETILE_ERR_INVALID, "zarei3d ga: need a population in 2..1e6 "
                "and at most 1e8 evaluations, got %ld x %ld", Par.population,
                Par.generations);
  if (Par.p_crossover > 1 || Par.p_mutation > 1 ||
      !std::isfinite(Par.penalty))
    return fail(HETILE_ERR_INVALID, "zarei3d ga: probabilities must be in "
                "[0, 1] and the penalty finite");
  return HETILE_OK;
}

} // namespace

extern "C" int
hetile_tilesize_3d_solve_exact(const hetile_tilesize_3d_problem *prob,
                               hetile_tilesize_3d_result *res) {
  auto T0 = std::chrono::steady_clock::now();
  ZzModel M;
  if (int E = zzBuild(prob, M))
    return E;
  long Max1 = M.Bound < 0 ? prob->us1 : std::min(prob->us1, M.Bound);
  double Count = 0;
  for (long H1 = 1; H1 <= Max1 && Count <= 2e8; ++H1)
    Count += M.Bound < 0 ? prob->us2 : std::min(prob->us2, M.Bound / H1);
  if (Count > 2e8)
    return fail(HETILE_ERR_INVALID, "zarei3d: more than 2e8 feasible tiles "
                "for the exact solver; give cache sizes or use the genetic "
                "algorithm");
  *res = hetile_tilesize_3d_result{};
  res->time = INFINITY;
  for (long H1 = 1; H1 <= Max1; ++H1) {
    long Max2 = M.Bound < 0 ? prob->us2 : std::min(prob->us2, M.Bound / H1);
    for (long H2 = 1; H2 <= Max2; ++H2) {
      double T = zzTime(M, H1, H2);
      ++res->evaluations;
      if (better(T, H1, H2, res->time, res->h1, res->h2))
        res->time = T, res->h1 = H1, res->h2 = H2;
    }
  }
  res->bound = M.Bound;
  res->seconds = secondsSince(T0);
  return HETILE_OK;
}

extern "C" int
hetile_tilesize_3d_solve_ga(const hetile_tilesize_3d_problem *prob,
                            const hetile_tilesize_3d_ga_params *params,
                            hetile_tilesize_3d_result *res) {
  auto T0 = std::chrono::steady_clock::now();
  ZzModel M;
  if (int E = zzBuild(prob, M))
    return E;
  hetile_tilesize_3d_ga_params Par;
  if (int E = checkParams(params, Par))
    return E;
  if (!(Par.penalty > 0))
    Par.penalty = zzTime(M, 1, 1);
  Ga G{M, Par, Rng{Par.seed}, 0, Point{}, 0};
  std::vector<Point> Pop;
  for (long K = 0; K < Par.population; ++K)
    Pop.push_back(G.randomPoint(0));
  for (long Gen = 1; Gen <= Par.generations; ++Gen) {
    std::vector<Point> Next = G.breed(Pop, Gen);
    auto Old = std::min_element(Pop.begin(), Pop.end(), betterPoint);
    auto New = std::min_element(Next.begin(), Next.end(), betterPoint);
    if (betterPoint(*Old, *New))
      *std::max_element(Next.begin(), Next.end(), betterPoint) = *Old;
    Pop.swap(Next);
  }
  if (!G.Best.Feasible)
    return fail(HETILE_ERR_INFEASIBLE, "zarei3d ga: no chromosome met the "
                "cache constraint h1*h2 <= %ld in %ld evaluations; raise the "
                "population or generations", M.Bound, G.Evaluations);
  *res = hetile_tilesize_3d_result{
      G.Best.H1,     G.Best.H2,        G.Best.Time,     M.Bound,
      G.Evaluations, G.BestGeneration, secondsSince(T0)};
  return HETILE_OK;
}
