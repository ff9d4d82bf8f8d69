//===- AffineExpr.cpp - Linear forms, conditions, piecewise forms ---------===//

#include "hetile/Frontend/AffineExpr.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace hetile {

namespace {
bool mulChecked(int64_t A, int64_t B, int64_t &R) {
  return !__builtin_mul_overflow(A, B, &R);
}
bool addChecked(int64_t A, int64_t B, int64_t &R) {
  return !__builtin_add_overflow(A, B, &R);
}
} // namespace

//===-- AffineExpr --------------------------------------------------------===//

AffineExpr AffineExpr::constant(int64_t C) {
  AffineExpr E;
  E.Constant = C;
  return E;
}

AffineExpr AffineExpr::variable(AffineVar V) {
  AffineExpr E;
  E.Coeffs[V] = 1;
  return E;
}

namespace {
/// floor(A / B) for B > 0.
int64_t floorDivide(int64_t A, int64_t B) {
  int64_t Q = A / B;
  return (A % B != 0 && A < 0) ? Q - 1 : Q;
}
} // namespace

std::optional<AffineExpr> AffineExpr::floorDiv(const AffineExpr &Num,
                                               int64_t Den) {
  if (Den < 1)
    return std::nullopt;
  bool Exact = llvm::all_of(Num.Coeffs, [&](const auto &Entry) {
    return Entry.second % Den == 0;
  }) && llvm::all_of(Num.Floors, [&](const FloorTerm &T) {
    return T.Coeff % Den == 0;
  });
  if (!Exact) { // Den >= 2 here
    AffineExpr R;
    R.Floors.push_back(
        FloorTerm{std::make_shared<const AffineExpr>(Num), Den, 1});
    return R;
  }
  // floor((Den * x + c) / Den) = x + floor(c / Den) for integer x.
  AffineExpr R = Num;
  for (auto &Entry : R.Coeffs)
    Entry.second /= Den;
  for (FloorTerm &T : R.Floors)
    T.Coeff /= Den;
  R.Constant = floorDivide(Num.Constant, Den);
  return R;
}

int64_t AffineExpr::getCoeff(AffineVar V) const {
  auto It = Coeffs.find(V);
  return It == Coeffs.end() ? 0 : It->second;
}

void AffineExpr::forEachVar(const std::function<void(AffineVar)> &F) const {
  for (const auto &Entry : Coeffs)
    F(Entry.first);
  for (const FloorTerm &T : Floors)
    T.Num->forEachVar(F);
}

int AffineExpr::getMonotonicity(AffineVar V) const {
  int64_t C = getCoeff(V);
  int M = C > 0 ? 1 : C < 0 ? -1 : 0;
  for (const FloorTerm &T : Floors) {
    int Inner = T.Num->getMonotonicity(V); // floor keeps the direction
    if (Inner == 0)
      continue;
    int Term = Inner == 2 ? 2 : (T.Coeff > 0 ? Inner : -Inner);
    if (M == 0)
      M = Term;
    else if (Term != M)
      M = 2;
  }
  return M;
}

bool AffineExpr::operator==(const AffineExpr &O) const {
  if (Constant != O.Constant || Coeffs != O.Coeffs ||
      Floors.size() != O.Floors.size())
    return false;
  return llvm::all_of(Floors, [&](const FloorTerm &T) {
    return llvm::any_of(O.Floors, [&](const FloorTerm &U) {
      return T.Den == U.Den && T.Coeff == U.Coeff && *T.Num == *U.Num;
    });
  });
}

bool AffineExpr::addFloor(const FloorTerm &T, int64_t Factor) {
  int64_t Term;
  if (!mulChecked(T.Coeff, Factor, Term))
    return false;
  for (auto It = Floors.begin(); It != Floors.end(); ++It) {
    if (It->Den != T.Den || !(*It->Num == *T.Num))
      continue;
    if (!addChecked(It->Coeff, Term, It->Coeff))
      return false;
    if (It->Coeff == 0)
      Floors.erase(It);
    return true;
  }
  if (Term != 0)
    Floors.push_back(FloorTerm{T.Num, T.Den, Term});
  return true;
}

bool AffineExpr::add(const AffineExpr &O, int64_t Factor) {
  int64_t Term;
  if (!mulChecked(O.Constant, Factor, Term) ||
      !addChecked(Constant, Term, Constant))
    return false;
  for (const auto &[V, C] : O.Coeffs) {
    int64_t &Mine = Coeffs[V];
    if (!mulChecked(C, Factor, Term) || !addChecked(Mine, Term, Mine))
      return false;
    if (Mine == 0)
      Coeffs.erase(V);
  }
  // A copy: O may be this.
  std::vector<FloorTerm> Others = O.Floors;
  for (const FloorTerm &T : Others)
    if (!addFloor(T, Factor))
      return false;
  return true;
}

bool AffineExpr::scale(int64_t F) {
  if (F == 0) {
    *this = constant(0);
    return true;
  }
  if (!mulChecked(Constant, F, Constant))
    return false;
  for (auto &Entry : Coeffs)
    if (!mulChecked(Entry.second, F, Entry.second))
      return false;
  for (FloorTerm &T : Floors)
    if (!mulChecked(T.Coeff, F, T.Coeff))
      return false;
  return true;
}

std::string AffineExpr::print(const AffineNamer &Name) const {
  std::vector<std::pair<std::string, int64_t>> Terms;
  for (const auto &[V, C] : Coeffs)
    Terms.emplace_back(Name(V), C);
  for (const FloorTerm &T : Floors)
    Terms.emplace_back("floor((" + T.Num->print(Name) + ")/" +
                           std::to_string(T.Den) + ")",
                       T.Coeff);
  std::sort(Terms.begin(), Terms.end());
  std::string S;
  for (const auto &[N, C] : Terms) {
    // Coefficients are never INT64_MIN here in practice; print them as is.
    if (S.empty())
      S += C < 0 ? "-" : "";
    else
      S += C < 0 ? " - " : " + ";
    uint64_t Abs = C < 0 ? -static_cast<uint64_t>(C) : C;
    if (Abs != 1)
      S += std::to_string(Abs) + "*";
    S += N;
  }
  if (S.empty())
    return std::to_string(Constant);
  if (Constant != 0) {
    uint64_t Abs = Constant < 0 ? -static_cast<uint64_t>(Constant) : Constant;
    S += (Constant < 0 ? " - " : " + ") + std::to_string(Abs);
  }
  return S;
}

//===-- Cond --------------------------------------------------------------===//

Cond Cond::makeFalse() {
  Cond C;
  C.K = Kind::False;
  return C;
}

Cond Cond::nonNeg(AffineExpr E) {
  if (E.isConstant())
    return E.getConstant() >= 0 ? makeTrue() : makeFalse();
  Cond C;
  C.K = Kind::NonNeg;
  C.E = std::move(E);
  return C;
}

Cond Cond::zero(AffineExpr E) {
  if (E.isConstant())
    return E.getConstant() == 0 ? makeTrue() : makeFalse();
  Cond C;
  C.K = Kind::Zero;
  C.E = std::move(E);
  return C;
}

Cond Cond::divisible(AffineExpr E, int64_t Div) {
  if (Div == 1 || Div == -1)
    return makeTrue();
  Cond C;
  C.K = Kind::Divisible;
  C.E = std::move(E);
  C.Div = Div < 0 ? -Div : Div;
  return C;
}

Cond Cond::conj(Cond A, Cond B) {
  if (A.K == Kind::True || B.K == Kind::False)
    return B;
  if (B.K == Kind::True || A.K == Kind::False)
    return A;
  Cond C;
  C.K = Kind::And;
  C.Kids.push_back(std::move(A));
  C.Kids.push_back(std::move(B));
  return C;
}

Cond Cond::disj(Cond A, Cond B) {
  if (A.K == Kind::False || B.K == Kind::True)
    return B;
  if (B.K == Kind::False || A.K == Kind::True)
    return A;
  Cond C;
  C.K = Kind::Or;
  C.Kids.push_back(std::move(A));
  C.Kids.push_back(std::move(B));
  return C;
}

std::optional<Cond> Cond::negate() const {
  switch (K) {
  case Kind::True:
    return makeFalse();
  case Kind::False:
    return makeTrue();
  case Kind::NonNeg: { // !(E >= 0)  <=>  -E - 1 >= 0
    AffineExpr N = AffineExpr::constant(-1);
    if (!N.add(E, -1))
      return std::nullopt;
    return nonNeg(N);
  }
  case Kind::Zero: { // !(E = 0)  <=>  E - 1 >= 0 or -E - 1 >= 0
    AffineExpr Pos = AffineExpr::constant(-1), Neg = AffineExpr::constant(-1);
    if (!Pos.add(E) || !Neg.add(E, -1))
      return std::nullopt;
    return disj(nonNeg(Pos), nonNeg(Neg));
  }
  case Kind::Divisible: {
    Cond C = *this;
    C.Negated = !Negated;
    return C;
  }
  case Kind::And:
  case Kind::Or: {
    Cond R = K == Kind::And ? makeFalse() : makeTrue();
    for (const Cond &Kid : Kids) {
      std::optional<Cond> N = Kid.negate();
      if (!N)
        return std::nullopt;
      R = K == Kind::And ? disj(std::move(R), std::move(*N))
                         : conj(std::move(R), std::move(*N));
    }
    return R;
  }
  }
  return std::nullopt;
}

unsigned Cond::size() const {
  unsigned N = 1;
  for (const Cond &Kid : Kids)
    N += Kid.size();
  return N;
}

void Cond::forEachAtom(const std::function<void(const Cond &)> &F) const {
  if (K == Kind::NonNeg || K == Kind::Zero || K == Kind::Divisible)
    F(*this);
  for (const Cond &Kid : Kids)
    Kid.forEachAtom(F);
}

//===-- Piecewise ---------------------------------------------------------===//

Piecewise makePiecewise(AffineExpr E) {
  return Piecewise{AffinePiece{Cond::makeTrue(), std::move(E)}};
}

namespace {
/// Appends a piece unless its condition is trivially false; false when the
/// result grows beyond the limits.
bool appendPiece(Piecewise &R, Cond C, AffineExpr E) {
  if (C.K == Cond::Kind::False)
    return true;
  if (R.size() >= MaxPieces || C.size() > MaxCondSize)
    return false;
  R.push_back(AffinePiece{std::move(C), std::move(E)});
  return true;
}

bool isConstantPiecewise(const Piecewise &P) {
  return std::all_of(P.begin(), P.end(),
                     [](const AffinePiece &X) { return X.E.isConstant(); });
}
} // namespace

std::optional<Piecewise> addPiecewise(const Piecewise &A, const Piecewise &B,
                                      int64_t Factor) {
  Piecewise R;
  for (const AffinePiece &PA : A)
    for (const AffinePiece &PB : B) {
      AffineExpr E = PA.E;
      if (!E.add(PB.E, Factor) || !appendPiece(R, Cond::conj(PA.C, PB.C), E))
        return std::nullopt;
    }
  return R;
}

std::optional<Piecewise> mulPiecewise(const Piecewise &A, const Piecewise &B) {
  if (!isConstantPiecewise(A) && !isConstantPiecewise(B))
    return std::nullopt;
  const Piecewise &K = isConstantPiecewise(A) ? A : B;
  const Piecewise &V = isConstantPiecewise(A) ? B : A;
  Piecewise R;
  for (const AffinePiece &PK : K)
    for (const AffinePiece &PV : V) {
      AffineExpr E = PV.E;
      if (!E.scale(PK.E.getConstant()) ||
          !appendPiece(R, Cond::conj(PK.C, PV.C), E))
        return std::nullopt;
    }
  return R;
}

std::optional<Piecewise> selectPiecewise(const Cond &C, const Piecewise &T,
                                         const Piecewise &F) {
  std::optional<Cond> NotC = C.negate();
  if (!NotC)
    return std::nullopt;
  Piecewise R;
  for (const AffinePiece &P : T)
    if (!appendPiece(R, Cond::conj(C, P.C), P.E))
      return std::nullopt;
  for (const AffinePiece &P : F)
    if (!appendPiece(R, Cond::conj(*NotC, P.C), P.E))
      return std::nullopt;
  return R;
}

std::optional<Cond> compareAffine(const AffineExpr &A, CompareOp Op,
                                  const AffineExpr &B) {
  AffineExpr D = A; // D = A - B
  if (!D.add(B, -1))
    return std::nullopt;
  AffineExpr NegD = AffineExpr::constant(0);
  if (!NegD.add(D, -1))
    return std::nullopt;
  AffineExpr M1 = AffineExpr::constant(-1), NegM1 = AffineExpr::constant(-1);
  if (!M1.add(D) || !NegM1.add(NegD)) // M1 = D - 1, NegM1 = -D - 1
    return std::nullopt;
  switch (Op) {
  case CompareOp::LT:
    return Cond::nonNeg(NegM1);
  case CompareOp::LE:
    return Cond::nonNeg(NegD);
  case CompareOp::GT:
    return Cond::nonNeg(M1);
  case CompareOp::GE:
    return Cond::nonNeg(D);
  case CompareOp::EQ:
    return Cond::zero(D);
  case CompareOp::NE:
    return Cond::disj(Cond::nonNeg(M1), Cond::nonNeg(NegM1));
  }
  return std::nullopt;
}

std::optional<Cond> comparePiecewise(const Piecewise &A, CompareOp Op,
                                     const Piecewise &B) {
  Cond R = Cond::makeFalse();
  for (const AffinePiece &PA : A)
    for (const AffinePiece &PB : B) {
      std::optional<Cond> Atom = compareAffine(PA.E, Op, PB.E);
      if (!Atom)
        return std::nullopt;
      R = Cond::disj(std::move(R),
                     Cond::conj(Cond::conj(PA.C, PB.C), std::move(*Atom)));
      if (R.size() > MaxCondSize)
        return std::nullopt;
    }
  return R;
}

} // namespace hetile
