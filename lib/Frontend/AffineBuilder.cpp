//===- AffineBuilder.cpp - Clang expressions -> affine forms --------------===//

#include "hetile/Frontend/AffineBuilder.h"
#include "hetile/Frontend/IntegerRange.h"
#include "hetile/Frontend/SourceText.h"

using namespace clang;

namespace hetile {

std::optional<Piecewise> AffineBuilder::fail(AffineFailure K, const Expr *At,
                                             const VarDecl *V) {
  Err = AffineError{K, At, V, ""};
  return std::nullopt;
}

void AffineBuilder::addCheck(RangeCheck::Kind K, const Expr *At, QualType T,
                             const Piecewise &Value) {
  // A constant value in range needs no proof.
  if (Value.size() == 1 && Value.front().C.K == Cond::Kind::True &&
      Value.front().E.isConstant()) {
    IntegerRange R = getIntegerRange(Ctx, T);
    llvm::APSInt V(llvm::APInt(64, Value.front().E.getConstant(), true),
                   /*isUnsigned=*/false);
    if (llvm::APSInt::compareValues(R.Min, V) <= 0 &&
        llvm::APSInt::compareValues(V, R.Max) <= 0)
      return;
  }
  Checks.push_back(RangeCheck{K, At, T, Where, Value});
}

std::optional<int64_t>
AffineBuilder::evaluateConstant(const Expr *E) const {
  if (E->isValueDependent() || E->isTypeDependent() ||
      !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects))
    return std::nullopt;
  const llvm::APSInt &V = R.Val.getInt();
  if (V.getSignificantBits() > 64 || (V.isUnsigned() && V.getActiveBits() > 63))
    return std::nullopt;
  return V.getExtValue();
}

std::optional<Piecewise> AffineBuilder::buildValue(const Expr *E) {
  if (!E)
    return fail(AffineFailure::NotAffine, E);
  E = E->IgnoreParens();
  if (E->isValueDependent() || E->isTypeDependent())
    return fail(AffineFailure::NotAffine, E);
  // Integer constant expressions: literals, enum constants, #define'd
  // constants, sizeof, const-qualified integers with constant initializers.
  if (std::optional<int64_t> C = evaluateConstant(E))
    return makePiecewise(AffineExpr::constant(*C));
  if (!E->getType()->isIntegralOrEnumerationType())
    return fail(AffineFailure::NotAffine, E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return buildVar(DRE);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return buildUnary(UO);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return buildBinary(BO);
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return buildCast(CE);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return buildSelect(CO);
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (const VarDecl *VD = Load ? Load(ME, Where) : nullptr)
      return buildVarDecl(VD, E);
  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E))
    return fail(AffineFailure::ReadsMemory, E);
  return fail(AffineFailure::NotAffine, E);
}

std::optional<Piecewise> AffineBuilder::buildVar(const DeclRefExpr *E) {
  const auto *VD = dyn_cast<VarDecl>(E->getDecl());
  if (!VD)
    return fail(AffineFailure::NotAffine, E);
  return buildVarDecl(VD, E);
}

std::optional<Piecewise> AffineBuilder::buildVarDecl(const VarDecl *VD,
                                                     const Expr *E) {
  switch (Classify(VD)) {
  case VarRole::Iterator:
  case VarRole::Parameter:
    return makePiecewise(AffineExpr::variable(VD));
  case VarRole::Written:
    return fail(AffineFailure::Written, E, VD);
  case VarRole::Defined:
    if (const Expr *D = Define ? Define(VD) : nullptr)
      return buildValue(D);
    break;
  case VarRole::Opaque:
    break;
  }
  return fail(AffineFailure::NotAffine, E);
}

std::optional<Piecewise> AffineBuilder::buildUnary(const UnaryOperator *E) {
  switch (E->getOpcode()) {
  case UO_Plus:
    return buildValue(E->getSubExpr());
  case UO_Minus: {
    std::optional<Piecewise> Sub = buildValue(E->getSubExpr());
    if (!Sub)
      return std::nullopt;
    std::optional<Piecewise> R =
        addPiecewise(makePiecewise(AffineExpr::constant(0)), *Sub, -1);
    if (!R)
      return fail(AffineFailure::NotAffine, E);
    if (E->getType()->isUnsignedIntegerOrEnumerationType())
      addCheck(RangeCheck::Kind::Arithmetic, E, E->getType(), *R);
    return R;
  }
  case UO_Deref:
    return fail(AffineFailure::ReadsMemory, E);
  default:
    return fail(AffineFailure::NotAffine, E);
  }
}

std::optional<Piecewise>
AffineBuilder::buildDivision(const BinaryOperator *E) {
  std::optional<int64_t> D = evaluateConstant(E->getRHS());
  if (!D || *D <= 0) {
    fail(AffineFailure::NotAffine, E);
    Err.Detail = "the divisor '" + getQuotedText(Ctx, E->getRHS()) +
                 "' is not a positive integer constant";
    return std::nullopt;
  }
  std::optional<Piecewise> L = buildValue(E->getLHS());
  if (!L)
    return std::nullopt;
  // C truncates toward zero: the floor only for a non-negative dividend.
  Checks.push_back(
      RangeCheck{RangeCheck::Kind::Dividend, E, QualType(), Where, *L});
  Piecewise R;
  for (const AffinePiece &P : *L) {
    std::optional<AffineExpr> Q = AffineExpr::floorDiv(P.E, *D);
    if (!Q)
      return fail(AffineFailure::NotAffine, E);
    AffineExpr V = *Q;
    if (E->getOpcode() == BO_Rem) { // e % d = e - d * floor(e / d)
      V = P.E;
      if (!V.add(*Q, -*D))
        return fail(AffineFailure::NotAffine, E);
    }
    R.push_back(AffinePiece{P.C, std::move(V)});
  }
  return R;
}

std::optional<Piecewise> AffineBuilder::buildBinary(const BinaryOperator *E) {
  BinaryOperatorKind Op = E->getOpcode();
  if (Op == BO_Div || Op == BO_Rem)
    return buildDivision(E);
  if (Op != BO_Add && Op != BO_Sub && Op != BO_Mul)
    return fail(AffineFailure::NotAffine, E);
  std::optional<Piecewise> L = buildValue(E->getLHS());
  if (!L)
    return std::nullopt;
  std::optional<Piecewise> R = buildValue(E->getRHS());
  if (!R)
    return std::nullopt;
  std::optional<Piecewise> Res = Op == BO_Mul
                                     ? mulPiecewise(*L, *R)
                                     : addPiecewise(*L, *R, Op == BO_Add ? 1 : -1);
  if (!Res)
    return fail(AffineFailure::NotAffine, E);
  // Unsigned arithmetic wraps around; signed overflow is undefined.
  if (E->getType()->isUnsignedIntegerOrEnumerationType())
    addCheck(RangeCheck::Kind::Arithmetic, E, E->getType(), *Res);
  return Res;
}

std::optional<Piecewise> AffineBuilder::buildCast(const CastExpr *E) {
  // A conversion between integer types keeps the value exactly when the new
  // type can hold it: a range check unless it holds every value of the old.
  const Expr *Sub = E->getSubExpr();
  switch (E->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp:
    if (Sub->getType()->isIntegralOrEnumerationType())
      return buildValue(Sub);
    break;
  case CK_IntegralCast: {
    if (!Sub->getType()->isIntegralOrEnumerationType())
      break;
    std::optional<Piecewise> V = buildValue(Sub);
    if (V && !rangeContains(getIntegerRange(Ctx, E->getType()),
                            getIntegerRange(Ctx, Sub->getType())))
      addCheck(RangeCheck::Kind::Conversion, E, E->getType(), *V);
    return V;
  }
  default:
    break;
  }
  if (isa<ArraySubscriptExpr>(Sub->IgnoreParens()) ||
      isa<MemberExpr>(Sub->IgnoreParens()))
    return fail(AffineFailure::ReadsMemory, Sub);
  return fail(AffineFailure::NotAffine, E);
}

std::optional<Piecewise>
AffineBuilder::buildSelect(const ConditionalOperator *E) {
  std::optional<Cond> C = buildCond(E->getCond());
  if (!C)
    return std::nullopt;
  std::optional<Cond> NotC = C->negate();
  if (!NotC)
    return fail(AffineFailure::NotAffine, E);
  std::optional<Piecewise> T =
      buildWhere(&AffineBuilder::buildValue, E->getTrueExpr(), *C);
  if (!T)
    return std::nullopt;
  std::optional<Piecewise> F =
      buildWhere(&AffineBuilder::buildValue, E->getFalseExpr(), *NotC);
  if (!F)
    return std::nullopt;
  std::optional<Piecewise> R = selectPiecewise(*C, *T, *F);
  return R ? R : fail(AffineFailure::NotAffine, E);
}

std::optional<Cond> AffineBuilder::buildCond(const Expr *E) {
  if (!E) {
    fail(AffineFailure::NotAffine, E);
    return std::nullopt;
  }
  E = E->IgnoreParenImpCasts();
  if (std::optional<int64_t> C = evaluateConstant(E))
    return *C ? Cond::makeTrue() : Cond::makeFalse();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot) {
    std::optional<Cond> Sub = buildCond(UO->getSubExpr());
    if (!Sub)
      return std::nullopt;
    std::optional<Cond> N = Sub->negate();
    if (!N)
      fail(AffineFailure::NotAffine, E);
    return N;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
      std::optional<Cond> L = buildCond(BO->getLHS());
      if (!L)
        return std::nullopt;
      // The right operand is evaluated only where the left one does not
      // decide the result.
      std::optional<Cond> Evaluated =
          BO->getOpcode() == BO_LAnd ? L : L->negate();
      if (!Evaluated) {
        fail(AffineFailure::NotAffine, E);
        return std::nullopt;
      }
      std::optional<Cond> R =
          buildWhere(&AffineBuilder::buildCond, BO->getRHS(), *Evaluated);
      if (!R)
        return std::nullopt;
      Cond Res = BO->getOpcode() == BO_LAnd ? Cond::conj(*L, *R)
                                            : Cond::disj(*L, *R);
      if (Res.size() <= MaxCondSize)
        return Res;
      fail(AffineFailure::NotAffine, E);
      return std::nullopt;
    }
    if (BO->isComparisonOp())
      return buildComparison(BO);
  }
  // An integer used as a truth value: e != 0.
  std::optional<Piecewise> V = buildValue(E);
  if (!V)
    return std::nullopt;
  std::optional<Cond> R =
      comparePiecewise(*V, CompareOp::NE, makePiecewise(AffineExpr::constant(0)));
  if (!R)
    fail(AffineFailure::NotAffine, E);
  return R;
}

std::optional<Cond> AffineBuilder::buildComparison(const BinaryOperator *E) {
  static const std::pair<BinaryOperatorKind, CompareOp> Ops[] = {
      {BO_LT, CompareOp::LT}, {BO_LE, CompareOp::LE}, {BO_GT, CompareOp::GT},
      {BO_GE, CompareOp::GE}, {BO_EQ, CompareOp::EQ}, {BO_NE, CompareOp::NE}};
  std::optional<Piecewise> L = buildValue(E->getLHS());
  if (!L)
    return std::nullopt;
  std::optional<Piecewise> R = buildValue(E->getRHS());
  if (!R)
    return std::nullopt;
  for (const auto &[K, Op] : Ops) {
    if (K != E->getOpcode())
      continue;
    std::optional<Cond> C = comparePiecewise(*L, Op, *R);
    if (!C)
      fail(AffineFailure::NotAffine, E);
    return C;
  }
  fail(AffineFailure::NotAffine, E);
  return std::nullopt;
}

std::optional<AffineExpr> AffineBuilder::buildAffine(const Expr *E) {
  std::optional<Piecewise> P = buildValue(E);
  if (!P)
    return std::nullopt;
  if (P->size() == 1 && P->front().C.K == Cond::Kind::True)
    return P->front().E;
  fail(AffineFailure::NotAffine, E);
  return std::nullopt;
}

} // namespace hetile
