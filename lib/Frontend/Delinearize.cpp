//===- Delinearize.cpp - Flat subscripts as multi-dimensional ones --------===//

#include "hetile/Frontend/Delinearize.h"
#include "hetile/Frontend/IntegerRange.h"
#include "hetile/Frontend/NestWalker.h"
#include "hetile/Frontend/SourceText.h"

#include "clang/Basic/TargetInfo.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace clang;

namespace hetile {

namespace {
/// Bounds of the polynomials the model builds: beyond, not a subscript.
constexpr unsigned MaxDegree = 4;
constexpr unsigned MaxTerms = 32;
} // namespace

//===-- Polynomial --------------------------------------------------------===//

Polynomial Polynomial::constant(int64_t C) {
  Polynomial P;
  if (C != 0)
    P.Terms[{}] = C;
  return P;
}

Polynomial Polynomial::variable(AffineVar V) {
  Polynomial P;
  P.Terms[{V}] = 1;
  return P;
}

std::optional<Polynomial> Polynomial::fromAffine(const AffineExpr &E) {
  if (!E.floors().empty())
    return std::nullopt;
  Polynomial P = constant(E.getConstant());
  for (const auto &[V, C] : E.terms())
    P.Terms[{V}] = C;
  return P;
}

bool Polynomial::add(const Polynomial &O, int64_t Factor) {
  for (const auto &[M, C] : O.Terms) {
    int64_t Scaled, Sum;
    if (__builtin_mul_overflow(C, Factor, &Scaled))
      return false;
    auto It = Terms.find(M);
    int64_t Old = It == Terms.end() ? 0 : It->second;
    if (__builtin_add_overflow(Old, Scaled, &Sum))
      return false;
    if (Sum == 0) {
      if (It != Terms.end())
        Terms.erase(It);
      continue;
    }
    Terms[M] = Sum;
  }
  return Terms.size() <= MaxTerms;
}

bool Polynomial::multiply(const Polynomial &O) {
  Polynomial R;
  for (const auto &[A, CA] : Terms)
    for (const auto &[B, CB] : O.Terms) {
      Polynomial T;
      Monomial M = A;
      M.insert(M.end(), B.begin(), B.end());
      std::sort(M.begin(), M.end());
      int64_t C;
      if (M.size() > MaxDegree || __builtin_mul_overflow(CA, CB, &C))
        return false;
      T.Terms[M] = C;
      if (!R.add(T))
        return false;
    }
  *this = std::move(R);
  return true;
}

unsigned Polynomial::degree() const {
  unsigned D = 0;
  for (const auto &Term : Terms)
    D = std::max<unsigned>(D, Term.first.size());
  return D;
}

//===-- From Clang expressions --------------------------------------------===//

namespace {
class PolynomialBuilder {
public:
  PolynomialBuilder(const ASTContext &Ctx, const VarClassifier &Classify,
                    PolynomialError &Err, const VarDefinition &Define,
                    const LoadResolver &Load)
      : Ctx(Ctx), Classify(Classify), Define(Define), Load(Load), Err(Err) {}

  std::optional<Polynomial> build(const Expr *E) {
    E = E->IgnoreParens();
    if (E->isValueDependent() || E->isTypeDependent() ||
        !E->getType()->isIntegralOrEnumerationType())
      return fail(E);
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects)) {
      const llvm::APSInt &V = R.Val.getInt();
      if (V.getSignificantBits() > 64 ||
          (V.isUnsigned() && V.getActiveBits() > 63))
        return fail(E);
      return Polynomial::constant(V.getExtValue());
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        return buildVar(VD, E);
      return fail(E);
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      if (const VarDecl *VD = Load ? Load(ME, Cond::makeTrue()) : nullptr)
        return buildVar(VD, E);
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return buildUnary(UO);
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return buildBinary(BO);
    if (const auto *CE = dyn_cast<CastExpr>(E))
      return buildCast(CE);
    return fail(E);
  }

private:
  std::optional<Polynomial> fail(const Expr *At) {
    Err.At = At;
    return std::nullopt;
  }

  /// Notes that \p At wraps around; the build goes on, so that a subscript
  /// that is no polynomial anyway is not called a wrapping one. Arithmetic
  /// modulo 2^w, w the width of an address, computes the address the
  /// model does whenever the value's magnitude stays below 2^(w-1) (the
  /// pointer arithmetic wraps with it): checked on the whole subscript
  /// (buildPolynomial).
  void noteWraps(const Expr *At) {
    if (!Wrapping && Ctx.getTypeSize(At->getType()) == PointerWidth &&
        At->getType()->isUnsignedIntegerOrEnumerationType()) {
      if (!ModAddress)
        ModAddress = At;
      return;
    }
    if (!Wrapping)
      Wrapping = At;
  }

  /// Whether arithmetic in \p T wraps around instead of overflowing
  /// (unsigned types, or -fwrapv).
  bool wraps(QualType T) const {
    return !overflowIsUndefined(Ctx, T) ||
           Ctx.getLangOpts().isSignedOverflowDefined();
  }

  std::optional<Polynomial> buildVar(const VarDecl *VD, const Expr *E) {
    switch (Classify(VD)) {
    case VarRole::Iterator:
    case VarRole::Parameter:
      return Polynomial::variable(VD);
    case VarRole::Written:
      Err.Written = VD;
      return fail(E);
    case VarRole::Defined:
      if (const Expr *D = Define ? Define(VD) : nullptr)
        return build(D);
      break;
    case VarRole::Opaque:
      break;
    }
    return fail(E);
  }

  std::optional<Polynomial> buildUnary(const UnaryOperator *E) {
    if (E->getOpcode() == UO_Plus)
      return build(E->getSubExpr());
    if (E->getOpcode() != UO_Minus)
      return fail(E);
    if (wraps(E->getType()))
      noteWraps(E);
    std::optional<Polynomial> Sub = build(E->getSubExpr());
    if (!Sub)
      return std::nullopt;
    Polynomial R;
    if (!R.add(*Sub, -1))
      return fail(E);
    return R;
  }

  std::optional<Polynomial> buildBinary(const BinaryOperator *E) {
    BinaryOperatorKind Op = E->getOpcode();
    if (Op != BO_Add && Op != BO_Sub && Op != BO_Mul)
      return fail(E);
    // Where arithmetic wraps around, a product of variables could not be
    // proven to stay in range; where an overflow is undefined, the
    // original program has none.
    if (wraps(E->getType()))
      noteWraps(E);
    std::optional<Polynomial> L = build(E->getLHS());
    if (!L)
      return std::nullopt;
    std::optional<Polynomial> R = build(E->getRHS());
    if (!R)
      return std::nullopt;
    bool Ok = Op == BO_Mul ? L->multiply(*R) : L->add(*R, Op == BO_Add ? 1 : -1);
    return Ok ? L : fail(E);
  }

  std::optional<Polynomial> buildCast(const CastExpr *E) {
    const Expr *Sub = E->getSubExpr();
    if (!Sub->getType()->isIntegralOrEnumerationType())
      return fail(E);
    switch (E->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
      return build(Sub);
    case CK_IntegralCast:
      // Only conversions that keep every value: a signed type at least as
      // wide (one to an unsigned type wraps around).
      if (E->getType()->isUnsignedIntegerOrEnumerationType() &&
          !(Sub->getType()->isUnsignedIntegerOrEnumerationType() &&
            rangeContains(getIntegerRange(Ctx, E->getType()),
                          getIntegerRange(Ctx, Sub->getType()))))
        noteWraps(E);
      else if (!rangeContains(getIntegerRange(Ctx, E->getType()),
                              getIntegerRange(Ctx, Sub->getType())))
        return fail(E);
      return build(Sub);
    default:
      return fail(E);
    }
  }

public:
  /// The outermost node computed in a type that wraps around, if any.
  const Expr *Wrapping = nullptr;
  /// The outermost node computed modulo 2^PointerWidth (see noteWraps).
  const Expr *ModAddress = nullptr;
  unsigned PointerWidth = 0;

private:
  const ASTContext &Ctx;
  const VarClassifier &Classify;
  const VarDefinition &Define;
  const LoadResolver &Load;
  PolynomialError &Err;
};
} // namespace

namespace {
/// log2 of a bound on |P| over every value of its variables' types.
double magnitudeBits(const ASTContext &Ctx, const Polynomial &P) {
  double Sum = 0;
  for (const auto &[M, C] : P.terms()) {
    double Bits = std::log2(std::fabs(double(C)));
    for (AffineVar V : M) {
      QualType T = V->getType();
      Bits += double(Ctx.getTypeSize(T)) -
              (T->isSignedIntegerOrEnumerationType() ? 1 : 0);
    }
    Sum += std::exp2(Bits);
  }
  return Sum > 0 ? std::log2(Sum) : 0;
}
} // namespace

std::optional<Polynomial> buildPolynomial(const ASTContext &Ctx, const Expr *E,
                                          const VarClassifier &Classify,
                                          PolynomialError &Err,
                                          const VarDefinition &Define,
                                          const LoadResolver &Load) {
  PolynomialBuilder B(Ctx, Classify, Err, Define, Load);
  B.PointerWidth = Ctx.getTargetInfo().getPointerWidth(LangAS::Default);
  std::optional<Polynomial> P = B.build(E);
  if (P && !B.Wrapping && B.ModAddress &&
      magnitudeBits(Ctx, *P) >= double(B.PointerWidth - 1))
    B.Wrapping = B.ModAddress;
  if (!P || !B.Wrapping)
    return P;
  Err.Wraps = true;
  Err.At = B.Wrapping;
  return std::nullopt;
}

bool isRowPolynomial(const Polynomial &P,
                     const std::function<bool(AffineVar)> &IsIterator) {
  return llvm::all_of(P.terms(), [&](const auto &Term) {
    return llvm::count_if(Term.first, IsIterator) <= 1;
  });
}

//===-- The rows of an array ----------------------------------------------===//

namespace {

using Monomial = Polynomial::Monomial;

/// One access of the array and its subscript as a polynomial.
struct FlatRef {
  StmtModel *Stmt = nullptr;
  AccessModel *Access = nullptr;
  Polynomial P;
};

/// "n * m": the variables of \p M, sorted by name.
std::string monomialText(const Monomial &M) {
  std::vector<std::string> Names;
  for (AffineVar V : M)
    Names.push_back(V->getName().str());
  std::sort(Names.begin(), Names.end());
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "" : " * ") + N;
  return Out;
}

/// The terms of \p P by degree, then by the names of their variables: the
/// order in which messages name them, the same from run to run.
std::vector<std::pair<Monomial, int64_t>> sortedTerms(const Polynomial &P) {
  std::vector<std::pair<Monomial, int64_t>> Out(P.terms().begin(),
                                                P.terms().end());
  std::sort(Out.begin(), Out.end(), [](const auto &X, const auto &Y) {
    if (X.first.size() != Y.first.size())
      return X.first.size() < Y.first.size();
    return monomialText(X.first) < monomialText(Y.first);
  });
  return Out;
}

class Delinearizer {
public:
  Delinearizer(NestWalker &W, ArrayModel &A) : W(W), A(A) {
    for (const LoopModel &L : W.getModel().Loops)
      Iterators.push_back(L.Iter);
  }

  bool run() {
    if (!collect())
      return false;
    // A row length of several terms (`i * (m + 1) + j`), else the chain of
    // products of parameters.
    // The affine row length is dropped where an access could never stay
    // in its rows (`(i + 22) * R + i + 24` read in rows of R + 1 is row
    // i + 22, column 2 or R + 3 of another access's shape): the chain may
    // split it.
    std::vector<std::vector<AffineExpr>> Grouped;
    std::optional<AffineExpr> S = affineStride(Grouped);
    if (S) {
      Extents.push_back(std::move(*S));
      if (llvm::any_of(Grouped, [&](const std::vector<AffineExpr> &Q) {
            return !mayStayInRows(Q);
          })) {
        Extents.clear();
        S.reset();
      }
    }
    if (S) {
      for (unsigned K = 0; K < Refs.size(); ++K)
        split(Refs[K], std::move(Grouped[K]));
    } else {
      if (!findStrides())
        return false;
      for (FlatRef &R : Refs) {
        std::string Why;
        std::optional<std::vector<AffineExpr>> Q = levels(R, Why);
        if (!Q)
          return rejectSplit(R, Why);
        split(R, std::move(*Q));
      }
    }
    auto Name = [](AffineVar V) { return V->getName().str(); };
    for (auto It = Extents.rbegin(); It != Extents.rend(); ++It) {
      A.RowExtents.push_back(*It);
      A.Info.RowExtents.push_back(It->print(Name));
    }
    return true;
  }

private:
  bool isIterator(AffineVar V) const {
    return llvm::is_contained(Iterators, V);
  }

  /// The parameters of \p M (its iterator left out).
  Monomial paramsOf(const Monomial &M) const {
    Monomial P;
    for (AffineVar V : M)
      if (!isIterator(V))
        P.push_back(V);
    return P;
  }

  SourceLocation where(const FlatRef &R) const {
    return R.Access->Index ? R.Access->Index->getBeginLoc() : SourceLocation();
  }

  std::string subscriptText(const FlatRef &R) const {
    return R.Access->Index
               ? "'" + getQuotedText(W.getASTContext(), R.Access->Index) + "'"
               : "'" + R.Access->Text + "'";
  }

  bool rejectSplit(const FlatRef &R, const std::string &Why) {
    return W.reject(RejectKind::NonAffineSubscript, where(R),
                    "subscript " + subscriptText(R) + " of '" + A.Info.Name +
                        "' is not affine (" + Why + ")");
  }

  bool collect() {
    for (StmtModel &S : W.getModel().Stmts)
      for (AccessModel &Acc : S.Accesses) {
        if (Acc.Array != A.Decl)
          continue;
        FlatRef R{&S, &Acc, Polynomial()};
        if (Acc.Flat) {
          R.P = *Acc.Flat;
        } else if (Acc.Subscripts.size() == (A.Info.Members ? 2u : 1u)) {
          std::optional<Polynomial> P =
              Polynomial::fromAffine(Acc.Subscripts.front());
          if (!P)
            return W.reject(RejectKind::ArrayShapeMismatch, where(R),
                            "'" + Acc.Text + "' cannot be split into the "
                            "rows the other accesses to '" + A.Info.Name +
                            "' give it (it divides)");
          R.P = std::move(*P);
        }
        Refs.push_back(std::move(R));
      }
    return true;
  }

  /// The strides: the products of parameters that multiply an iterator,
  /// a chain in which each is the previous times one parameter.
  bool findStrides() {
    std::vector<std::pair<Monomial, const FlatRef *>> Found;
    for (const FlatRef &R : Refs)
      for (const auto &[M, C] : sortedTerms(R.P)) {
        if (!llvm::any_of(M, [&](AffineVar V) { return isIterator(V); }))
          continue;
        Monomial P = paramsOf(M);
        if (P.empty() || llvm::any_of(Found, [&](const auto &F) {
              return F.first == P;
            }))
          continue;
        Found.push_back({P, &R});
      }
    // By degree, in order of appearance among equals.
    for (size_t I = 1; I < Found.size(); ++I)
      for (size_t J = I; J > 0 && Found[J].first.size() <
                                      Found[J - 1].first.size(); --J)
        std::swap(Found[J], Found[J - 1]);
    Monomial Prev;
    const FlatRef *PrevRef = Found.empty() ? nullptr : Found.front().second;
    for (const auto &[S, Ref] : Found) {
      if (!std::includes(S.begin(), S.end(), Prev.begin(), Prev.end()) ||
          S.size() == Prev.size()) {
        const SourceManager &SM = W.getASTContext().getSourceManager();
        const FlatRef &Later =
            SM.isBeforeInTranslationUnit(where(*Ref), where(*PrevRef))
                ? *PrevRef
                : *Ref;
        return W.reject(RejectKind::ArrayShapeMismatch, where(Later),
                        "the accesses to '" + A.Info.Name +
                            "' disagree on its row length: " +
                            subscriptText(*PrevRef) + " steps by '" +
                            monomialText(Prev) + "', " + subscriptText(*Ref) +
                            " by '" + monomialText(S) + "'");
      }
      Monomial Ext;
      std::set_difference(S.begin(), S.end(), Prev.begin(), Prev.end(),
                          std::back_inserter(Ext));
      if (Ext.size() != 1)
        return rejectSplit(*Ref, "the row length '" + monomialText(Ext) +
                                     "' of '" + A.Info.Name +
                                     "' is a product of variables");
      Extents.push_back(AffineExpr::variable(Ext.front()));
      Strides.push_back(S);
      Prev = S;
      PrevRef = Ref;
    }
    return true;
  }

  /// The levels (0: the innermost subscript, k: stride k) at which a term
  /// of parameters \p P alone can go: those whose stride divides P, leaving
  /// at most one variable.
  std::vector<unsigned> levelsOf(const Monomial &P) const {
    std::vector<unsigned> Out;
    for (unsigned K = 0; K <= Strides.size(); ++K) {
      const Monomial Empty;
      const Monomial &S = K == 0 ? Empty : Strides[K - 1];
      if (std::includes(P.begin(), P.end(), S.begin(), S.end()) &&
          P.size() <= S.size() + 1)
        Out.push_back(K);
    }
    return Out;
  }

  /// The subscripts of \p R per level, a term of parameters alone at the
  /// highest level it fits; nullopt when a term fits none (\p Why set).
  std::optional<std::vector<AffineExpr>> levels(const FlatRef &R,
                                                std::string &Why) const {
    std::vector<AffineExpr> Q(Strides.size() + 1, AffineExpr::constant(0));
    for (const auto &[M, C] : sortedTerms(R.P)) {
      Monomial P = paramsOf(M);
      std::optional<unsigned> Level;
      if (P.size() != M.size()) { // a term with an iterator
        if (P.empty())
          Level = 0;
        for (unsigned K = 0; K < Strides.size(); ++K)
          if (Strides[K] == P)
            Level = K + 1;
      } else if (std::vector<unsigned> L = levelsOf(P); !L.empty()) {
        Level = L.back();
      }
      if (!Level) {
        Why = "its term '" + monomialText(M) + "' is not a multiple of a "
              "row length of '" + A.Info.Name + "'";
        return std::nullopt;
      }
      // What is left of the term once divided by the level's stride: a
      // constant or one variable.
      Monomial Rest = M;
      if (*Level > 0)
        for (AffineVar V : Strides[*Level - 1])
          Rest.erase(llvm::find(Rest, V));
      bool Fits = Rest.size() <= 1;
      if (Fits)
        Fits = Q[*Level].add(Rest.empty() ? AffineExpr::constant(1)
                                          : AffineExpr::variable(Rest.front()),
                             C);
      if (!Fits) {
        Why = "its term '" + monomialText(M) + "' does not fit a row";
        return std::nullopt;
      }
    }
    return Q;
  }

  /// The conditions that every subscript but the outermost lies in
  /// [0, extent), nothing when some cannot be stated.
  Cond inRows(const std::vector<AffineExpr> &Q) const {
    Cond C = Cond::makeTrue();
    for (unsigned K = 0; K < Extents.size(); ++K) {
      AffineExpr Room = Extents[K];
      Room.add(AffineExpr::constant(-1));
      Room.add(Q[K], -1); // the values are small: checked in levels()
      C = Cond::conj(std::move(C), Cond::nonNeg(Q[K]));
      C = Cond::conj(std::move(C), Cond::nonNeg(std::move(Room)));
    }
    return C;
  }

  /// Whether \p C, a conjunction of NonNeg atoms, holds wherever \p S runs.
  bool proves(const StmtModel &S, const Cond &C) const {
    // A constant atom that fails folds the whole conjunction to false,
    // which has no atom left to look at.
    if (C.K == Cond::Kind::False)
      return false;
    bool All = true;
    C.forEachAtom([&](const Cond &Atom) {
      All = All && !W.findNegative(S.Domain, Atom.E).has_value();
    });
    return All;
  }

  /// \p Q with \p Shift[k] rows moved from level k + 1 to level k (the
  /// same address: a[i * n - 1 - j] is a[i - 1][n - 1 - j]); nullopt on
  /// overflow.
  std::optional<std::vector<AffineExpr>>
  shifted(std::vector<AffineExpr> Q, const std::vector<int> &Shift) const {
    for (unsigned K = 0; K < Extents.size(); ++K)
      if (!Q[K].add(Extents[K], Shift[K]) ||
          !Q[K + 1].add(AffineExpr::constant(-Shift[K])))
        return std::nullopt;
    return Q;
  }

  /// The row moves split() tries: each level by -1, 0 or +1, at most 3
  /// levels.
  std::vector<std::vector<int>> shifts() const {
    unsigned Count = 1;
    for (unsigned K = 0; K < Extents.size() && K < 3; ++K)
      Count *= 3;
    std::vector<std::vector<int>> Out;
    for (unsigned Code = 0; Code < Count; ++Code) {
      std::vector<int> Shift(Extents.size(), 0);
      for (unsigned K = 0, C = Code; K < Shift.size() && C; ++K, C /= 3)
        Shift[K] = C % 3 == 2 ? -1 : int(C % 3);
      Out.push_back(std::move(Shift));
    }
    return Out;
  }

  /// Whether \p Q, or \p Q with a row moved, has subscripts that may stay
  /// in the rows for some values of the parameters.
  bool mayStayInRows(const std::vector<AffineExpr> &Q) const {
    for (const std::vector<int> &Shift : shifts()) {
      std::optional<std::vector<AffineExpr>> Try = shifted(Q, Shift);
      if (Try && inRows(*Try).K != Cond::Kind::False)
        return true;
    }
    return false;
  }

  /// Gives \p R the subscripts \p Q (innermost first), or those of the
  /// same address with a row moved that stay in the rows.
  void split(FlatRef &R, std::vector<AffineExpr> Q) {
    // The subscripts as written, else with a row moved between levels
    // (each level by -1, 0 or +1, at most 3 levels): the first proven to
    // stay in the rows.
    // Else the first that may stay in the rows for some parameters, which
    // the run-time check then decides.
    std::vector<AffineExpr> Chosen = Q;
    std::optional<std::vector<AffineExpr>> Possible;
    bool Proven = false;
    for (const std::vector<int> &Shift : shifts()) {
      std::optional<std::vector<AffineExpr>> Try = shifted(Q, Shift);
      if (!Try)
        continue;
      Cond In = inRows(*Try);
      if (proves(*R.Stmt, In)) {
        Chosen = std::move(*Try);
        Proven = true;
        break;
      }
      if (!Possible && In.K != Cond::Kind::False)
        Possible = std::move(*Try);
    }
    if (!Proven && Possible)
      Chosen = std::move(*Possible);
    // An array of structs: the member's offset stays the last subscript,
    // with the condition its member-array subscripts carry.
    std::optional<AffineExpr> Offset;
    Cond Member = Cond::makeTrue();
    if (A.Info.Members) {
      Offset = R.Access->Subscripts.back();
      Member = R.Access->InRows;
    }
    R.Access->InRows = Proven ? Cond::makeTrue() : inRows(Chosen);
    R.Access->Subscripts.assign(Chosen.rbegin(), Chosen.rend());
    if (Offset) {
      R.Access->Subscripts.push_back(std::move(*Offset));
      R.Access->InRows =
          Cond::conj(std::move(R.Access->InRows), std::move(Member));
    }
    R.Access->Flat.reset();
  }

  /// \p P as an affine form, nullopt unless every monomial has at most one
  /// variable.
  static std::optional<AffineExpr> affineOf(const Polynomial &P) {
    AffineExpr E = AffineExpr::constant(0);
    for (const auto &[M, C] : P.terms()) {
      if (M.size() > 1 ||
          !E.add(M.empty() ? AffineExpr::constant(1)
                           : AffineExpr::variable(M.front()),
                 C))
        return std::nullopt;
    }
    return E;
  }

  /// Q with Q * S = E, where Q is an integer; nullopt where there is none.
  static std::optional<int64_t> multipleOf(const AffineExpr &E,
                                           const AffineExpr &S) {
    std::optional<int64_t> Q;
    for (const auto &[V, C] : S.terms()) {
      int64_t EC = E.getCoeff(V);
      if (EC % C != 0 || (Q && *Q != EC / C))
        return std::nullopt;
      Q = EC / C;
    }
    if (!Q || E.terms().size() != S.terms().size())
      return std::nullopt;
    AffineExpr Check = S;
    if (!Check.scale(*Q) || !(Check == E))
      return std::nullopt;
    return Q;
  }

  /// The row length of a 2-D array whose iterators are multiplied by an
  /// affine form of parameters of several terms (`i * (m + 1) + j - 1`: a
  /// row of m + 1 elements, a[i][j - 1]): in every access, each iterator's
  /// coefficient is a constant (the column) or an integer multiple of the
  /// same form S (the row); the terms of parameters alone are q * S + r,
  /// q an integer: q goes to the row, r (affine) to the column. Sets
  /// \p Q to each access's subscripts, innermost first; nullopt (and
  /// nothing set) where the accesses do not have this shape, or where S is
  /// one parameter (the chain of products then models it).
  std::optional<AffineExpr>
  affineStride(std::vector<std::vector<AffineExpr>> &Q) const {
    std::optional<AffineExpr> S;
    // Each access: iterator -> its coefficient, and the parameters' part.
    struct Split {
      std::map<AffineVar, AffineExpr> Coeff;
      AffineExpr Rest = AffineExpr::constant(0);
    };
    std::vector<Split> Splits;
    for (const FlatRef &R : Refs) {
      Split Sp;
      std::map<AffineVar, Polynomial> ByIter;
      Polynomial Rest;
      for (const auto &[M, C] : R.P.terms()) {
        Monomial P = paramsOf(M);
        if (M.size() - P.size() > 1)
          return std::nullopt;
        Polynomial Term = Polynomial::constant(C);
        for (AffineVar V : P)
          if (!Term.multiply(Polynomial::variable(V)))
            return std::nullopt;
        if (P.size() == M.size()) {
          if (!Rest.add(Term))
            return std::nullopt;
          continue;
        }
        AffineVar It = *llvm::find_if(M, [&](AffineVar V) {
          return isIterator(V);
        });
        if (!ByIter[It].add(Term))
          return std::nullopt;
      }
      for (const auto &[It, P] : ByIter) {
        std::optional<AffineExpr> E = affineOf(P);
        if (!E)
          return std::nullopt;
        if (!E->isConstant() && !S) {
          // The form with its coefficients' gcd and sign taken out.
          int64_t G = 0;
          for (const auto &[V, C] : E->terms())
            G = std::gcd(G, C);
          G = std::gcd(G, E->getConstant());
          if (E->terms().begin()->second < 0)
            G = -G;
          AffineExpr Norm = AffineExpr::constant(0);
          for (const auto &[V, C] : E->terms())
            Norm.add(AffineExpr::variable(V), C / G);
          Norm.add(AffineExpr::constant(E->getConstant() / G));
          S = std::move(Norm);
        }
        Sp.Coeff.emplace(It, std::move(*E));
      }
      std::optional<AffineExpr> RestE = affineOf(Rest);
      if (!RestE)
        return std::nullopt;
      Sp.Rest = std::move(*RestE);
      Splits.push_back(std::move(Sp));
    }
    // One parameter times 1 is the chain's row length.
    if (!S || (S->terms().size() == 1 && S->getConstant() == 0 &&
               S->terms().begin()->second == 1))
      return std::nullopt;
    std::vector<std::vector<AffineExpr>> Out;
    for (const Split &Sp : Splits) {
      AffineExpr Col = AffineExpr::constant(0), Row = AffineExpr::constant(0);
      for (const auto &[It, E] : Sp.Coeff) {
        if (E.isConstant()) {
          if (!Col.add(AffineExpr::variable(It), E.getConstant()))
            return std::nullopt;
          continue;
        }
        std::optional<int64_t> K = multipleOf(E, *S);
        if (!K || !Row.add(AffineExpr::variable(It), *K))
          return std::nullopt;
      }
      // Rest = q * S + r, q from the coefficient of S's first parameter.
      const auto &[Lead, LeadC] = *S->terms().begin();
      int64_t RC = Sp.Rest.getCoeff(Lead);
      if (RC % LeadC != 0)
        return std::nullopt;
      AffineExpr R = Sp.Rest;
      if (!R.add(*S, -(RC / LeadC)) || !Row.add(AffineExpr::constant(RC / LeadC)) ||
          !Col.add(R))
        return std::nullopt;
      Out.push_back({std::move(Col), std::move(Row)});
    }
    Q = std::move(Out);
    return S;
  }

  NestWalker &W;
  ArrayModel &A;
  std::vector<AffineVar> Iterators;
  std::vector<FlatRef> Refs;
  /// Stride k + 1 of the chain (stride 0 is 1) and the extent of level k:
  /// the parameter stride k + 1 adds.
  std::vector<Monomial> Strides;
  std::vector<AffineExpr> Extents;
};

} // namespace

bool delinearizeArrays(NestWalker &W) {
  for (ArrayModel &A : W.getModel().Arrays) {
    bool Flat = false;
    for (const StmtModel &S : W.getModel().Stmts)
      for (const AccessModel &Acc : S.Accesses)
        Flat |= Acc.Array == A.Decl && Acc.Flat.has_value();
    if (Flat && !Delinearizer(W, A).run())
      return false;
  }
  return true;
}

} // namespace hetile
