//===- TileSizeAndonovYanev.cpp - n-dimensional orthogonal tile sizing
//------===//
//
// Andonov & Yanev, "n-dimensional orthogonal tile sizing problem", Pliska
// Stud. Math. Bulgar. 12 (1998), section 3. An (n+1)-dimensional uniform
// recurrence of extents m_1..m_{n+1} on a p_1 x ... x p_n grid; tiles
// x_1 x ... x x_{n+1}; the (n+1)-th axis is projected onto the processors.
//
// The constant B. Formula (16) as printed gives B = tau_a * sum(p_k - 1)
// (our default, HETILE_TILESIZE_ND_B_PRINTED: it is what T of (16) implies, and
// the unit tests check the volume against a numeric minimisation of (16)). The
// numbers of Example 1 (a = 135538.8711, b = 135873.2441, v = 135856,
// x~ = 17.9368, 4.4842, 26.9052, 62.7788) are all reproduced, to the printed
// digits, by B = tau_a * (1 + sum(p_k - 1)) = 26 instead of 25:
// HETILE_TILESIZE_ND_B_EXAMPLE. With the printed B, Example 1 gives nu =
// 138564.06.
//
//===----------------------------------------------------------------------===//
#include "Error.h"
#include "Math.h"

#include "hetile_models.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

using namespace hetile::rt;

namespace {

/// The constants of Theorem 3.2's proof: A = 2n beta W / P,
/// B = tau_a sum p~ (or with +1, see the file comment), C = tau_t P~^(1/n).
struct Model {
  int N;
  double W = 1, P = 1, PTilde = 1, SumPTilde = 0, A, B, C;
  std::vector<long> U; // u_i = floor(m_i / p_i), i < n (the example's u_3 = 14)
};

int buildModel(const hetile_tilesize_nd_problem *Prob, Model &M) {
  if (!Prob || Prob->n < 1 || Prob->n > 16 || !Prob->m || !Prob->p)
    return fail(HETILE_ERR_INVALID, "andonov-yanev: need 1 <= n <= 16, n+1 "
                "extents and n grid sizes");
  if (!(Prob->beta >= 0) || !(Prob->tau_a > 0) || !(Prob->tau_t >= 0) ||
      !std::isfinite(Prob->beta) || !std::isfinite(Prob->tau_a) ||
      !std::isfinite(Prob->tau_t))
    return fail(HETILE_ERR_INVALID, "andonov-yanev: need beta >= 0, tau_a > 0 "
                "and tau_t >= 0");
  M.N = Prob->n;
  for (int I = 0; I <= M.N; ++I) {
    if (Prob->m[I] < 1)
      return fail(HETILE_ERR_INVALID, "andonov-yanev: extent m_%d = %ld must "
                  "be >= 1", I + 1, Prob->m[I]);
    M.W *= (double)Prob->m[I];
  }
  for (int I = 0; I < M.N; ++I) {
    long Pi = Prob->p[I];
    if (Pi < 1 || Pi > Prob->m[I])
      return fail(HETILE_ERR_INVALID, "andonov-yanev: grid size p_%d = %ld must "
                  "be in 1..m_%d", I + 1, Pi, I + 1);
    M.P *= (double)Pi;
    M.PTilde *= (double)(Pi - 1);
    M.SumPTilde += (double)(Pi - 1);
    M.U.push_back(Prob->m[I] / Pi);
  }
  M.A = 2.0 * M.N * Prob->beta * M.W / M.P;
  M.B =
      Prob->tau_a *
      (M.SumPTilde + (Prob->b_variant == HETILE_TILESIZE_ND_B_EXAMPLE ? 1 : 0));
  M.C = Prob->tau_t * math::root(M.PTilde, M.N);
  return HETILE_OK;
}

/// f'(v) = -A/v^2 + B + (n-1) C v^(-1/n), proof of Theorem 3.2.
double fPrime(const Model &M, double V) {
  return -M.A / (V * V) + M.B + (M.N - 1) * M.C * (1.0 / math::root(V, M.N));
}

/// Theorem 3.2 (i), bounds (27): mu = sqrt(A / (B + (n-1)C)) and
/// nu = sqrt((A - (n-1)C) / B); the optimal volume lies in [mu, nu].
void volumeBounds(const Model &M, double &Mu, double &Nu) {
  Mu = math::sqrt(M.A / (M.B + (M.N - 1) * M.C));
  double Num = M.A - (M.N - 1) * M.C;
  Nu = Num > 0 && M.B > 0 ? math::sqrt(Num / M.B) : Mu;
}

/// The positive zero of f'(v) (bisection; f' < 0 below it, > 0 above).
double optimalVolume(const Model &M, double Mu, double Nu) {
  if (M.B <= 0)
    return INFINITY; // one processor: no pipeline, the largest tile wins
  if (M.A <= 0)
    return 0;
  double Lo = std::min(Mu, Nu) / 2, Hi = std::max(Mu, Nu) * 2;
  while (fPrime(M, Lo) > 0 && Lo > 1e-300)
    Lo /= 2;
  while (fPrime(M, Hi) < 0 && Hi < 1e300)
    Hi *= 2;
  for (int It = 0; It < 200; ++It) {
    double Mid = 0.5 * (Lo + Hi);
    (fPrime(M, Mid) < 0 ? Lo : Hi) = Mid;
  }
  return 0.5 * (Lo + Hi);
}

/// Theorem 3.2 (ii), formula (19): x~_i = p~_i (v / P~)^(1/n). When some
/// p_i = 1 (P~ = 0, no communication along axis i) we give that axis its
/// bound u_i and apply (19) to the other axes (our extension).
void continuousOptimum(const Model &M, const long *Grid, double V, double *X) {
  double Rest = V;
  int K = 0;
  double PT = 1;
  for (int I = 0; I < M.N; ++I)
    if (Grid[I] == 1)
      Rest /= (double)M.U[I];
    else
      ++K, PT *= (double)(Grid[I] - 1);
  for (int I = 0; I < M.N; ++I)
    X[I] = Grid[I] == 1 ? (double)M.U[I]
                        : (Grid[I] - 1) * math::root(Rest / PT, K);
}

/// Formula (15): the minimum of T on the edge E_{n+1}, clamped to
/// [1, m_{n+1}] (Lemma 3.1).
long edgeLastSize(const Model &M, const hetile_tilesize_nd_problem *Prob) {
  double ProdU2 = 1, Sum = 0;
  for (int K = 0; K < M.N; ++K) {
    ProdU2 *= (double)M.U[K] * (double)M.U[K];
    Sum += (Prob->p[K] - 1) * (Prob->tau_t / M.U[K] + Prob->tau_a);
  }
  double X = math::sqrt(2.0 * M.N * Prob->beta * M.W / (M.P * ProdU2 * Sum));
  double Max = (double)Prob->m[M.N];
  if (!(X < Max))
    return Prob->m[M.N];
  return std::max(1L, math::lround(X));
}

double product(int N, const double *X, int Skip = -1) {
  double P = 1;
  for (int I = 0; I < N; ++I)
    if (I != Skip)
      P *= X[I];
  return P;
}

} // namespace

extern "C" int hetile_tilesize_nd_project(int n, const double *xtilde,
                                          const long *u, double v,
                                          double *x_out) {
  if (n < 1 || !xtilde || !u || !x_out || !(v >= 0))
    return fail(HETILE_ERR_INVALID, "andonov-yanev projection: bad arguments");
  std::vector<double> R(n);
  double ProdU = 1;
  for (int I = 0; I < n; ++I) {
    if (u[I] < 1)
      return fail(HETILE_ERR_INVALID, "andonov-yanev projection: u_%d < 1", I);
    ProdU *= (double)u[I];
    R[I] = std::clamp(xtilde[I], 1.0, (double)u[I]);
  }
  bool Raise = product(n, R.data()) < v;
  if (v >= ProdU || v <= 1) {
    for (int I = 0; I < n; ++I)
      x_out[I] = v >= ProdU ? (double)u[I] : 1.0;
    return HETILE_OK;
  }
  // Raise (lower) the coordinates with the largest gaps first.
  std::vector<int> Order(n);
  std::iota(Order.begin(), Order.end(), 0);
  auto Gap = [&](int I) { return Raise ? u[I] - R[I] : R[I] - 1; };
  std::sort(Order.begin(), Order.end(), [&](int L, int Rr) {
    return Gap(L) > Gap(Rr) || (Gap(L) == Gap(Rr) && L < Rr);
  });
  for (int I : Order) {
    double Others = product(n, R.data(), I);
    double Need = v / Others;
    if (Need >= 1 && Need <= (double)u[I]) {
      R[I] = Need;
      break;
    }
    R[I] = Raise ? (double)u[I] : 1.0;
  }
  std::copy(R.begin(), R.end(), x_out);
  return HETILE_OK;
}

extern "C" int hetile_tilesize_nd_integer_point(int n, const double *xbar,
                                                const long *u, double v,
                                                long *x_out) {
  if (n < 1 || !xbar || !u || !x_out)
    return fail(HETILE_ERR_INVALID, "andonov-yanev rounding: bad arguments");
  std::vector<double> X(n);
  int Star = 0;
  for (int I = 0; I < n; ++I) {
    X[I] = math::nearbyint(xbar[I]);
    if (X[I] > X[Star])
      Star = I;
  }
  double Step = math::trunc((v - product(n, X.data())) /
                           product(n, X.data(), Star));
  X[Star] += Step;
  for (int I = 0; I < n; ++I)
    x_out[I] = std::clamp((long)X[I], 1L, u[I]);
  return HETILE_OK;
}

extern "C" int
hetile_tilesize_nd_time_facet(const hetile_tilesize_nd_problem *prob,
                              const double *x, double *time_out) {
  Model M;
  if (int E = buildModel(prob, M))
    return E;
  double V = product(M.N, x), Sum = 0;
  for (int K = 0; K < M.N; ++K)
    Sum += (prob->p[K] - 1) * (M.N * prob->beta + prob->tau_t * V / x[K] +
                               prob->tau_a * V);
  *time_out = M.W / V * (2 * M.N * prob->beta / M.P + prob->tau_a * V / M.P) +
              Sum;
  return HETILE_OK;
}

extern "C" int hetile_tilesize_nd_solve(const hetile_tilesize_nd_problem *prob,
                                        hetile_tilesize_nd_result *res) {
  Model M;
  if (int E = buildModel(prob, M))
    return E;
  *res = hetile_tilesize_nd_result{};
  volumeBounds(M, res->mu, res->nu);
  res->volume = optimalVolume(M, res->mu, res->nu);
  double ProdU = 1;
  for (long U : M.U)
    ProdU *= (double)U;
  double V = std::min(res->volume, 1e300);
  continuousOptimum(M, prob->p, V, res->continuous);
  if (int E = hetile_tilesize_nd_project(M.N, res->continuous, M.U.data(),
                                         std::min(V, ProdU), res->projected))
    return E;
  if (int E = hetile_tilesize_nd_integer_point(M.N, res->projected, M.U.data(),
                                               std::min(V, ProdU), res->tile))
    return E;
  res->on_edge = V > ProdU;
  res->tile[M.N] = res->on_edge ? edgeLastSize(M, prob) : 1;
  return HETILE_OK;
}
