//===- LoopHeader.cpp - A for header -> iterator, start, step, bounds -----===//

#include "hetile/Frontend/LoopHeader.h"
#include "hetile/Frontend/NestWalker.h"
#include "hetile/Frontend/SourceText.h"

using namespace clang;

namespace hetile {

namespace {
/// Steps beyond this size are not modelled (keeps all arithmetic in range).
constexpr int64_t MaxStep = int64_t(1) << 40;

bool isIterRef(const Expr *E, const VarDecl *Iter) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == Iter;
}

std::optional<int64_t> evaluateStep(const ASTContext &Ctx, const Expr *E) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->getType()->isIntegerType() ||
      !E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects))
    return std::nullopt;
  const llvm::APSInt &V = R.Val.getInt();
  if (V.getSignificantBits() > 41)
    return std::nullopt;
  return V.getExtValue();
}

std::string quote(NestWalker &W, const Stmt *S) {
  return "'" + getQuotedText(W.getASTContext(), S) + "'";
}

bool readInit(NestWalker &W, const ForStmt *For, LoopHeader &H) {
  const Stmt *Init = For->getInit();
  if (!Init)
    return W.reject(RejectKind::UnsupportedLoop, For->getBeginLoc(),
                    "loop has no initialization of its iterator");
  if (const auto *DS = dyn_cast<DeclStmt>(Init)) {
    const auto *VD =
        DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!VD || !VD->getInit())
      return W.reject(RejectKind::UnsupportedLoop, Init->getBeginLoc(),
                      "loop initialization " + quote(W, Init) +
                          " does not initialize exactly one iterator");
    H.Iter = VD;
    H.Start = VD->getInit();
    H.DeclaredInHeader = true;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Init);
             BO && BO->getOpcode() == BO_Assign) {
    const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
    H.Iter = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    H.Start = BO->getRHS();
  }
  if (!H.Iter)
    return W.reject(RejectKind::UnsupportedLoop, Init->getBeginLoc(),
                    "loop initialization " + quote(W, Init) +
                        " is not of the form 'i = start'");
  QualType T = H.Iter->getType();
  if (!T->isIntegerType() || T->isBooleanType() || T->isEnumeralType() ||
      T.isVolatileQualified())
    return W.reject(RejectKind::UnsupportedType, Init->getBeginLoc(),
                    "iterator '" + H.Iter->getName().str() + "' has type '" +
                        T.getAsString(W.getASTContext().getPrintingPolicy()) + "'");
  return true;
}

/// The constant c of `i += c`, `i = i + c`, `i = c + i` (Sign 1) or `i -= c`,
/// `i = i - c` (Sign -1); Operand is c's expression. \p Type receives the
/// type the sum is computed in.
const Expr *matchStepOperand(const Expr *Inc, const VarDecl *Iter, int &Sign,
                             QualType &Type) {
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc)) {
    if (!isIterRef(CA->getLHS(), Iter))
      return nullptr;
    if (CA->getOpcode() != BO_AddAssign && CA->getOpcode() != BO_SubAssign)
      return nullptr;
    Sign = CA->getOpcode() == BO_AddAssign ? 1 : -1;
    Type = CA->getComputationResultType();
    return CA->getRHS();
  }
  const auto *BO = dyn_cast<BinaryOperator>(Inc);
  if (!BO || BO->getOpcode() != BO_Assign || !isIterRef(BO->getLHS(), Iter))
    return nullptr;
  const auto *Sum = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
    return nullptr;
  Sign = Sum->getOpcode() == BO_Add ? 1 : -1;
  Type = Sum->getType();
  if (isIterRef(Sum->getLHS(), Iter))
    return Sum->getRHS();
  if (Sign == 1 && isIterRef(Sum->getRHS(), Iter))
    return Sum->getLHS();
  return nullptr;
}

bool readStep(NestWalker &W, const ForStmt *For, LoopHeader &H) {
  const Expr *Inc = For->getInc();
  std::string IterName = "'" + H.Iter->getName().str() + "'";
  if (!Inc)
    return W.reject(RejectKind::UnsupportedLoop, For->getBeginLoc(),
                    "loop on " + IterName + " has no increment");
  Inc = Inc->IgnoreParens();
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc);
      UO && UO->isIncrementDecrementOp() && isIterRef(UO->getSubExpr(), H.Iter)) {
    H.Step = UO->isIncrementOp() ? 1 : -1;
    H.StepType = H.Iter->getType();
    return true;
  }
  int Sign = 1;
  const Expr *Operand = matchStepOperand(Inc, H.Iter, Sign, H.StepType);
  if (!Operand)
    return W.reject(RejectKind::UnsupportedLoop, Inc->getBeginLoc(),
                    "increment " + quote(W, Inc) + " does not step iterator " +
                        IterName + " by a constant");
  std::optional<int64_t> C = evaluateStep(W.getASTContext(), Operand);
  if (!C || *C > MaxStep || *C < -MaxStep)
    return W.reject(RejectKind::NonConstantStep, Inc->getBeginLoc(),
                    "step " + quote(W, Inc) + " is not a constant");
  if (*C == 0)
    return W.reject(RejectKind::NonConstantStep, Inc->getBeginLoc(),
                    "step " + quote(W, Inc) + " is zero");
  H.Step = Sign * *C;
  return true;
}
} // namespace

bool readLoopHeader(NestWalker &W, const ForStmt *For, LoopHeader &H) {
  if (For->getConditionVariable())
    return W.reject(RejectKind::UnsupportedLoop, For->getCond()->getBeginLoc(),
                    "loop condition declares a variable");
  return readInit(W, For, H) && readStep(W, For, H);
}

std::optional<Cond> readLoopStart(NestWalker &W, const LoopHeader &H,
                                  Piecewise &Value) {
  AffineBuilder B = W.makeAffineBuilder();
  std::optional<Piecewise> Start = B.buildValue(H.Start);
  if (!Start) {
    std::string Msg = "loop bound " + quote(W, H.Start) + " is not affine";
    W.rejectAffine(B.getError(), RejectKind::NonAffineBound, Msg,
                   RejectKind::NonAffineBound, Msg);
    return std::nullopt;
  }
  // The start is evaluated wherever the header runs.
  if (!W.checkRanges(B, W.currentDomain()))
    return std::nullopt;
  Cond R = Cond::makeFalse();
  for (const AffinePiece &P : *Start) {
    AffineExpr Dist = AffineExpr::variable(H.Iter); // i - start
    if (!Dist.add(P.E, -1)) {
      W.reject(RejectKind::NonAffineBound, H.Start->getBeginLoc(),
               "loop bound " + quote(W, H.Start) + " is too large");
      return std::nullopt;
    }
    AffineExpr Past = Dist; // >= 0 for the iterations the loop runs
    Past.scale(H.Step > 0 ? 1 : -1);
    Cond Piece = Cond::conj(P.C, Cond::nonNeg(Past));
    R = Cond::disj(std::move(R),
                   Cond::conj(std::move(Piece), Cond::divisible(Dist, H.Step)));
  }
  Value = std::move(*Start);
  return R;
}

} // namespace hetile
